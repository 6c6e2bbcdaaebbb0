import {
  addDays,
  type BusinessMoment,
  bookingHorizon,
  businessMoment,
  CYCLE_STATUS,
  PAYMENT_STATUS,
  SUBSCRIPTION_STATUS,
} from '@petshop/domain';
import { recordCycleCharge } from '../payments/plan-payments';
import { PspUnavailableError } from '../payments/psp-errors';
import { attemptFailed } from './cycle-failures';
import * as cycles from './cycles.repository';
import * as repo from './plans.repository';
import type { PlansDeps } from './plans-deps';
import * as dates from './subscription-dates.repository';
import { bookAhead } from './subscription-series';

/**
 * Each cycle of a Pix Automático subscription is a recurring charge (/cobr) sent 2 to 10 days before
 * its date, as the Banco Central's rules ask; the payer's bank settles it on the date. A rejected
 * attempt is retried per the recurrence's policy (PERMITE_3R_7D: up to 3 more attempts within 7 days
 * of the date); after the last one the subscription is suspended, the customer told, and its future
 * appointments released. Every step is a status move guarded in SQL, so a second run, or another
 * instance, finds nothing left to do. Each charge at the PSP is a payments row (owner
 * 'subscription_cycle'), written after the PSP answered, never while a transaction is open.
 */
export const CHARGE_DAYS_BEFORE = { earliest: 10, latest: 2 } as const;
export const MAX_ATTEMPTS = 4;
export const RETRY_WINDOW_DAYS = 7;
const BATCH = 500;

/** The charge's txid: the subscription and the date, so the same cycle is the same charge at the PSP. */
export const cycleTxid = (subscriptionId: number, dueOn: string) =>
  `ASSINATURA${String(subscriptionId).padStart(10, '0')}${dueOn.replace(/-/g, '')}`;

/** Keeps every active subscription booked 8 weeks ahead (new dates enter the window as days pass). */
export async function bookAheadAll(deps: PlansDeps, instant = new Date()) {
  const now = businessMoment(instant);
  let booked = 0;
  let afterId = 0;
  for (;;) {
    const due = await dates.behindHorizon(deps.db, bookingHorizon(now.date), afterId, BATCH);
    for (const { id } of due) {
      afterId = id;
      const done = await deps.db.transaction(async (tx) => {
        // Another instance holding it is booking it now.
        const sub = await repo.lockSubscriptionIfFree(tx, id);
        if (!sub) return false;
        if (sub.status !== SUBSCRIPTION_STATUS.active && sub.status !== SUBSCRIPTION_STATUS.awaiting) return false;
        await bookAhead(tx, sub, now);
        return true;
      });
      if (done) booked += 1;
    }
    if (due.length < BATCH) return booked;
  }
}

/** Pix Automático charges that must not go on, cancelled at the PSP after the change committed. */
export async function cancelAtPsp(deps: PlansDeps, txids: readonly string[]) {
  for (const txid of txids) await deps.payments.recurrences.cancelCharge(txid).catch(() => undefined);
}

/** Sends the charges of the cycles whose date is 2 to 10 days away (and any a crash left unsent). */
export async function chargeDueCycles(deps: PlansDeps, instant = new Date()) {
  const now = businessMoment(instant);
  const from = addDays(now.date, CHARGE_DAYS_BEFORE.latest);
  const to = addDays(now.date, CHARGE_DAYS_BEFORE.earliest);
  let sent = 0;
  for (;;) {
    const due = await cycles.datesToCharge(deps.db, now.date, from, to, BATCH);
    for (const { subscription: sub, onDate } of due) {
      await cycles.insertCycle(deps.db, {
        subscriptionId: sub.id,
        dueOn: onDate,
        amountCents: sub.priceCents,
        status: CYCLE_STATUS.pending,
        txid: cycleTxid(sub.id, onDate),
      });
    }
    if (due.length < BATCH) break;
  }
  // Pending ones: just created, or left by a run that stopped before the PSP answered.
  for (const cycle of await cycles.cyclesInStatus(deps.db, [CYCLE_STATUS.pending], to, 100_000)) {
    const sub = await repo.findSubscription(deps.db, cycle.subscriptionId);
    if (cycle.dueOn < from && !sub?.cardId) {
      // Too late for a Pix Automático charge (2 days' notice): the cycle is not charged.
      await cycles.moveCycle(deps.db, cycle.id, [CYCLE_STATUS.pending], {
        status: CYCLE_STATUS.cancelled,
        failure: 'Fora do prazo de envio (2 dias antes)',
      });
      continue;
    }
    if (!sub || sub.status !== SUBSCRIPTION_STATUS.active) continue;
    if (sub.cardId) {
      if (await chargeCard(deps, cycle, sub, [CYCLE_STATUS.pending], 1, now)) sent += 1;
      continue;
    }
    if (sub.idRec && (await sendCobr(deps, cycle, sub, sub.idRec))) sent += 1;
  }
  return sent;
}

async function sendCobr(deps: PlansDeps, cycle: cycles.CycleRow, sub: repo.SubscriptionRow, idRec: string) {
  try {
    // The same txid and body again is the same charge: two instances sending it is harmless.
    await deps.payments.recurrences.charge(cycle.txid, {
      idRec,
      dueOn: cycle.dueOn,
      amountCents: cycle.amountCents,
      info: `Assinatura ${sub.id} — ${cycle.dueOn}`,
    });
  } catch (error) {
    if (error instanceof PspUnavailableError) return false;
    deps.log.warn({ err: error, txid: cycle.txid }, 'the PSP refused a recurring charge');
    await cycles.moveCycle(deps.db, cycle.id, [CYCLE_STATUS.pending], {
      status: CYCLE_STATUS.failed,
      failure: 'Cobrança recusada pelo PSP',
      retryOn: null,
    });
    return false;
  }
  const storeId = await repo.storeOfEmployee(deps.db, sub.employeeId);
  return deps.db.transaction(async (tx) => {
    const paymentId = await recordCycleCharge(tx, {
      cycleId: cycle.id,
      storeId,
      userId: sub.userId,
      method: 'Pix Automático',
      amountCents: cycle.amountCents,
      status: PAYMENT_STATUS.pending,
      txid: cycle.txid,
      pspPaymentId: null,
      reference: null,
      cardBrand: null,
      cardLastFour: null,
    });
    const moved = await cycles.moveCycle(tx, cycle.id, [CYCLE_STATUS.pending], {
      status: CYCLE_STATUS.charged,
      attempts: 1,
      paymentId,
    });
    return Boolean(moved);
  });
}

/**
 * One attempt on the saved card: a fresh token of the card, a payment whose idempotency key is the
 * cycle and the attempt (the same attempt twice is one charge), written to the ledger once the PSP
 * answered. Approved: paid. Rejected: retried on the following days, like Pix Automático's policy
 * (3 retries within 7 days), then suspended. Pending at the PSP (in review): its webhook or the
 * card reconciliation settles it, through the cycle's outcomes.
 */
async function chargeCard(
  deps: PlansDeps,
  cycle: cycles.CycleRow,
  sub: repo.SubscriptionRow,
  from: readonly string[],
  attempt: number,
  now: BusinessMoment,
): Promise<boolean> {
  if (!sub.cardId || !sub.cardCustomerId) return false;
  const payer = await repo.payerOf(deps.db, sub.userId);
  if (!payer) return false;
  const answer = await deps.payments.cards.charge({
    customerId: sub.cardCustomerId,
    savedCard: sub.cardId,
    amountCents: cycle.amountCents,
    description: `Assinatura ${sub.id} — ${cycle.dueOn}`,
    payer: { email: payer.email, cpf: payer.cpf },
    reference: cycle.txid,
    idempotencyKey: `${cycle.txid}-${attempt}`,
  });
  if (answer.outcome === 'unavailable') {
    // Tried again by the next run: back where it was.
    if (from.includes(CYCLE_STATUS.charged)) {
      await cycles.moveCycle(deps.db, cycle.id, [CYCLE_STATUS.charged], {
        status: CYCLE_STATUS.failed,
        attempts: attempt - 1,
        retryOn: now.date,
      });
    }
    return false;
  }
  const storeId = await repo.storeOfEmployee(deps.db, sub.employeeId);
  const status = answer.status === PAYMENT_STATUS.partiallyRefunded ? PAYMENT_STATUS.approved : answer.status;
  const outcome = await deps.db.transaction(async (tx) => {
    const paymentId = await recordCycleCharge(tx, {
      cycleId: cycle.id,
      storeId,
      userId: sub.userId,
      method: 'Cartão de Crédito',
      amountCents: cycle.amountCents,
      status,
      txid: null,
      pspPaymentId: answer.pspPaymentId,
      reference: cycle.txid,
      cardBrand: answer.cardBrand,
      cardLastFour: answer.cardLastFour,
    });
    if (status === PAYMENT_STATUS.approved || status === PAYMENT_STATUS.pending) {
      const moved = await cycles.moveCycle(tx, cycle.id, from, {
        status: status === PAYMENT_STATUS.approved ? CYCLE_STATUS.paid : CYCLE_STATUS.charged,
        attempts: attempt,
        retryOn: null,
        paymentId,
      });
      return { moved: Boolean(moved), cancel: [] };
    }
    const retryOn = addDays(now.date, 1);
    const canRetry = attempt < MAX_ATTEMPTS && retryOn <= addDays(cycle.dueOn, RETRY_WINDOW_DAYS);
    const failed = await attemptFailed(
      tx,
      cycle,
      from,
      {
        attempts: attempt,
        failure: `Cartão recusado (${answer.detail})`,
        retryOn: canRetry ? retryOn : null,
        paymentId,
      },
      now,
    );
    return { moved: Boolean(failed), cancel: failed?.cancel ?? [] };
  });
  await cancelAtPsp(deps, outcome.cancel);
  return outcome.moved;
}

/** Asks for the next attempt of failed cycles whose retry day has come. */
export async function retryFailedCycles(deps: PlansDeps, instant = new Date()) {
  const now = businessMoment(instant);
  let retried = 0;
  for (const cycle of await cycles.retriesDue(deps.db, now.date, BATCH)) {
    // Claimed by moving it: another instance moving it first leaves nothing here.
    const claimed = await cycles.moveCycle(deps.db, cycle.id, [CYCLE_STATUS.failed], {
      status: CYCLE_STATUS.charged,
      attempts: cycle.attempts + 1,
      retryOn: null,
    });
    if (!claimed) continue;
    const sub = await repo.findSubscription(deps.db, cycle.subscriptionId);
    if (sub?.cardId) {
      if (sub.status !== SUBSCRIPTION_STATUS.active) continue;
      if (await chargeCard(deps, claimed, sub, [CYCLE_STATUS.charged], cycle.attempts + 1, now)) retried += 1;
      continue;
    }
    const data = cycle.retryOn && cycle.retryOn > now.date ? cycle.retryOn : now.date;
    try {
      await deps.payments.recurrences.retry(cycle.txid, data);
      retried += 1;
    } catch (error) {
      if (error instanceof PspUnavailableError) {
        await cycles.moveCycle(deps.db, cycle.id, [CYCLE_STATUS.charged], {
          status: CYCLE_STATUS.failed,
          attempts: cycle.attempts,
          retryOn: cycle.retryOn,
        });
        continue;
      }
      // Refused (window over, no more retries): this was the last failure.
      const txids = await deps.db.transaction(async (tx) => {
        const failed = await attemptFailed(
          tx,
          claimed,
          [CYCLE_STATUS.charged],
          { attempts: cycle.attempts, failure: cycle.failure ?? 'Pagamento recusado', retryOn: null },
          now,
        );
        return failed?.cancel ?? [];
      });
      await cancelAtPsp(deps, txids);
    }
  }
  return retried;
}
