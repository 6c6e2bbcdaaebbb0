import { fromCents, type ShippingQuote, type ShippingTable, toCents, ufOfCep } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { type Actor, recordChange } from '../audit/audit.service';
import * as repo from './shipping.repository';

export const NO_DELIVERY_MESSAGE = 'Ainda não entregamos neste CEP. Escolha a retirada na loja.';

/** A fee in cents and the delivery time in days. */
export interface Fee {
  priceCents: number;
  days: number;
}

export async function getTable(db: Db | Tx): Promise<ShippingTable> {
  const [rates, freeAbove] = await Promise.all([repo.listRates(db), repo.freeAboveCents(db)]);
  return {
    rates: rates.map((r) => ({
      uf: r.uf as ShippingTable['rates'][number]['uf'],
      price: fromCents(r.priceCents),
      days: r.days,
    })),
    freeAbove: freeAbove === null ? null : fromCents(freeAbove),
  };
}

/** Replaces the whole table in one transaction: a reader sees the old table or the new one. */
export const replaceTable = (db: Db, table: ShippingTable, actor: Actor): Promise<ShippingTable> =>
  db.transaction(async (tx) => {
    const before = await getTable(tx);
    await repo.replaceTable(
      tx,
      table.rates.map((r) => ({ uf: r.uf, priceCents: toCents(r.price), days: r.days })),
      table.freeAbove === null ? null : toCents(table.freeAbove),
    );
    const after = await getTable(tx);
    await recordChange(tx, actor, { action: 'update', entity: 'shipping', entityId: null, before, after });
    return after;
  });

/**
 * The delivery fee to a UF for products adding up to `subtotalCents`; free from the admin's
 * threshold on. Undefined when the UF is not delivered to. Takes a transaction so checkout
 * prices the order with the table it commits against.
 */
export async function feeFor(db: Db | Tx, uf: string, subtotalCents: number): Promise<Fee | undefined> {
  const [rate, freeAbove] = await Promise.all([repo.findRate(db, uf), repo.freeAboveCents(db)]);
  if (!rate) return undefined;
  const free = freeAbove !== null && subtotalCents >= freeAbove;
  return { priceCents: free ? 0 : rate.priceCents, days: rate.days };
}

/** GET /shipping/quote: what delivery to this CEP costs for this subtotal. */
export async function quote(db: Db, cep: string, subtotal: number): Promise<ShippingQuote> {
  const uf = ufOfCep(cep);
  const fee = uf ? await feeFor(db, uf, toCents(subtotal)) : undefined;
  if (!fee) throw new AppError(404, 'NO_DELIVERY', NO_DELIVERY_MESSAGE);
  return { price: fromCents(fee.priceCents), days: fee.days };
}
