import { DELIVERY_METHOD, type PayBody, type PaymentMethod } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import * as addresses from '../addresses/addresses.service';
import type * as payments from '../payments/payments.service';
import { feeFor, NO_DELIVERY_MESSAGE } from '../shipping/shipping.service';
import * as users from '../users/users.service';

export const CART_NOT_FOUND = 'Carrinho não encontrado.';
const ADDRESS_NOT_FOUND = 'Endereço não encontrado.';

export type Address = NonNullable<Awaited<ReturnType<typeof addresses.findForDelivery>>>;

/** Pickup ignores any address sent; delivery needs one of the caller's (the body schema enforces it). */
export async function deliveryAddress(
  db: Db | Tx,
  userId: number,
  { addressId, deliveryMethod }: PayBody,
): Promise<Address | undefined> {
  if (deliveryMethod !== DELIVERY_METHOD.delivery) return undefined;
  const address = addressId !== undefined ? await addresses.findForDelivery(db, userId, addressId) : undefined;
  if (!address) throw notFound(ADDRESS_NOT_FOUND);
  return address;
}

/** The fee from the shop's table by the address's UF (free above the shop's value; pickup is free). */
export async function shippingCents(db: Db | Tx, address: Address | undefined, itemsCents: number): Promise<number> {
  if (!address) return 0;
  const fee = await feeFor(db, address.uf, itemsCents);
  if (!fee) throw conflict(NO_DELIVERY_MESSAGE, 'NO_DELIVERY');
  return fee.priceCents;
}

const BOLETO_NEEDS_ADDRESS = 'Para pagar com boleto, cadastre um endereço: o banco registra o boleto com ele.';

/** Who pays, as the card PSP asks for it; a boleto also needs an address the bank registers. */
export async function payerOf(
  db: Db | Tx,
  userId: number,
  address: Address | undefined,
  method: PaymentMethod,
): Promise<payments.Payer> {
  const person = await users.findPayer(db, userId);
  if (!person) throw notFound(CART_NOT_FOUND);
  const where = address ?? (method === 'Boleto' ? await addresses.findLatestForBilling(db, userId) : undefined);
  if (method === 'Boleto' && !where) throw badRequest(BOLETO_NEEDS_ADDRESS, 'ADDRESS_REQUIRED');
  return {
    email: person.email,
    name: person.name,
    cpf: person.cpf,
    ...(where && {
      address: {
        cep: where.cep,
        street: where.street,
        number: where.number,
        district: where.district,
        city: where.city,
        uf: where.uf,
      },
    }),
  };
}
