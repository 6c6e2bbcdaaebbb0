import { CYCLE_STATUS, type RefundBody, type RefundResult } from '@petshop/domain';
import { AppError, conflict, notFound } from '../../lib/app-error';
import { type Actor, recordChange } from '../audit/audit.service';
import { findCycleCharge } from '../payments/plan-payments';
import * as cycles from './cycles.repository';
import type { PlansDeps } from './plans-deps';

const CYCLE_NOT_FOUND = 'Ciclo não encontrado nesta assinatura.';
const NOT_PAID = 'Só um ciclo pago pode ser reembolsado.';
const NOTHING_LEFT = ['ALREADY_REFUNDED', 'NOT_REFUNDABLE'];

/**
 * An admin gives back all or part of what a paid cycle brought in, through the payments module:
 * a card refund or a Pix devolução, once per Idempotency-Key. The whole of it ends the cycle and
 * frees its appointment still to come (the cycle's outcomes).
 */
export async function refundCycle(
  deps: PlansDeps,
  actor: Actor,
  subscriptionId: number,
  cycleId: number,
  body: RefundBody,
  requestKey: string | undefined,
): Promise<RefundResult> {
  const cycle = await cycles.findCycle(deps.db, cycleId);
  if (!cycle || cycle.subscriptionId !== subscriptionId) throw notFound(CYCLE_NOT_FOUND);
  const payment = cycle.paymentId ? await findCycleCharge(deps.db, cycle.paymentId) : undefined;
  // A retried request whose refund ended the cycle answers that refund again.
  const refundedBefore = cycle.status === CYCLE_STATUS.cancelled && payment && payment.refundedCents > 0;
  if (!payment || (cycle.status !== CYCLE_STATUS.paid && !(refundedBefore && requestKey))) {
    throw conflict(NOT_PAID, 'CYCLE_NOT_PAID');
  }
  let result: RefundResult;
  try {
    result = await deps.payments.refund(actor.userId, payment.id, body, requestKey);
  } catch (error) {
    // A new request for a cycle whose money all went back: nothing left to refund.
    if (cycle.status !== CYCLE_STATUS.paid && error instanceof AppError && NOTHING_LEFT.includes(error.code))
      throw conflict(NOT_PAID, 'CYCLE_NOT_PAID');
    throw error;
  }
  await deps.db.transaction((tx) =>
    recordChange(tx, actor, {
      action: 'refund',
      entity: 'subscription',
      entityId: subscriptionId,
      before: { cycleId, refund: null },
      after: { cycleId, refund: result.refund },
    }),
  );
  return result;
}
