/** A payment of a multi-method sale as a refund sees it: what it paid, what went back, whether it may give more. */
export interface RefundSource {
  paidCents: number;
  refundedCents: number;
  /** approved (or partly given back): a pending or cancelled payment gives nothing back */
  refundable: boolean;
}

/**
 * What a returned line paid, in cents: its gross with the sale's discount shared out in proportion
 * (rounded to the cent).
 */
export const returnedLineCents = (
  sale: { subtotalCents: number; totalCents: number },
  unitPriceCents: number,
  quantity: number,
) => (sale.subtotalCents === 0 ? 0 : Math.round((unitPriceCents * quantity * sale.totalCents) / sale.subtotalCents));

/**
 * How much of `amountCents` goes back by each payment of a sale: the payments in the order they
 * were made, each up to what it paid and has not given back yet, skipping those that may not give
 * back. Whatever the payments cannot cover is left out (the caller's total is what they paid).
 */
export function splitRefund<P extends RefundSource>(amountCents: number, payments: readonly P[]) {
  const parts: { payment: P; cents: number }[] = [];
  let rest = amountCents;
  for (const payment of payments) {
    if (rest <= 0) break;
    if (!payment.refundable) continue;
    const cents = Math.min(rest, payment.paidCents - payment.refundedCents);
    if (cents <= 0) continue;
    parts.push({ payment, cents });
    rest -= cents;
  }
  return parts;
}
