import { addDays, businessMoment, CYCLE_STATUS } from '@petshop/domain';
import type { Tx } from '../../db/client';
import type { ChargeOutcomes } from '../payments/payment-settlement';
import { attemptFailed, suspend } from './cycle-failures';
import * as cycles from './cycles.repository';
import * as repo from './plans.repository';
import { MAX_ATTEMPTS, RETRY_WINDOW_DAYS } from './subscription-charging';
import { releaseDate } from './subscription-series';

/** Money of a paid cycle went back: the cycle ends and its appointment still to come is freed, once. */
async function moneyBack(tx: Tx, paymentId: number, failure: string) {
  const cycle = await cycles.findCycleByPayment(tx, paymentId);
  if (!cycle) return undefined;
  const sub = await repo.lockSubscription(tx, cycle.subscriptionId);
  const moved =
    sub && (await cycles.moveCycle(tx, cycle.id, [CYCLE_STATUS.paid], { status: CYCLE_STATUS.cancelled, failure }));
  if (!sub || !moved) return undefined;
  const now = businessMoment();
  if (cycle.dueOn >= now.date) await releaseDate(tx, sub, cycle.dueOn, now);
  return moved;
}

/**
 * What a plan cycle's payment does to the cycle (registered with payments as the owner of
 * 'subscription_cycle'): each runs in the transaction that moved the payment, so payment and cycle
 * move together. No PSP is called here; a Pix Automático charge to cancel is only ever a Pix
 * subscription's, whose failures the plans module handles itself.
 */
export const cycleChargeOutcomes: ChargeOutcomes = {
  async paid(tx, paymentId) {
    const cycle = await cycles.findCycleByPayment(tx, paymentId);
    if (!cycle) return;
    await cycles.moveCycle(tx, cycle.id, [CYCLE_STATUS.charged, CYCLE_STATUS.failed, CYCLE_STATUS.pending], {
      status: CYCLE_STATUS.paid,
      retryOn: null,
    });
  },
  /** a card charge pending at the PSP (in review) that it refused or let expire: a failed attempt */
  async expired(tx, paymentId) {
    const cycle = await cycles.findCycleByPayment(tx, paymentId);
    if (!cycle || cycle.status !== CYCLE_STATUS.charged) return;
    const now = businessMoment();
    const retryOn = addDays(now.date, 1);
    const canRetry = cycle.attempts < MAX_ATTEMPTS && retryOn <= addDays(cycle.dueOn, RETRY_WINDOW_DAYS);
    await attemptFailed(
      tx,
      cycle,
      [CYCLE_STATUS.charged],
      { attempts: cycle.attempts, failure: 'Cartão recusado', retryOn: canRetry ? retryOn : null },
      now,
    );
  },
  /** the whole of what the cycle paid going back ends the cycle (a part keeps it paid) */
  async refunding(tx, paymentId, share) {
    if (share.refundedCents + share.amountCents >= share.paidCents)
      await moneyBack(tx, paymentId, 'Reembolsada pela loja');
  },
  async refunded() {},
  async refundedAtPsp(tx, paymentId) {
    await moneyBack(tx, paymentId, 'Reembolsada no cartão');
  },
  /** a dispute suspends the plan as its last failed charge would; the customer and the admins are told */
  async chargedBack(tx, paymentId) {
    const moved = await moneyBack(tx, paymentId, 'Contestada no cartão');
    if (moved) await suspend(tx, moved, businessMoment(), true);
  },
};
