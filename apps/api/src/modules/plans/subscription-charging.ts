import {
  addDays,
  type BusinessMoment,
  bookingHorizon,
  businessMoment,
  CYCLE_STATUS,
  fromCents,
  SUBSCRIPTION_STATUS,
} from '@petshop/domain';
import type { Tx } from '../../db/client';
import * as messages from '../messages/messages.service';
import type { MpPayment } from '../payments/mercado-pago-client';
import { PspRefusedError, PspUnavailableError } from '../payments/pix-api-client';
import type { Cobr } from '../payments/pix-automatico-client';
import { messageRecipient } from '../users/users.service';
import * as repo from './plans.repository';
import { bookAhead, type PlansDeps, releaseDate, releaseFuture, savedCardOf } from './plans.service';

/**
 * Each cycle of a Pix Automático subscription is a recurring charge (/cobr) sent 2 to 10 days before
 * its date, as the Banco Central's rules ask; the payer's bank settles it on the date. A rejected
 * attempt is retried per the recurrence's policy (PERMITE_3R_7D: up to 3 more attempts within 7 days
 * of the date); after the last one the subscription is suspended, the customer told, and its future
 * appointments released. Every step is a status move guarded in SQL, so a second run, or another
 * instance, finds nothing left to do.
 */
export const CHARGE_DAYS_BEFORE = { earliest: 10, latest: 2 } as const;
export const MAX_ATTEMPTS = 4;
export const RETRY_WINDOW_DAYS = 7;
const BATCH = 500;

/** The charge's txid: the subscription and the date, so the same cycle is the same charge at the PSP. */
export const cycleTxid = (subscriptionId: number, dueOn: string) =>
  `ASSINATURA${String(subscriptionId).padStart(10, '0')}${dueOn.replace(/-/g, '')}`;

const pixAmount = (cents: number) => fromCents(cents).toFixed(2);

/** Keeps every active subscription booked 8 weeks ahead (new dates enter the window as days pass). */
export async function bookAheadAll(deps: PlansDeps, instant = new Date()) {
  const now = businessMoment(instant);
  let booked = 0;
  let afterId = 0;
  for (;;) {
    const due = await repo.behindHorizon(deps.db, bookingHorizon(now.date), afterId, BATCH);
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

/** Sends the charges of the cycles whose date is 2 to 10 days away (and any a crash left unsent). */
export async function chargeDueCycles(deps: PlansDeps, instant = new Date()) {
  const now = businessMoment(instant);
  const from = addDays(now.date, CHARGE_DAYS_BEFORE.latest);
  const to = addDays(now.date, CHARGE_DAYS_BEFORE.earliest);
  let sent = 0;
  for (;;) {
    const due = await repo.datesToCharge(deps.db, now.date, from, to, BATCH);
    for (const { subscription: sub, onDate } of due) {
      await repo.insertCycle(deps.db, {
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
  for (const cycle of await repo.cyclesInStatus(deps.db, [CYCLE_STATUS.pending], to, 100_000)) {
    if (cycle.dueOn < from && !(await isCardCycle(deps, cycle))) {
      // Too late for a Pix Automático charge (2 days' notice): the cycle is not charged.
      await repo.moveCycle(deps.db, cycle.id, [CYCLE_STATUS.pending], {
        status: CYCLE_STATUS.cancelled,
        failure: 'Fora do prazo de envio (2 dias antes)',
      });
      continue;
    }
    const sub = await repo.findSubscription(deps.db, cycle.subscriptionId);
    if (!sub || sub.status !== SUBSCRIPTION_STATUS.active) continue;
    if (sub.cardId) {
      if (await chargeCard(deps, cycle, sub, [CYCLE_STATUS.pending], 1, now)) sent += 1;
      continue;
    }
    if (!sub.idRec) continue;
    try {
      // The same txid and body again is the same charge: two instances sending it is harmless.
      await deps.pixAutomatico.createCobr(cycle.txid, {
        idRec: sub.idRec,
        dataDeVencimento: cycle.dueOn,
        original: pixAmount(cycle.amountCents),
        infoAdicional: `Assinatura ${sub.id} — ${cycle.dueOn}`,
      });
      if (
        await repo.moveCycle(deps.db, cycle.id, [CYCLE_STATUS.pending], { status: CYCLE_STATUS.charged, attempts: 1 })
      ) {
        sent += 1;
      }
    } catch (error) {
      if (error instanceof PspUnavailableError) continue;
      deps.log.warn({ err: error, txid: cycle.txid }, 'the PSP refused a recurring charge');
      await repo.moveCycle(deps.db, cycle.id, [CYCLE_STATUS.pending], {
        status: CYCLE_STATUS.failed,
        failure: 'Cobrança recusada pelo PSP',
        retryOn: null,
      });
    }
  }
  return sent;
}

const isCardCycle = async (deps: PlansDeps, cycle: repo.CycleRow) =>
  Boolean((await repo.findSubscription(deps.db, cycle.subscriptionId))?.cardId);

/**
 * One attempt on the saved card: a fresh token of the card, a payment whose idempotency key is the
 * cycle and the attempt (the same attempt twice is one charge). Approved: paid. Rejected: retried
 * on the following days, like Pix Automático's policy (3 retries within 7 days), then suspended.
 * Pending at the PSP (in review): asked again by the reconciliation.
 */
async function chargeCard(
  deps: PlansDeps,
  cycle: repo.CycleRow,
  sub: repo.SubscriptionRow,
  from: readonly string[],
  attempt: number,
  now: BusinessMoment,
): Promise<boolean> {
  const cards = deps.cards;
  if (!cards || !sub.cardId || !sub.cardCustomerId) return false;
  const payer = await repo.payerOf(deps.db, sub.userId);
  if (!payer) return false;
  const { paymentMethodId, cardId } = savedCardOf(sub.cardId);
  let payment: MpPayment;
  try {
    const token = await cards.savedCardToken(sub.cardCustomerId, cardId);
    payment = await cards.createPayment(
      {
        transaction_amount: fromCents(cycle.amountCents),
        description: `Assinatura ${sub.id} — ${cycle.dueOn}`,
        payment_method_id: paymentMethodId,
        payer: { email: payer.email, identification: { type: 'CPF', number: payer.cpf } },
        external_reference: cycle.txid,
        token,
        installments: 1,
      },
      `${cycle.txid}-${attempt}`,
    );
  } catch (error) {
    if (error instanceof PspUnavailableError) {
      // Tried again by the next run: back where it was.
      if (from.includes(CYCLE_STATUS.charged)) {
        await repo.moveCycle(deps.db, cycle.id, [CYCLE_STATUS.charged], {
          status: CYCLE_STATUS.failed,
          attempts: attempt - 1,
          retryOn: now.date,
        });
      }
      return false;
    }
    payment = { id: 0, status: 'rejected', status_detail: 'cc_rejected_other_reason' } as MpPayment;
  }
  return applyCardPayment(deps, cycle, payment, from, attempt, now);
}

async function applyCardPayment(
  deps: PlansDeps,
  cycle: repo.CycleRow,
  payment: Pick<MpPayment, 'id' | 'status' | 'status_detail'>,
  from: readonly string[],
  attempt: number,
  now: BusinessMoment,
) {
  const pspPaymentId = payment.id ? String(payment.id) : null;
  if (payment.status === 'approved' || payment.status === 'authorized') {
    return Boolean(
      await repo.moveCycle(deps.db, cycle.id, from, {
        status: CYCLE_STATUS.paid,
        paidAt: new Date(),
        attempts: attempt,
        pspPaymentId,
        retryOn: null,
      }),
    );
  }
  if (payment.status === 'pending' || payment.status === 'in_process') {
    return Boolean(
      await repo.moveCycle(deps.db, cycle.id, from, { status: CYCLE_STATUS.charged, attempts: attempt, pspPaymentId }),
    );
  }
  const failure = `Cartão recusado (${payment.status_detail})`;
  const retryOn = addDays(now.date, 1);
  if (attempt < MAX_ATTEMPTS && retryOn <= addDays(cycle.dueOn, RETRY_WINDOW_DAYS)) {
    const moved = await repo.moveCycle(deps.db, cycle.id, from, {
      status: CYCLE_STATUS.failed,
      attempts: attempt,
      retryOn,
      failure,
      pspPaymentId,
    });
    if (moved) await tellCustomer(deps, moved, 'subscription-charge-failed', retryOn);
    return Boolean(moved);
  }
  const moved = await repo.moveCycle(deps.db, cycle.id, from, {
    status: CYCLE_STATUS.failed,
    attempts: attempt,
    retryOn: null,
    failure,
    pspPaymentId,
  });
  if (moved) await lastFailure(deps, moved, now);
  return Boolean(moved);
}

/** Asks for the next attempt of failed cycles whose retry day has come. */
export async function retryFailedCycles(deps: PlansDeps, instant = new Date()) {
  const now = businessMoment(instant);
  let retried = 0;
  for (const cycle of await repo.retriesDue(deps.db, now.date, BATCH)) {
    // Claimed by moving it: another instance moving it first leaves nothing here.
    const claimed = await repo.moveCycle(deps.db, cycle.id, [CYCLE_STATUS.failed], {
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
      await deps.pixAutomatico.retryCobr(cycle.txid, data);
      retried += 1;
    } catch (error) {
      if (error instanceof PspUnavailableError) {
        await repo.moveCycle(deps.db, cycle.id, [CYCLE_STATUS.charged], {
          status: CYCLE_STATUS.failed,
          attempts: cycle.attempts,
          retryOn: cycle.retryOn,
        });
        continue;
      }
      // Refused (window over, no more retries): this was the last failure.
      await lastFailure(deps, { ...claimed, attempts: cycle.attempts }, now);
    }
  }
  return retried;
}

/** The webhook and the reconciliation: what the PSP says about one recurring charge. */
export async function cobrChanged(deps: PlansDeps, txid: string, instant = new Date()) {
  const cycle = await repo.findCycleByTxid(deps.db, txid);
  if (!cycle) return;
  const cobr = await deps.pixAutomatico.getCobr(txid);
  if (!cobr) return;
  await applyCobr(deps, cycle, cobr, businessMoment(instant));
}

async function applyCobr(deps: PlansDeps, cycle: repo.CycleRow, cobr: Cobr, now: BusinessMoment) {
  if (cobr.status === 'CONCLUIDA') {
    const paid = cobr.pix?.[0];
    await repo.moveCycle(deps.db, cycle.id, [CYCLE_STATUS.charged, CYCLE_STATUS.failed, CYCLE_STATUS.pending], {
      status: CYCLE_STATUS.paid,
      paidAt: paid ? new Date(paid.horario) : new Date(),
      pspPaymentId: paid?.endToEndId ?? null,
      retryOn: null,
    });
    return;
  }
  if (cobr.status === 'CANCELADA' || cobr.status === 'EXPIRADA') {
    await repo.moveCycle(deps.db, cycle.id, [CYCLE_STATUS.charged, CYCLE_STATUS.pending], {
      status: CYCLE_STATUS.cancelled,
      failure: `Cobrança ${cobr.status.toLowerCase()} no PSP`,
    });
    return;
  }
  const tentativas = cobr.tentativas ?? [];
  const last = tentativas.at(-1);
  if (!last || (last.status !== 'REJEITADA' && cobr.status !== 'REJEITADA')) return;
  const attempts = tentativas.length;
  const failure = last.rejeicao ? `${last.rejeicao.codigo}: ${last.rejeicao.descricao}` : 'Pagamento recusado';
  const windowEnd = addDays(cycle.dueOn, RETRY_WINDOW_DAYS);
  const retryOn = addDays(last.dataLiquidacao > now.date ? last.dataLiquidacao : now.date, 1);
  const canRetry =
    cobr.status === 'ATIVA' &&
    cobr.politicaRetentativa === 'PERMITE_3R_7D' &&
    attempts < MAX_ATTEMPTS &&
    retryOn <= windowEnd;
  if (canRetry) {
    const moved = await repo.moveCycle(deps.db, cycle.id, [CYCLE_STATUS.charged], {
      status: CYCLE_STATUS.failed,
      attempts,
      retryOn,
      failure,
    });
    if (moved) await tellCustomer(deps, moved, 'subscription-charge-failed', retryOn);
    return;
  }
  const moved = await repo.moveCycle(deps.db, cycle.id, [CYCLE_STATUS.charged], {
    status: CYCLE_STATUS.failed,
    attempts,
    retryOn: null,
    failure,
  });
  if (moved) await lastFailure(deps, moved, now);
}

async function tellCustomer(
  deps: PlansDeps,
  cycle: repo.CycleRow,
  kind: 'subscription-charge-failed' | 'subscription-suspended',
  retryOn: string | null,
  tx?: Tx,
) {
  const db = tx ?? deps.db;
  const view = await repo.findView(db, cycle.subscriptionId);
  if (!view) return;
  await messages.enqueue(db, {
    kind,
    to: await messageRecipient(db, view.subscription.userId),
    eventKey: `${kind}:${cycle.id}:${cycle.attempts}`,
    payload: {
      subscriptionId: view.subscription.id,
      planName: view.planName,
      petName: view.petName,
      dueOn: cycle.dueOn,
      amountCents: cycle.amountCents,
      paymentMethod: view.subscription.paymentMethod,
      retryOn,
    },
  });
}

/** After the last failed attempt: suspended, customer told, future appointments released (once). */
async function lastFailure(deps: PlansDeps, cycle: repo.CycleRow, now: BusinessMoment) {
  const txids = await deps.db.transaction(async (tx) => {
    const sub = await repo.lockSubscription(tx, cycle.subscriptionId);
    if (!sub || sub.status !== SUBSCRIPTION_STATUS.active) return [];
    await repo.setSubscription(tx, sub.id, { status: SUBSCRIPTION_STATUS.suspended });
    await releaseFuture(tx, sub, now, true);
    await tellCustomer(deps, cycle, 'subscription-suspended', null, tx);
    const open = await repo.openCyclesFrom(tx, sub.id, now.date);
    const cancelled: string[] = [];
    for (const c of open) {
      const moved = await repo.moveCycle(tx, c.id, [CYCLE_STATUS.pending, CYCLE_STATUS.charged], {
        status: CYCLE_STATUS.cancelled,
      });
      if (moved && c.status === CYCLE_STATUS.charged) cancelled.push(c.txid);
    }
    return cancelled;
  });
  for (const txid of txids) {
    await deps.pixAutomatico.cancelCobr(txid).catch(() => undefined);
  }
}

/**
 * The card PSP's notification of a plan cycle's payment (cycles are charged outside the payments
 * ledger, so the card webhook hands over the ids it does not know). Money that went back after the
 * cycle was paid, refunded at the PSP or charged back, releases that cycle's appointment still to
 * come, once (the cycle moves from paid to cancelled); a chargeback also suspends the plan as its
 * last failed charge would (the customer told, every later appointment released).
 */
export async function cycleCardPaymentChanged(deps: PlansDeps, pspPaymentId: string, instant = new Date()) {
  const cycle = await repo.findCycleByPspPayment(deps.db, pspPaymentId);
  if (!cycle || cycle.status !== CYCLE_STATUS.paid || !deps.cards) return;
  const payment = await deps.cards.getPayment(pspPaymentId);
  const failure =
    payment?.status === 'refunded'
      ? 'Reembolsada no cartão'
      : payment?.status === 'charged_back'
        ? 'Contestada no cartão'
        : undefined;
  if (!failure) return;
  const now = businessMoment(instant);
  const moved = await deps.db.transaction(async (tx) => {
    const sub = await repo.lockSubscription(tx, cycle.subscriptionId);
    const done =
      sub && (await repo.moveCycle(tx, cycle.id, [CYCLE_STATUS.paid], { status: CYCLE_STATUS.cancelled, failure }));
    if (!sub || !done) return undefined;
    if (cycle.dueOn >= now.date) await releaseDate(tx, sub, cycle.dueOn, now);
    return done;
  });
  if (moved && payment?.status === 'charged_back') await lastFailure(deps, moved, now);
}

/** The webhook and the reconciliation: what the PSP says about a recurrence (authorised, rejected…). */
export async function recChanged(deps: PlansDeps, idRec: string, instant = new Date()) {
  const known = await repo.findByIdRec(deps.db, idRec);
  if (!known) return;
  const rec = await deps.pixAutomatico.getRec(idRec);
  if (!rec) return;
  const now = businessMoment(instant);
  await deps.db.transaction(async (tx) => {
    const sub = await repo.lockSubscription(tx, known.id);
    if (!sub || sub.recStatus === rec.status) return;
    if (rec.status === 'APROVADA') {
      await repo.setSubscription(tx, sub.id, {
        recStatus: rec.status,
        ...(sub.status === SUBSCRIPTION_STATUS.awaiting ? { status: SUBSCRIPTION_STATUS.active } : {}),
      });
      return;
    }
    if (rec.status === 'REJEITADA' || rec.status === 'EXPIRADA' || rec.status === 'CANCELADA') {
      // Not authorised, or cancelled by the payer in their bank: the plan ends; its times are freed.
      await repo.setSubscription(tx, sub.id, { recStatus: rec.status, status: SUBSCRIPTION_STATUS.cancelled });
      if (sub.status !== SUBSCRIPTION_STATUS.cancelled) await releaseFuture(tx, sub, now, false);
      return;
    }
    await repo.setSubscription(tx, sub.id, { recStatus: rec.status });
  });
}

/** A lost webhook only delays: recurrences awaiting authorisation and charges past their date are asked about. */
export async function reconcileSubscriptions(deps: PlansDeps, instant = new Date()) {
  const now = businessMoment(instant);
  for (const sub of await repo.awaitingAuthorization(deps.db, BATCH)) {
    if (!sub.idRec) continue;
    await recChanged(deps, sub.idRec, instant).catch((error: unknown) => {
      if (!(error instanceof PspUnavailableError || error instanceof PspRefusedError)) throw error;
    });
  }
  // Every charge past its date, a page at a time (a day of 5,000 weekly subscriptions is ~700).
  const charged: repo.CycleRow[] = [];
  for (let page = await repo.cyclesInStatus(deps.db, [CYCLE_STATUS.charged], now.date, BATCH); ; ) {
    charged.push(...page);
    const last = page.at(-1);
    if (page.length < BATCH || !last) break;
    page = await repo.cyclesInStatus(deps.db, [CYCLE_STATUS.charged], now.date, BATCH, last.id);
  }
  for (const cycle of charged) {
    if (cycle.pspPaymentId && deps.cards && (await isCardCycle(deps, cycle))) {
      const payment = await deps.cards.getPayment(cycle.pspPaymentId).catch(() => undefined);
      if (payment && payment.status !== 'pending' && payment.status !== 'in_process') {
        await applyCardPayment(deps, cycle, payment, [CYCLE_STATUS.charged], cycle.attempts, now);
      }
      continue;
    }
    await cobrChanged(deps, cycle.txid, instant).catch((error: unknown) => {
      if (!(error instanceof PspUnavailableError || error instanceof PspRefusedError)) throw error;
    });
  }
}
