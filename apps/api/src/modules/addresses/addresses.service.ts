import { type AddressInput, type AddressView, ufOfCep } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { conflict, fieldError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import * as repo from './addresses.repository';

const NOT_FOUND = 'Endereço não encontrado.';
const MAX_ADDRESSES_PER_USER = 20;

/**
 * The checks of an address's place: the state exists, the city belongs to it and so does the CEP.
 * Stores' addresses (POST/PUT /stores) are checked by the same rules.
 */
export async function requireValidPlace(db: Db | Tx, input: Pick<AddressInput, 'state_id' | 'city_id' | 'cep'>) {
  const uf = await repo.ufOfState(db, input.state_id);
  if (uf === undefined) throw fieldError('state_id', 'Estado não encontrado.');
  const cityState = await repo.stateOfCity(db, input.city_id);
  if (cityState === undefined) throw fieldError('city_id', 'Cidade não encontrada.');
  if (cityState !== input.state_id) throw fieldError('city_id', 'A cidade escolhida não pertence ao estado informado.');
  // The delivery fee is priced by the CEP's UF: a CEP of another state would be charged wrongly.
  if (ufOfCep(input.cep) !== uf) throw fieldError('cep', `Este CEP não é de ${uf}. Confira o CEP ou o estado.`);
}

async function toValues(db: Db, input: AddressInput): Promise<repo.AddressValues> {
  await requireValidPlace(db, input);
  return {
    street: input.street,
    number: input.number,
    complement: input.complement,
    district: input.district,
    cep: input.cep,
    stateId: input.state_id,
    cityId: input.city_id,
  };
}

export const list = (db: Db, auth: AuthUser): Promise<AddressView[]> => repo.listOwn(db, auth.id);

/** Someone else's address is a 404, like one that does not exist. */
export async function get(db: Db, auth: AuthUser, id: number): Promise<AddressView> {
  const address = await repo.findOwn(db, auth.id, id);
  if (!address) throw notFound(NOT_FOUND);
  return address;
}

export async function create(db: Db, auth: AuthUser, input: AddressInput) {
  const values = await toValues(db, input);
  if ((await repo.countOwn(db, auth.id)) >= MAX_ADDRESSES_PER_USER) {
    throw conflict(`Você pode salvar no máximo ${MAX_ADDRESSES_PER_USER} endereços.`, 'ADDRESS_LIMIT');
  }
  const id = await repo.insertAddress(db, auth.id, values);
  if (id === undefined) throw new Error('insert returned nothing');
  return get(db, auth, id);
}

export async function update(db: Db, auth: AuthUser, id: number, input: AddressInput) {
  await get(db, auth, id);
  const values = await toValues(db, input);
  if (!(await repo.updateOwn(db, auth.id, id, values))) throw notFound(NOT_FOUND);
  return get(db, auth, id);
}

/** A real delete: orders keep their own copy of the address. */
export async function remove(db: Db, auth: AuthUser, id: number) {
  if (!(await repo.deleteOwn(db, auth.id, id))) throw notFound(NOT_FOUND);
}

/** One of the user's addresses as a delivery needs it (city name and UF), or nothing. */
export const findForDelivery = (db: Db | Tx, userId: number, addressId: number) =>
  repo.findForDelivery(db, userId, addressId);

/** LGPD erasure, in the account deletion's transaction. */
export const forget = async (tx: Tx, userId: number) => {
  await repo.deleteAllOf(tx, userId);
};

/** LGPD export. */
export const exportOf = (db: Db, userId: number) => repo.exportOf(db, userId);

/** The user's newest address, for a boleto the bank registers with one. */
export const findLatestForBilling = (db: Db | Tx, userId: number) => repo.findLatestForBilling(db, userId);
