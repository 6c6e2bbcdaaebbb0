import type { PaymentStatus, RefundBody } from '@petshop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import * as cycleRepo from './cycle-payments.repository';
import type { MercadoPago } from './mercado-pago-client';
import { type ChargeOutcomes, findChargeByTxid, recordPayment } from './payment-settlement';
import type { PixApi } from './pix-api-client';
import type { PixAutomatico } from './pix-automatico-client';
import { type CycleChargeState, recurrencesOf } from './recurrences';
import { refundPayment } from './refunds.service';
import { savedCardsOf } from './saved-cards';

export type { CycleChargeState } from './recurrences';

export interface PlanPaymentsDeps {
  db: Db;
  pix: PixApi;
  pixAutomatico: PixAutomatico;
  cards: MercadoPago;
  log: FastifyBaseLogger;
  /** what a cycle's payment does to the cycle, dispatched by the payment's owner */
  outcomes: ChargeOutcomes;
}

/**
 * Everything plans need of the PSPs, behind the payments module: the Pix Automático recurrence and
 * its charges, the saved card, the refund of a cycle. Plans import no provider client; a cycle's
 * money is a payments row like any other, so the webhooks and reconciliation jobs see it.
 */
export function createPlanPayments(deps: PlanPaymentsDeps) {
  const recurrences = recurrencesOf(deps.pixAutomatico);
  return {
    recurrences,
    cards: savedCardsOf(deps.cards),
    /**
     * Asks the PSP about a cycle's recurring charge; money it received is recorded once in the
     * ledger (the cycle is paid through the outcomes). Throws PspUnavailableError when it does not answer.
     */
    async checkCycleCharge(txid: string): Promise<CycleChargeState | undefined> {
      const state = await recurrences.chargeState(txid);
      const received = state?.status === 'CONCLUIDA' ? state.received : null;
      const charge = received ? await findChargeByTxid(deps.db, txid) : undefined;
      if (state && received?.amountCents !== undefined && charge && !Number.isNaN(received.paidAt.getTime())) {
        await recordPayment(
          deps,
          charge,
          { endToEndId: received.endToEndId, amountCents: received.amountCents, paidAt: received.paidAt },
          received.amountCents === charge.totalCents && state.chargedCents === charge.totalCents,
        );
      }
      return state;
    },
    /** Gives back all or part of a cycle's payment, once per request key (card refund or Pix devolução). */
    refund: (adminId: number | null, paymentId: number, body: RefundBody, requestKey: string | undefined) =>
      refundPayment(
        { db: deps.db, cards: deps.cards, pix: deps.pix, log: deps.log, outcomes: deps.outcomes },
        adminId,
        paymentId,
        body,
        requestKey,
      ),
  };
}

export type PlanPayments = ReturnType<typeof createPlanPayments>;

/** Writes a cycle's charge at the PSP into the ledger, in the cycle's transaction. */
export const recordCycleCharge = (tx: Tx, charge: cycleRepo.CycleCharge) => cycleRepo.insertCycleCharge(tx, charge);

/** A cycle's waiting charge that will not be paid (refused, cancelled, expired at the PSP). */
export const closeCycleCharge = (tx: Tx, paymentId: number, to: PaymentStatus) =>
  cycleRepo.closeWaiting(tx, paymentId, to);

export const findCycleCharge = (db: Db | Tx, paymentId: number) => cycleRepo.findCycleCharge(db, paymentId);

/** What plans brought in since a time (the recurring revenue's last 30 days). */
export const settledCycleCents = (db: Db, since: Date) => cycleRepo.settledCycleCents(db, since);
