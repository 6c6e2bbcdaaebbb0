import { PAYMENT_STATUS, type PaymentStatus, toCents } from '@petshop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import type { MercadoPago, MpPayment } from './mercado-pago-client';
import { statusOf } from './payment-provider';
import { type Charge, type ChargeOutcomes, recordPayment } from './payment-settlement';
import { PspUnavailableError } from './pix-api-client';
import * as refunds from './refunds.repository';
import * as repo from './settlement.repository';

export interface CardSettlementDeps {
  db: Db;
  cards: MercadoPago;
  log: FastifyBaseLogger;
  outcomes: ChargeOutcomes;
}

/** What one look at a card payment or boleto found. */
export type CardState =
  | 'settled'
  | 'refund'
  | 'duplicate'
  | 'open'
  | 'closed'
  | 'refunded'
  | 'charged-back'
  | 'unchanged'
  | 'unknown'
  | 'mismatch';

/** Payments that count as money received (a chargeback or refund may still come). */
const RECEIVED: readonly PaymentStatus[] = [
  PAYMENT_STATUS.approved,
  PAYMENT_STATUS.partiallyRefunded,
  PAYMENT_STATUS.refundPending,
  PAYMENT_STATUS.refundFailed,
];

/** The PSP refused, cancelled or let expire a payment the order waited for: the order ends, once. */
/**
 * Our own refunds the PSP's word concluded (its webhook can overtake the answer to our refund
 * call): the customer is told of each, as when the refund call concludes it. The outbox keeps one
 * message per refund, whichever path comes first.
 */
async function tellRefunded(
  deps: CardSettlementDeps,
  tx: Tx,
  paymentId: number,
  concluded: readonly { id: number; amountCents: number; kind: string }[],
) {
  for (const refund of concluded) {
    if (refund.kind !== 'card') continue;
    await deps.outcomes.refunded(tx, paymentId, { id: refund.id, amountCents: refund.amountCents, kind: 'card' });
  }
}

/** A payment that waited ends as the PSP says (refused, cancelled, expired), and its order with it, once. */
export async function closeWaiting(deps: CardSettlementDeps, charge: Charge, to: PaymentStatus) {
  return deps.db.transaction(async (tx) => {
    if (!(await repo.movePayment(tx, charge.id, to))) return false;
    await deps.outcomes.expired(tx, charge.id);
    return true;
  });
}

/** What we told the PSP as external_reference (the order id for a card, the txid for a boleto). */
const referenceOf = (charge: Charge) =>
  ((charge.details ?? {}) as { pspReference?: string }).pspReference ?? charge.txid;

/**
 * Asks the card PSP about a payment and applies what it says, once: only the PSP's word counts,
 * a notification is a hint to ask. Throws PspUnavailableError when the PSP does not answer.
 */
export async function checkCardPayment(deps: CardSettlementDeps, charge: Charge): Promise<CardState> {
  if (!charge.pspPaymentId) return 'unknown';
  const payment = await deps.cards.getPayment(charge.pspPaymentId);
  if (!payment) return 'unknown';
  return applyCardPayment(deps, charge, payment);
}

export async function applyCardPayment(
  deps: CardSettlementDeps,
  charge: Charge,
  payment: MpPayment,
): Promise<CardState> {
  const { db, log } = deps;
  if (String(payment.id) !== charge.pspPaymentId || (payment.external_reference ?? null) !== referenceOf(charge)) {
    log.warn({ paymentId: charge.id }, 'card PSP answered a payment that is not this one');
    return 'mismatch';
  }
  const status = statusOf(payment);
  const paidCents = toCents(payment.transaction_amount);
  switch (status) {
    case PAYMENT_STATUS.pending:
      return 'open';
    case PAYMENT_STATUS.approved:
    case PAYMENT_STATUS.partiallyRefunded: {
      // Approved when we charged it (the PSP's answer at checkout): its notification confirms what
      // is recorded. Only money for a payment that waits, or one already closed, is news.
      if (RECEIVED.includes(charge.status) && paidCents === charge.totalCents) {
        if (status === PAYMENT_STATUS.partiallyRefunded) {
          await db.transaction(async (tx) =>
            tellRefunded(deps, tx, charge.id, await refunds.confirmAtPsp(tx, charge.id, payment)),
          );
        }
        return 'duplicate';
      }
      const received = await recordPayment(
        deps,
        charge,
        { endToEndId: `MP${payment.id}`, amountCents: paidCents, paidAt: new Date() },
        paidCents === charge.totalCents,
      );
      if (status === PAYMENT_STATUS.partiallyRefunded) {
        await db.transaction(async (tx) =>
          tellRefunded(deps, tx, charge.id, await refunds.confirmAtPsp(tx, charge.id, payment)),
        );
      }
      return received;
    }
    case PAYMENT_STATUS.declined:
    case PAYMENT_STATUS.cancelled:
    case PAYMENT_STATUS.expired:
      return (await closeWaiting(deps, charge, status)) ? 'closed' : 'unchanged';
    case PAYMENT_STATUS.refunded: {
      // Refunded at the PSP (by us or in its dashboard): the whole amount is back with the payer, so
      // nothing stays due (a cancelled order's mark goes, even when this webhook beats our own call).
      const moved = await db.transaction(async (tx) => {
        const done = await repo.movePaymentFrom(tx, charge.id, RECEIVED, PAYMENT_STATUS.refunded, {
          refundedCents: charge.totalCents,
          refundDueAt: null,
        });
        if (!done) return done;
        const concluded = await refunds.concludePending(tx, charge.id);
        await tellRefunded(deps, tx, charge.id, concluded);
        if (concluded.length === 0) await deps.outcomes.refundedAtPsp?.(tx, charge.id);
        return done;
      });
      return moved ? 'refunded' : 'unchanged';
    }
    case PAYMENT_STATUS.chargedBack: {
      const moved = await db.transaction(async (tx) => {
        const done = await repo.movePaymentFrom(tx, charge.id, RECEIVED, PAYMENT_STATUS.chargedBack);
        if (done) await deps.outcomes.chargedBack(tx, charge.id);
        return done;
      });
      if (moved) log.warn({ paymentId: charge.id }, 'card payment charged back');
      return moved ? 'charged-back' : 'unchanged';
    }
    default:
      return 'unchanged';
  }
}

/**
 * Card payments and boletos still pending past their time: asked at the PSP first (a payment it
 * approved meanwhile is recorded as paid), then expired with their stock given back, once.
 */
export async function expireDueCards(deps: CardSettlementDeps, now = new Date(), limit = 50) {
  let expired = 0;
  for (const charge of await repo.listExpired(deps.db, now, limit, true)) {
    try {
      const state = await checkCardPayment(deps, charge);
      if ((state === 'open' || state === 'unknown') && (await closeWaiting(deps, charge, PAYMENT_STATUS.expired)))
        expired += 1;
    } catch (error) {
      if (!(error instanceof PspUnavailableError)) throw error;
      deps.log.warn({ paymentId: charge.id }, 'card PSP unavailable; the payment expires on a later run');
    }
  }
  return expired;
}

/** Pending card payments and boletos asked at the PSP: a lost webhook only delays the news. */
export async function reconcileCardPayments(deps: CardSettlementDeps, limit = 200) {
  let changed = 0;
  for (const charge of await repo.listPendingAtCardPsp(deps.db, limit)) {
    try {
      const state = await checkCardPayment(deps, charge);
      if (state !== 'open' && state !== 'unchanged' && state !== 'unknown') changed += 1;
    } catch (error) {
      if (!(error instanceof PspUnavailableError)) throw error;
      deps.log.warn('card PSP unavailable during reconciliation; trying again on the next run');
      break;
    }
  }
  return changed;
}
