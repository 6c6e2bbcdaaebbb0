import { PAYMENT_STATUS } from '@petshop/domain';
import * as attempts from './card-attempts.repository';
import { applyCardPayment, type CardSettlementDeps, closeWaiting } from './card-settlement';
import type { MpPayment } from './mercado-pago-client';
import { PspUnavailableError } from './pix-api-client';
import * as repo from './settlement.repository';

const CHARGED = ['approved', 'authorized'];
const WAITING = ['pending', 'in_process'];

/**
 * A card payment left in flight by a process that died between the order's two transactions, by
 * what the PSP holds under the order's reference, once: charged → the PSP's payment is written on
 * it and recorded as received, the order is paid and kept; pending (review, 3-D Secure) → written
 * on it, it waits as any pending card; nothing charged → the payment expires and the order with it
 * (stock back, the customer told). False when the order has no payment in flight.
 */
export async function settleInFlight(deps: CardSettlementDeps, orderId: number, found: readonly MpPayment[]) {
  const charge = await repo.findInFlightCardOf(deps.db, orderId);
  if (!charge) return false;
  const ours = found.filter((payment) => String(payment.external_reference ?? '') === String(orderId));
  const live =
    ours.find((payment) => CHARGED.includes(payment.status)) ??
    ours.find((payment) => WAITING.includes(payment.status));
  if (!live) {
    await closeWaiting(deps, charge, PAYMENT_STATUS.expired);
    deps.log.warn({ orderId }, 'card checkout cut before the PSP charged: order expired, stock back');
    return true;
  }
  const pspPaymentId = String(live.id);
  const attached = await repo.attachPspPayment(deps.db, charge.id, {
    pspPaymentId,
    installments: live.installments ?? null,
    cardBrand: live.payment_method_id ?? null,
    cardLastFour: live.card?.last_four_digits ?? null,
  });
  if (attached) await applyCardPayment(deps, { ...charge, pspPaymentId }, live);
  deps.log.warn({ orderId, pspPaymentId }, 'card checkout cut after the PSP was asked: settled by its word');
  return true;
}

/** An attempt is looked at once its transaction must have ended, and given up after a day. */
const ATTEMPT_SETTLED_MS = 60_000;
const ATTEMPT_GIVEN_UP_MS = 86_400_000;

/**
 * Card charges asked for an order whose checkout did not end, asked at the PSP by external_reference
 * once the request must have ended. An order whose payment is still in flight (its process died
 * between the two transactions) is settled by the PSP's word (settleInFlight). Any approved charge
 * that no payment of ours records (an order withdrawn after no answer came in time) is refunded in
 * full at the PSP (its key is the PSP's payment id, so never twice): the money must not stay with
 * the shop. Answers how many it refunded or settled.
 */
export async function reconcileCardAttempts(deps: CardSettlementDeps, now = new Date(), limit = 100) {
  let refunded = 0;
  let settled = 0;
  for (const attempt of await attempts.listOpen(deps.db, new Date(now.getTime() - ATTEMPT_SETTLED_MS), limit)) {
    let waiting = false;
    try {
      const found = await deps.cards.searchByReference(String(attempt.orderId));
      if (await settleInFlight(deps, attempt.orderId, found)) {
        await attempts.markChecked(deps.db, attempt.orderId);
        settled += 1;
        continue;
      }
      for (const payment of found) {
        if (String(payment.external_reference ?? '') !== String(attempt.orderId)) continue;
        if (await attempts.isRecorded(deps.db, String(payment.id))) continue;
        if (payment.status === 'approved') {
          await deps.cards.refund(String(payment.id), undefined, `sem-pedido-${payment.id}`);
          deps.log.warn(
            { orderId: attempt.orderId, pspPaymentId: payment.id },
            'card charge approved without an order: refunded',
          );
          refunded += 1;
        } else if (['pending', 'in_process', 'authorized'].includes(payment.status)) {
          waiting = true;
        }
      }
    } catch (error) {
      if (!(error instanceof PspUnavailableError)) throw error;
      deps.log.warn('card PSP unavailable while checking card attempts; trying again on the next run');
      break;
    }
    if (!waiting || now.getTime() - attempt.createdAt.getTime() > ATTEMPT_GIVEN_UP_MS)
      await attempts.markChecked(deps.db, attempt.orderId);
  }
  return refunded + settled;
}
