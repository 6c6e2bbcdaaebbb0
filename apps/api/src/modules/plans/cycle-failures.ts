import { type BusinessMoment, CYCLE_STATUS, PAYMENT_STATUS, SUBSCRIPTION_STATUS } from '@petshop/domain';
import type { Tx } from '../../db/client';
import * as messages from '../messages/messages.service';
import { closeCycleCharge } from '../payments/plan-payments';
import { listAdminIds, messageRecipient } from '../users/users.service';
import * as cycles from './cycles.repository';
import * as repo from './plans.repository';
import { releaseFuture } from './subscription-series';

type CustomerNotice = 'subscription-charge-failed' | 'subscription-suspended';

async function payloadOf(tx: Tx, cycle: cycles.CycleRow, retryOn: string | null) {
  const view = await repo.findView(tx, cycle.subscriptionId);
  if (!view) return undefined;
  return {
    userId: view.subscription.userId,
    payload: {
      subscriptionId: view.subscription.id,
      planName: view.planName,
      petName: view.petName,
      dueOn: cycle.dueOn,
      amountCents: cycle.amountCents,
      paymentMethod: view.subscription.paymentMethod,
      retryOn,
    },
  };
}

/** The customer is told of a failed charge (with its retry date) or of the suspension, once per attempt. */
export async function tellCustomer(
  tx: Tx,
  cycle: cycles.CycleRow,
  kind: CustomerNotice,
  retryOn: string | null,
  chargedBack = false,
) {
  const about = await payloadOf(tx, cycle, retryOn);
  if (!about) return;
  await messages.enqueue(tx, {
    kind,
    to: await messageRecipient(tx, about.userId),
    eventKey: `${kind}:${cycle.id}:${chargedBack ? 'contestacao' : cycle.attempts}`,
    payload: { ...about.payload, ...(chargedBack ? { chargedBack } : {}) },
  });
}

/** A cycle's card payment disputed with the bank: every admin is told, once. */
async function tellAdmins(tx: Tx, cycle: cycles.CycleRow) {
  const about = await payloadOf(tx, cycle, null);
  if (!about) return;
  for (const adminId of await listAdminIds(tx)) {
    await messages.enqueue(tx, {
      kind: 'subscription-charged-back',
      to: await messageRecipient(tx, adminId),
      eventKey: `subscription-charged-back:${cycle.id}:${adminId}`,
      payload: about.payload,
    });
  }
}

/**
 * Suspends an active subscription (its last charge failed, or its money was disputed): future
 * appointments released, open cycles cancelled with their waiting charges, the customer told (and,
 * for a dispute, the admins). Returns the Pix Automático charges to cancel at the PSP once the
 * transaction has committed (never inside it).
 */
export async function suspend(tx: Tx, cycle: cycles.CycleRow, now: BusinessMoment, chargedBack = false) {
  const sub = await repo.lockSubscription(tx, cycle.subscriptionId);
  if (chargedBack) await tellAdmins(tx, cycle);
  if (!sub || sub.status !== SUBSCRIPTION_STATUS.active) return [];
  await repo.setSubscription(tx, sub.id, { status: SUBSCRIPTION_STATUS.suspended });
  await releaseFuture(tx, sub, now, true);
  await tellCustomer(tx, cycle, 'subscription-suspended', null, chargedBack);
  const cancelled: string[] = [];
  for (const open of await cycles.openCyclesFrom(tx, sub.id, now.date)) {
    const moved = await cycles.moveCycle(tx, open.id, [CYCLE_STATUS.pending, CYCLE_STATUS.charged], {
      status: CYCLE_STATUS.cancelled,
    });
    if (moved?.paymentId) await closeCycleCharge(tx, moved.paymentId, PAYMENT_STATUS.cancelled);
    if (moved && open.status === CYCLE_STATUS.charged && !sub.cardId) cancelled.push(open.txid);
  }
  return cancelled;
}

/**
 * One attempt of a cycle failed: with a retry date, the customer is told when it comes; without,
 * this was the last one and the subscription is suspended. The cycle's waiting charge in the
 * ledger closes as refused when no retry of it is left. Returns the charges to cancel at the PSP.
 */
export async function attemptFailed(
  tx: Tx,
  cycle: cycles.CycleRow,
  from: readonly string[],
  attempt: { attempts: number; failure: string; retryOn: string | null; paymentId?: number | null },
  now: BusinessMoment,
) {
  const moved = await cycles.moveCycle(tx, cycle.id, from, {
    status: CYCLE_STATUS.failed,
    attempts: attempt.attempts,
    retryOn: attempt.retryOn,
    failure: attempt.failure,
    ...(attempt.paymentId ? { paymentId: attempt.paymentId } : {}),
  });
  if (!moved) return undefined;
  if (attempt.retryOn) {
    await tellCustomer(tx, moved, 'subscription-charge-failed', attempt.retryOn);
    return { moved, cancel: [] };
  }
  if (moved.paymentId) await closeCycleCharge(tx, moved.paymentId, PAYMENT_STATUS.declined);
  return { moved, cancel: await suspend(tx, moved, now) };
}
