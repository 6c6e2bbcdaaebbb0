import type { PosReturnBody, PosSaleView } from '@petshop/domain';

type SaleItem = PosSaleView['items'][number];
type Method = PosSaleView['payments'][number]['method'];

/** What the till asks back: units per sale line for products, whole lines for services and packages. */
export type ReturnPick = Record<number, number>;

export const leftOf = (item: SaleItem) => item.quantity - item.returnedQuantity;
const cents = (reais: number) => Math.round(reais * 100);

/** The request body: a product's units summed over its lines, a service or package by its line. */
export function returnBody(sale: PosSaleView, pick: ReturnPick): PosReturnBody {
  const units = new Map<number, number>();
  const items: PosReturnBody['items'] = [];
  for (const item of sale.items) {
    const quantity = Math.min(pick[item.id] ?? 0, leftOf(item));
    if (quantity <= 0) continue;
    if (item.kind === 'produto' && item.productId !== null)
      units.set(item.productId, (units.get(item.productId) ?? 0) + quantity);
    else items.push({ saleItemId: item.id });
  }
  return { items: [...[...units].map(([productId, quantity]) => ({ productId, quantity })), ...items] };
}

/**
 * The money back as the server computes it: each returned unit pays back its price with the sale's
 * discount shared out, a product's units taken from its lines in order, and the sum is paid back by
 * the sale's approved payments in order, each up to what it has not given back yet.
 */
export function refundPreview(sale: PosSaleView, body: PosReturnBody) {
  const subtotal = cents(sale.subtotal);
  const paidFor = (item: SaleItem, quantity: number) =>
    subtotal === 0 ? 0 : Math.round((cents(item.unitPrice) * quantity * cents(sale.total)) / subtotal);
  let total = 0;
  for (const wanted of body.items) {
    if ('saleItemId' in wanted) {
      const item = sale.items.find((i) => i.id === wanted.saleItemId);
      if (item) total += paidFor(item, leftOf(item));
      continue;
    }
    let rest = wanted.quantity;
    for (const item of sale.items.filter((i) => i.productId === wanted.productId)) {
      const take = Math.min(rest, leftOf(item));
      if (take <= 0) continue;
      total += paidFor(item, take);
      rest -= take;
    }
  }
  const byMethod = new Map<Method, number>();
  let rest = total;
  for (const payment of sale.payments) {
    if (rest === 0) break;
    if (payment.status !== 'Aprovado') continue;
    const part = Math.min(rest, cents(payment.amount) - cents(payment.refunded));
    if (part <= 0) continue;
    byMethod.set(payment.method, (byMethod.get(payment.method) ?? 0) + part);
    rest -= part;
  }
  return { total: total / 100, refunds: [...byMethod].map(([method, part]) => ({ method, amount: part / 100 })) };
}
