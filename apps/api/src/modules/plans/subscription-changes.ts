import {
  type BusinessMoment,
  businessMoment,
  type ChangeWeekdayBody,
  CYCLE_STATUS,
  PAYMENT_STATUS,
  SUBSCRIPTION_STATUS,
} from '@petshop/domain';
import type { Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { type Actor, recordChange } from '../audit/audit.service';
import { closeCycleCharge } from '../payments/plan-payments';
import * as cycles from './cycles.repository';
import * as repo from './plans.repository';
import { isStaff, SUBSCRIPTION_NOT_FOUND, viewOf } from './plans.service';
import type { PlansDeps } from './plans-deps';
import { anchorFor, bookAhead, releaseFuture } from './subscription-series';

async function lockOwn(tx: Tx, auth: AuthUser, id: number) {
  const sub = await repo.lockSubscription(tx, id);
  if (!sub || (!isStaff(auth) && sub.userId !== auth.id)) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return sub;
}

/** A staff member acting on a customer's subscription is recorded in the audit log. */
async function audit(
  tx: Tx,
  actor: Actor | undefined,
  action: string,
  before: repo.SubscriptionRow,
  after: Partial<repo.SubscriptionRow>,
) {
  if (!actor) return;
  const pick = (row: Partial<repo.SubscriptionRow>) => ({ status: row.status, weekday: row.weekday, time: row.time });
  await recordChange(tx, actor, {
    action,
    entity: 'subscription',
    entityId: before.id,
    before: pick(before),
    after: pick({ ...before, ...after }),
  });
}

const wrongState = (status: string, action: string) =>
  conflict(`Não é possível ${action} uma assinatura com status "${status}".`, 'INVALID_SUBSCRIPTION_STATE');

/** Charges at the PSP that must not go on (pause, cancel): cancelled after the change commits. */
async function cancelCharges(deps: PlansDeps, txids: string[], idRec?: string | null) {
  for (const txid of txids) {
    await deps.payments.recurrences.cancelCharge(txid).catch((error: unknown) => {
      deps.log.warn({ err: error, txid }, 'could not cancel a recurring charge at the PSP');
    });
  }
  if (idRec) {
    await deps.payments.recurrences.cancel(idRec).catch((error: unknown) => {
      deps.log.warn({ err: error, idRec }, 'could not cancel a recurrence at the PSP');
    });
  }
}

async function closeOpenCycles(tx: Tx, sub: repo.SubscriptionRow, now: BusinessMoment) {
  const open = await cycles.openCyclesFrom(tx, sub.id, now.date);
  const txids: string[] = [];
  for (const cycle of open) {
    const moved = await cycles.moveCycle(tx, cycle.id, [CYCLE_STATUS.pending, CYCLE_STATUS.charged], {
      status: CYCLE_STATUS.cancelled,
    });
    // Its charge will not be paid here any more: the ledger says so too.
    if (moved?.paymentId) await closeCycleCharge(tx, moved.paymentId, PAYMENT_STATUS.cancelled);
    if (moved && cycle.status === CYCLE_STATUS.charged && !sub.cardId) txids.push(cycle.txid);
  }
  return txids;
}

/** A pause frees the future appointments and stops the charges until resumed. */
export async function pause(deps: PlansDeps, auth: AuthUser, id: number, actor?: Actor, instant = new Date()) {
  const now = businessMoment(instant);
  const txids = await deps.db.transaction(async (tx) => {
    const sub = await lockOwn(tx, auth, id);
    if (sub.status !== SUBSCRIPTION_STATUS.active) throw wrongState(sub.status, 'pausar');
    await releaseFuture(tx, sub, now, true);
    await repo.setSubscription(tx, id, { status: SUBSCRIPTION_STATUS.paused });
    await audit(tx, actor, 'pause', sub, { status: SUBSCRIPTION_STATUS.paused });
    return closeOpenCycles(tx, sub, now);
  });
  await cancelCharges(deps, txids);
  return viewOf(deps.db, id, now);
}

/** Back from a pause or a suspension: books ahead again from today. */
export async function resume(deps: PlansDeps, auth: AuthUser, id: number, actor?: Actor, instant = new Date()) {
  const now = businessMoment(instant);
  await deps.db.transaction(async (tx) => {
    const sub = await lockOwn(tx, auth, id);
    if (sub.status !== SUBSCRIPTION_STATUS.paused && sub.status !== SUBSCRIPTION_STATUS.suspended) {
      throw wrongState(sub.status, 'retomar');
    }
    const status =
      sub.recStatus === 'APROVADA' || sub.cardId ? SUBSCRIPTION_STATUS.active : SUBSCRIPTION_STATUS.awaiting;
    await releaseFuture(tx, sub, now, true);
    const anchorDate = anchorFor(sub.weekday, sub.time, now);
    await repo.setSubscription(tx, id, { status, anchorDate });
    await audit(tx, actor, 'resume', sub, { status });
    await bookAhead(tx, { ...sub, status, anchorDate }, now);
  });
  return viewOf(deps.db, id, now);
}

/** Cancels for good: every future appointment is freed, open charges and the recurrence cancelled at the PSP. */
export async function cancel(deps: PlansDeps, auth: AuthUser, id: number, actor?: Actor, instant = new Date()) {
  const now = businessMoment(instant);
  const { txids, idRec } = await deps.db.transaction(async (tx) => {
    const sub = await lockOwn(tx, auth, id);
    if (sub.status === SUBSCRIPTION_STATUS.cancelled) throw wrongState(sub.status, 'cancelar');
    await releaseFuture(tx, sub, now, false);
    await repo.setSubscription(tx, id, { status: SUBSCRIPTION_STATUS.cancelled });
    await audit(tx, actor, 'cancel', sub, { status: SUBSCRIPTION_STATUS.cancelled });
    return { txids: await closeOpenCycles(tx, sub, now), idRec: sub.idRec };
  });
  await cancelCharges(deps, txids, idRec);
  return viewOf(deps.db, id, now);
}

/** Another weekday (and time): the future appointments move to the new series. */
export async function changeWeekday(
  deps: PlansDeps,
  auth: AuthUser,
  id: number,
  input: ChangeWeekdayBody,
  actor?: Actor,
  instant = new Date(),
) {
  const now = businessMoment(instant);
  const txids = await deps.db.transaction(async (tx) => {
    const sub = await lockOwn(tx, auth, id);
    if (sub.status === SUBSCRIPTION_STATUS.cancelled) throw wrongState(sub.status, 'alterar');
    const time = input.time ?? sub.time;
    const anchorDate = anchorFor(input.weekday, time, now);
    await releaseFuture(tx, sub, now, true);
    await repo.setSubscription(tx, id, { weekday: input.weekday, time, anchorDate });
    await audit(tx, actor, 'weekday', sub, { weekday: input.weekday, time });
    const cancelled = await closeOpenCycles(tx, sub, now);
    if (sub.status === SUBSCRIPTION_STATUS.active || sub.status === SUBSCRIPTION_STATUS.awaiting) {
      await bookAhead(tx, { ...sub, weekday: input.weekday, time, anchorDate }, now);
    }
    return cancelled;
  });
  await cancelCharges(deps, txids);
  return viewOf(deps.db, id, now);
}
