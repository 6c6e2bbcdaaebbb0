import { type CardPayment, PAYMENT_STATUS, type PaymentMethod, type PaymentResult } from '@petshop/domain';
import type { Tx } from '../../db/client';
import { authoriseCard, claimInFlightCard, dropInFlightCard, recordCardAnswer } from '../payments/card-charge';

import * as payments from '../payments/payments.service';
import * as lifecycle from './order-lifecycle';
import * as repo from './orders.repository';

/** An order placed 'Aguardando pagamento' with its stock taken and its card payment in flight (tx 1). */
export interface HeldCard {
  orderId: number;
  paymentId: number;
  method: PaymentMethod;
  totalCents: number;
  card: CardPayment;
  payer: payments.Payer;
}

/**
 * The card PSP is asked for an order whose first transaction committed, with no lock held, and its
 * answer is written in a second short one: approved → paid, pending → waiting (3-D Secure, review).
 * Refused, invalid or unanswered: the order is withdrawn (stock back, `undo` puts the rest back: the
 * cart, a package's purchase) and the PSP's error is the answer. A process that dies in between
 * leaves the payment in flight for reconciliation to settle by the order's reference.
 */
export async function chargeHeldCard(
  ctx: payments.PayContext,
  held: HeldCard,
  undo: (tx: Tx) => Promise<void>,
): Promise<PaymentResult> {
  let charge: payments.Issued;
  try {
    charge = await authoriseCard(ctx, held.method, held.totalCents, held.card, held.payer, held.orderId);
  } catch (error) {
    await ctx.db.transaction(async (tx) => {
      if (!(await claimInFlightCard(tx, held.paymentId))) return;
      await undo(tx);
      await lifecycle.withdraw(tx, held.orderId);
      await dropInFlightCard(tx, held.paymentId);
    });
    throw error;
  }
  const order = await ctx.db.transaction(async (tx) => {
    if (await recordCardAnswer(tx, held.paymentId, charge))
      await lifecycle.cardAnswered(tx, held.orderId, charge.status === PAYMENT_STATUS.approved);
    return repo.findByPayment(tx, held.paymentId);
  });
  if (!order) throw new Error(`order ${held.orderId} of a charged card is gone`);
  return { payment: payments.paymentView({ id: held.paymentId, method: held.method, ...charge }), order };
}
