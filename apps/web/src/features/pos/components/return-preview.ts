import {
  fromCents,
  type PosReturnBody,
  type PosSaleView,
  returnedLineCents,
  splitRefund,
  toCents,
} from '@petshop/domain';

type SaleItem = PosSaleView['items'][number];
type Method = PosSaleView['payments'][number]['method'];

/** What the till asks back: units per sale line for products, whole lines for services and packages. */
export type ReturnPick = Record<number, number>;

export const leftOf = (item: SaleItem) => item.quantity - item.returnedQuantity;

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
 * The money back as the server computes it (the domain's returnedLineCents and splitRefund): each
 * returned unit pays back its price with the sale's discount shared out, a product's units taken
 * from its lines in order, and the sum is paid back by the sale's approved payments in order.
 */
export function refundPreview(sale: PosSaleView, body: PosReturnBody) {
  const amounts = { subtotalCents: toCents(sale.subtotal), totalCents: toCents(sale.total) };
  const paidFor = (item: SaleItem, quantity: number) => returnedLineCents(amounts, toCents(item.unitPrice), quantity);
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
  const sources = sale.payments.map((payment) => ({
    method: payment.method,
    paidCents: toCents(payment.amount),
    refundedCents: toCents(payment.refunded),
    refundable: payment.status === 'Aprovado',
  }));
  const byMethod = new Map<Method, number>();
  for (const { payment, cents } of splitRefund(total, sources))
    byMethod.set(payment.method, (byMethod.get(payment.method) ?? 0) + cents);
  return {
    total: fromCents(total),
    refunds: [...byMethod].map(([method, cents]) => ({ method, amount: fromCents(cents) })),
  };
}
