import {
  addDays,
  type BusinessMoment,
  businessMoment,
  CYCLE_STATUS,
  PAYMENT_STATUS,
  SUBSCRIPTION_STATUS,
} from '@petshop/domain';
import type { CycleChargeState } from '../payments/plan-payments';
import { closeCycleCharge } from '../payments/plan-payments';
import { PspRefusedError, PspUnavailableError } from '../payments/psp-errors';
import { attemptFailed } from './cycle-failures';
import * as cycles from './cycles.repository';
import * as repo from './plans.repository';
import type { PlansDeps } from './plans-deps';
import { cancelAtPsp, MAX_ATTEMPTS, RETRY_WINDOW_DAYS } from './subscription-charging';
import { releaseFuture } from './subscription-series';

const BATCH = 500;

/**
 * The webhook and the reconciliation: what the PSP says about one recurring charge. Money it
 * received is recorded by the payments module (the cycle is paid through its outcomes); here, what
 * a cancelled, expired or rejected charge does to the cycle.
 */
export async function cobrChanged(deps: PlansDeps, txid: string, instant = new Date()) {
  const cycle = await cycles.findCycleByTxid(deps.db, txid);
  if (!cycle) return;
  const state = await deps.payments.checkCycleCharge(txid);
  if (!state) return;
  await applyCobr(deps, cycle, state, businessMoment(instant));
}

async function applyCobr(deps: PlansDeps, cycle: cycles.CycleRow, cobr: CycleChargeState, now: BusinessMoment) {
  if (cobr.status === 'CONCLUIDA') return;
  if (cobr.status === 'CANCELADA' || cobr.status === 'EXPIRADA') {
    await deps.db.transaction(async (tx) => {
      const moved = await cycles.moveCycle(tx, cycle.id, [CYCLE_STATUS.charged, CYCLE_STATUS.pending], {
        status: CYCLE_STATUS.cancelled,
        failure: `Cobrança ${cobr.status.toLowerCase()} no PSP`,
      });
      const to = cobr.status === 'CANCELADA' ? PAYMENT_STATUS.cancelled : PAYMENT_STATUS.expired;
      if (moved?.paymentId) await closeCycleCharge(tx, moved.paymentId, to);
    });
    return;
  }
  const last = cobr.attempts.at(-1);
  if (!last || (last.status !== 'REJEITADA' && cobr.status !== 'REJEITADA')) return;
  const attempts = cobr.attempts.length;
  const failure = last.rejection ?? 'Pagamento recusado';
  const windowEnd = addDays(cycle.dueOn, RETRY_WINDOW_DAYS);
  const retryOn = addDays(last.settlesOn > now.date ? last.settlesOn : now.date, 1);
  const canRetry = cobr.status === 'ATIVA' && cobr.retriesAllowed && attempts < MAX_ATTEMPTS && retryOn <= windowEnd;
  const txids = await deps.db.transaction(async (tx) => {
    const failed = await attemptFailed(
      tx,
      cycle,
      [CYCLE_STATUS.charged],
      { attempts, failure, retryOn: canRetry ? retryOn : null },
      now,
    );
    return failed?.cancel ?? [];
  });
  await cancelAtPsp(deps, txids);
}

/** The webhook and the reconciliation: what the PSP says about a recurrence (authorised, rejected…). */
export async function recChanged(deps: PlansDeps, idRec: string, instant = new Date()) {
  const known = await repo.findByIdRec(deps.db, idRec);
  if (!known) return;
  const status = await deps.payments.recurrences.status(idRec);
  if (!status) return;
  const now = businessMoment(instant);
  await deps.db.transaction(async (tx) => {
    const sub = await repo.lockSubscription(tx, known.id);
    if (!sub || sub.recStatus === status) return;
    if (status === 'APROVADA') {
      await repo.setSubscription(tx, sub.id, {
        recStatus: status,
        ...(sub.status === SUBSCRIPTION_STATUS.awaiting ? { status: SUBSCRIPTION_STATUS.active } : {}),
      });
      return;
    }
    if (status === 'REJEITADA' || status === 'EXPIRADA' || status === 'CANCELADA') {
      // Not authorised, or cancelled by the payer in their bank: the plan ends; its times are freed.
      await repo.setSubscription(tx, sub.id, { recStatus: status, status: SUBSCRIPTION_STATUS.cancelled });
      if (sub.status !== SUBSCRIPTION_STATUS.cancelled) await releaseFuture(tx, sub, now, false);
      return;
    }
    await repo.setSubscription(tx, sub.id, { recStatus: status });
  });
}

const tolerated = (error: unknown) => {
  if (!(error instanceof PspUnavailableError || error instanceof PspRefusedError)) throw error;
};

/**
 * A lost webhook only delays: recurrences awaiting authorisation and Pix Automático charges past
 * their date are asked about. A card cycle's waiting payment is the ledger's: the card
 * reconciliation asks about it like any other.
 */
export async function reconcileSubscriptions(deps: PlansDeps, instant = new Date()) {
  const now = businessMoment(instant);
  for (const sub of await repo.awaitingAuthorization(deps.db, BATCH)) {
    if (sub.idRec) await recChanged(deps, sub.idRec, instant).catch(tolerated);
  }
  // Every charge past its date, a page at a time (a day of 5,000 weekly subscriptions is ~700).
  const charged: cycles.CycleRow[] = [];
  for (let page = await cycles.cyclesInStatus(deps.db, [CYCLE_STATUS.charged], now.date, BATCH); ; ) {
    charged.push(...page);
    const last = page.at(-1);
    if (page.length < BATCH || !last) break;
    page = await cycles.cyclesInStatus(deps.db, [CYCLE_STATUS.charged], now.date, BATCH, last.id);
  }
  const cardSubscriptions = new Map<number, boolean>();
  for (const cycle of charged) {
    if (!cardSubscriptions.has(cycle.subscriptionId)) {
      const sub = await repo.findSubscription(deps.db, cycle.subscriptionId);
      cardSubscriptions.set(cycle.subscriptionId, Boolean(sub?.cardId));
    }
    if (cardSubscriptions.get(cycle.subscriptionId)) continue;
    await cobrChanged(deps, cycle.txid, instant).catch(tolerated);
  }
}
