import type { AddressInput, AddressView } from '@petshop/domain';
import type { Db } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/app-error';
import * as repo from './addresses.repository';

const NOT_FOUND = 'Endereço não encontrado.';
export const MAX_ADDRESSES_PER_USER = 20;

const invalidField = (field: string, message: string) =>
  new AppError(400, 'VALIDATION_ERROR', message, [{ field, message }]);

async function toValues(db: Db, input: AddressInput): Promise<repo.AddressValues> {
  if (!(await repo.stateExists(db, input.state_id))) throw invalidField('state_id', 'Estado não encontrado.');
  const cityState = await repo.stateOfCity(db, input.city_id);
  if (cityState === undefined) throw invalidField('city_id', 'Cidade não encontrada.');
  if (cityState !== input.state_id)
    throw invalidField('city_id', 'A cidade escolhida não pertence ao estado informado.');
  return {
    complement: input.complement,
    number: input.number,
    cep: input.cep,
    stateId: input.state_id,
    cityId: input.city_id,
  };
}

export const list = (db: Db, userId: number): Promise<AddressView[]> => repo.listOwn(db, userId);

/** Someone else's address is a 404, like one that does not exist. */
export async function get(db: Db, userId: number, id: number): Promise<AddressView> {
  const address = await repo.findOwn(db, userId, id);
  if (!address) throw notFound(NOT_FOUND);
  return address;
}

export async function create(db: Db, userId: number, input: AddressInput) {
  const values = await toValues(db, input);
  if ((await repo.countOwn(db, userId)) >= MAX_ADDRESSES_PER_USER) {
    throw conflict(`Você pode salvar no máximo ${MAX_ADDRESSES_PER_USER} endereços.`, 'ADDRESS_LIMIT');
  }
  const id = await repo.insertAddress(db, userId, values);
  if (id === undefined) throw new Error('insert returned nothing');
  return get(db, userId, id);
}

export async function update(db: Db, userId: number, id: number, input: AddressInput) {
  await get(db, userId, id);
  const values = await toValues(db, input);
  if (!(await repo.updateOwn(db, userId, id, values))) throw notFound(NOT_FOUND);
  return get(db, userId, id);
}

/** A real delete: orders keep their own copy of the address. */
export async function remove(db: Db, userId: number, id: number) {
  if (!(await repo.deleteOwn(db, userId, id))) throw notFound(NOT_FOUND);
}
