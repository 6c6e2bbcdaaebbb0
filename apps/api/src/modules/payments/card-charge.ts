import { PAYMENT_STATUS, type PaymentMethod, paymentReference } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest } from '../../lib/app-error';
import * as attempts from './card-attempts.repository';
import { rejectionMessage } from './card-rejections';
import { MpRequestError } from './mercado-pago-client';
import type { CardData, ChargeResult, Payer } from './payment-provider';
import { newTxid } from './payment-timing';
import * as repo from './payments.repository';
import { type Issued, type PayContext, pspDown } from './payments.service';

const CARD_METHODS: readonly string[] = ['Cartão de Crédito', 'Cartão de Débito'];
const CARD_PSP_DOWN =
  'Não foi possível falar com a operadora do cartão agora. Nada foi cobrado. Tente novamente em alguns instantes.';
const CARD_INVALID = 'Não foi possível usar este cartão. Confira os dados e tente de novo.';
/** A card pending at the PSP (review or 3-D Secure) that never settles is given up after a day. */
const CARD_PENDING_MS = 86_400_000;

/** 400 before anything is reserved: a card payment without the card's token. */
export function assertCard(card: CardData | undefined): asserts card is CardData {
  if (!card) throw badRequest('Informe os dados do cartão.', 'CARD_REQUIRED');
}

/**
 * The card payment as the order's first transaction writes it, before the PSP is asked: pending,
 * with no PSP id. A process that dies before the answer is written leaves it so, and
 * reconciliation asks the PSP by the order's reference (card-attempt-recovery.ts).
 */
export const cardInFlight = (orderId: number, totalCents: number): Issued => ({
  txid: null,
  totalCents,
  status: PAYMENT_STATUS.pending,
  expiresAt: new Date(Date.now() + CARD_PENDING_MS),
  details: { pspReference: String(orderId) },
});

/**
 * Asks the card PSP for the order's total, outside any transaction, under the order id as
 * external_reference and `pedido-<id>` as idempotency key (ids are never reused). Refused → 402 with
 * the PSP's reason in pt-BR; an invalid card → 400; no answer → 503.
 */
export async function authoriseCard(
  ctx: PayContext,
  method: PaymentMethod,
  totalCents: number,
  card: CardData,
  payer: Payer,
  orderId: number,
): Promise<Issued> {
  if (totalCents === 0)
    return { txid: null, totalCents, status: PAYMENT_STATUS.approved, expiresAt: null, details: {} };
  let charge: ChargeResult;
  try {
    charge = await ctx.provider.charge({
      method,
      totalCents,
      txid: newTxid(),
      expiresInSeconds: 0,
      due: new Date(),
      card,
      payer,
      reference: String(orderId),
      idempotencyKey: paymentReference({ kind: 'order', id: orderId }),
    });
  } catch (error) {
    if (error instanceof MpRequestError) throw badRequest(CARD_INVALID, 'CARD_INVALID');
    return pspDown(error, CARD_PSP_DOWN);
  }
  if (charge.status === PAYMENT_STATUS.declined) {
    throw new AppError(402, 'CARD_REJECTED', rejectionMessage(charge.rejection));
  }
  const pending = charge.status === PAYMENT_STATUS.pending;
  return {
    txid: null,
    totalCents,
    status: pending ? PAYMENT_STATUS.pending : PAYMENT_STATUS.approved,
    expiresAt: pending ? new Date(Date.now() + CARD_PENDING_MS) : null,
    details: {
      pspReference: String(orderId),
      ...(charge.challengeUrl ? { challengeUrl: charge.challengeUrl } : {}),
      ...(charge.challengeCreq ? { challengeCreq: charge.challengeCreq } : {}),
    },
    pspPaymentId: charge.pspPaymentId ?? null,
    installments: charge.installments ?? card.installments,
    cardBrand: charge.cardBrand ?? card.paymentMethodId,
    cardLastFour: charge.cardLastFour ?? null,
  };
}

/** Notes a card charge about to be asked for this order id, before (and outside) the order's transaction. */
export const noteCardAttempt = (db: Db, orderId: number, userId: number) => attempts.note(db, orderId, userId);

/**
 * Writes the PSP's answer on the in-flight payment, once; false when it was no longer waiting for it
 * (reconciliation answered first).
 */
export const recordCardAnswer = (tx: Tx, paymentId: number, charge: Issued) =>
  repo.answerInFlightCard(tx, paymentId, {
    status: charge.status,
    expiresAt: charge.expiresAt,
    details: { ...charge.details },
    pspPaymentId: charge.pspPaymentId ?? null,
    installments: charge.installments ?? null,
    cardBrand: charge.cardBrand ?? null,
    cardLastFour: charge.cardLastFour ?? null,
  });

/** A card payment whose PSP answer is not written yet (its checkout runs, or its process died). */
export const isCardInFlight = (payment: { method: string; status: string; pspPaymentId: string | null }) =>
  CARD_METHODS.includes(payment.method) && payment.status === PAYMENT_STATUS.pending && payment.pspPaymentId === null;

/**
 * Waits for the card answer of a request made earlier under the same key (a double click, a
 * browser retrying a cut connection); false when none came within `withinMs`: its process may have
 * died between its two transactions, and the caller asks the PSP itself under the same idempotency
 * key (the PSP answers the charge it made, or makes the one it never received: never two).
 */
export async function cardAnsweredWithin(db: Db, paymentId: number, withinMs = 3000) {
  const deadline = Date.now() + withinMs;
  while (await repo.isInFlightCard(db, paymentId)) {
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return true;
}

/** Locks the in-flight payment before its order is withdrawn; false when the PSP's answer is written already. */
export const claimInFlightCard = async (tx: Tx, paymentId: number) =>
  (await repo.lockInFlightCard(tx, paymentId)) !== undefined;

/** The in-flight payment of a withdrawn order: the PSP made no charge, so no money moved. */
export const dropInFlightCard = (tx: Tx, paymentId: number) => repo.deleteInFlightCard(tx, paymentId);
