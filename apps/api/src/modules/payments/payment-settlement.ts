import { PAYMENT_STATUS, type RefundKind } from '@petshop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { pixToCents } from './pix-amount';
import { type PixApi, PspRefusedError, PspUnavailableError } from './pix-api-client';
import * as repo from './settlement.repository';

/**
 * What becomes of the order when its payment's fate is known. Payments knows nothing of orders: the
 * orders module hands this in where the app is put together. Each runs inside the transaction that
 * moved the payment, so payment and order move together or not at all.
 */
export interface ChargeOutcomes {
  /** the payment just moved from pending to approved */
  paid(tx: Tx, paymentId: number): Promise<void>;
  /** the payment just moved from pending to expired (or the card PSP refused or cancelled it) */
  expired(tx: Tx, paymentId: number): Promise<void>;
  /**
   * money is about to go back (a refund written, before the PSP is asked), in the refund's
   * transaction with the payment locked: what was bought comes back first, or an AppError refuses
   * the refund and nothing is written. `refundedCents` is what went back before this one.
   */
  refunding(tx: Tx, paymentId: number, share: RefundShare): Promise<void>;
  /** money went back to the payer (a refund concluded): the customer is told */
  refunded(tx: Tx, paymentId: number, refund: { id: number; amountCents: number; kind: RefundKind }): Promise<void>;
  /** the card holder disputed the payment with their bank: the admins are told */
  chargedBack(tx: Tx, paymentId: number): Promise<void>;
  /** the whole payment went back at the card PSP (its dashboard), not through a refund of ours */
  refundedAtPsp?(tx: Tx, paymentId: number): Promise<void>;
}

/** A refund's part of a payment: what went back before it, what it gives back, of what was paid. */
export interface RefundShare {
  refundedCents: number;
  amountCents: number;
  paidCents: number;
}

export interface SettlementDeps {
  db: Db;
  pix: PixApi;
  log: FastifyBaseLogger;
  outcomes: ChargeOutcomes;
}

export type Charge = repo.Charge;

/** What one look at a charge found. */
export type ChargeState = 'settled' | 'refund' | 'duplicate' | 'open' | 'removed' | 'mismatch';

interface Received {
  endToEndId: string;
  amountCents: number;
  paidAt: Date;
}

/**
 * Money the bank reported for a charge, recorded once per endToEndId. It pays the order if the
 * payment still waits and the amount is right; otherwise (expired, cancelled, paid twice, wrong
 * amount) it is kept as a refund due, never dropped.
 */
export async function recordPayment(
  deps: Pick<SettlementDeps, 'db' | 'log' | 'outcomes'>,
  charge: Charge,
  received: Received,
  matches = received.amountCents === charge.totalCents,
): Promise<'settled' | 'refund' | 'duplicate'> {
  const outcome = await deps.db.transaction(async (tx) => {
    if (!(await repo.insertReceipt(tx, { ...received, paymentId: charge.id }))) return 'duplicate' as const;
    if (matches && (await repo.movePayment(tx, charge.id, PAYMENT_STATUS.approved))) {
      await deps.outcomes.paid(tx, charge.id);
      return 'settled' as const;
    }
    await repo.markReceiptForRefund(tx, received.endToEndId);
    await repo.markRefundDue(tx, charge.id);
    return 'refund' as const;
  });
  if (outcome === 'refund') {
    deps.log.warn(
      { paymentId: charge.id, amountMatches: matches },
      'money received for a payment that no longer waits (or of another amount): refund due',
    );
  }
  return outcome;
}

/**
 * Asks the PSP about a Pix charge and records a payment it reports. Only the PSP's word counts:
 * a notification is a hint to ask. Throws PspUnavailableError when the PSP does not answer.
 */
export async function checkCharge(deps: SettlementDeps, charge: Charge): Promise<ChargeState> {
  if (charge.method !== 'Pix' || !charge.txid) return 'open';
  const cob = await deps.pix.getCob(charge.txid);
  if (!cob || cob.txid !== charge.txid) return 'removed';
  if (cob.status === 'ATIVA') return 'open';
  if (cob.status !== 'CONCLUIDA') return 'removed';
  let state: ChargeState = 'mismatch';
  for (const paid of cob.pix ?? []) {
    const amountCents = pixToCents(paid.valor);
    const paidAt = new Date(paid.horario);
    if (amountCents === undefined || !paid.endToEndId || Number.isNaN(paidAt.getTime())) continue;
    const charged = pixToCents(cob.valor.original) === charge.totalCents;
    // A charge whose amount differs from the order's pays nothing: the money is kept for refund.
    state = await recordPayment(
      deps,
      charge,
      { endToEndId: paid.endToEndId, amountCents, paidAt },
      charged && amountCents === charge.totalCents,
    );
  }
  if (state === 'mismatch')
    deps.log.warn({ paymentId: charge.id }, 'PSP reports a paid charge without a usable payment');
  return state;
}

/** Payment Expirado and, through the outcomes, its order: only for the caller that moves it. */
async function expirePayment(deps: SettlementDeps, charge: Charge) {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.movePayment(tx, charge.id, PAYMENT_STATUS.expired))) return false;
    await deps.outcomes.expired(tx, charge.id);
    return true;
  });
}

/**
 * Expires pending payments past their time. The PSP is asked first: a charge it says was paid is
 * recorded as paid instead, and an open one is removed so nobody can pay it any more. A PSP that
 * does not answer leaves the payment for the next run.
 */
export async function expireDue(deps: SettlementDeps, now = new Date(), limit = 50) {
  let expired = 0;
  for (const charge of await repo.listExpired(deps.db, now, limit)) {
    try {
      // Paid meanwhile: the conditional expiry below then finds nothing pending and does nothing.
      const state = await checkCharge(deps, charge);
      if (state === 'open' && charge.method === 'Pix' && charge.txid) {
        try {
          await deps.pix.removeCob(charge.txid);
        } catch (error) {
          // Paid between our look and the removal: the next look records it.
          if (error instanceof PspRefusedError) continue;
          throw error;
        }
      }
      if (await expirePayment(deps, charge)) expired += 1;
    } catch (error) {
      if (!(error instanceof PspUnavailableError)) throw error;
      deps.log.warn({ paymentId: charge.id }, 'PSP unavailable; the payment expires on a later run');
    }
  }
  return expired;
}

/** Pending Pix charges checked with the PSP: a lost webhook only delays the confirmation. */
export async function reconcilePending(deps: SettlementDeps, limit = 200) {
  let settled = 0;
  for (const charge of await repo.listPendingPix(deps.db, limit)) {
    try {
      if ((await checkCharge(deps, charge)) === 'settled') settled += 1;
    } catch (error) {
      if (!(error instanceof PspUnavailableError)) throw error;
      deps.log.warn('PSP unavailable during reconciliation; trying again on the next run');
      break;
    }
  }
  return settled;
}

/**
 * Before a waiting order is cancelled, its charge is removed at the PSP so it can no longer be
 * paid. 'paid' when the PSP says it was paid already (then recorded as such).
 */
export async function withdrawCharge(deps: SettlementDeps, charge: Charge): Promise<'withdrawn' | 'paid'> {
  if (charge.method !== 'Pix' || !charge.txid) return 'withdrawn';
  try {
    try {
      await deps.pix.removeCob(charge.txid);
      return 'withdrawn';
    } catch (error) {
      if (!(error instanceof PspRefusedError)) throw error;
      // The PSP keeps a paid charge: record the payment (or, of another amount, the refund due).
      return (await checkCharge(deps, charge)) === 'settled' ? 'paid' : 'withdrawn';
    }
  } catch (error) {
    if (error instanceof PspUnavailableError) {
      throw new AppError(
        503,
        'PSP_UNAVAILABLE',
        'Não foi possível cancelar a cobrança agora. Tente novamente em instantes.',
      );
    }
    throw error;
  }
}

export const findChargeByTxid = repo.findByTxid;
export const findCharge = repo.findById;
export const findChargeByPspPayment = repo.findByPspPayment;
