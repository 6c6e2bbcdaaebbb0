import { type LedgerMethod, PAYMENT_STATUS, type PaymentOwner, type PaymentStatus } from '@petshop/domain';
import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { payments } from '../../db/schema';

export const insertPayment = async (
  tx: Tx,
  values: {
    owner: PaymentOwner;
    storeId: number | null;
    userId: number | null;
    method: LedgerMethod;
    totalCents: number;
    status: PaymentStatus;
    idempotencyKey: string | null;
    idempotencyHash: string | null;
    details: Record<string, string>;
    txid: string | null;
    expiresAt: Date | null;
    pspPaymentId: string | null;
    installments: number | null;
    cardBrand: string | null;
    cardLastFour: string | null;
    nsu?: string | null;
    authorizationCode?: string | null;
  },
) => {
  const { owner, ...rest } = values;
  const settledAt = values.status === PAYMENT_STATUS.approved ? new Date() : null;
  const [row] = await tx
    .insert(payments)
    .values({ ...rest, ownerKind: owner.kind, ownerId: owner.id, settledAt })
    .returning({ id: payments.id });
  if (!row) throw new Error('payment insert returned nothing');
  return row.id;
};

/** A payment made earlier by this user with this key. */
export const findByIdempotencyKey = async (db: Executor, userId: number, key: string) =>
  (
    await db
      .select({
        id: payments.id,
        method: payments.method,
        totalCents: payments.totalCents,
        status: payments.status,
        hash: payments.idempotencyHash,
        details: payments.details,
        txid: payments.txid,
        pspPaymentId: payments.pspPaymentId,
        installments: payments.installments,
        cardBrand: payments.cardBrand,
        cardLastFour: payments.cardLastFour,
      })
      .from(payments)
      .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)))
  )[0];

/** A pending payment whose order is cancelled: nobody may pay it any more. */
export const cancelPending = (tx: Tx, paymentId: number) =>
  tx
    .update(payments)
    .set({ status: PAYMENT_STATUS.cancelled })
    .where(and(eq(payments.id, paymentId), eq(payments.status, PAYMENT_STATUS.pending)))
    .returning({ id: payments.id });

/** A card payment written before the PSP was asked (no PSP id yet, still pending). */
const inFlightCard = (paymentId: number) =>
  and(
    eq(payments.id, paymentId),
    inArray(payments.method, ['Cartão de Crédito', 'Cartão de Débito']),
    eq(payments.status, PAYMENT_STATUS.pending),
    isNull(payments.pspPaymentId),
  );

/**
 * Locks a card payment still waiting for the PSP's first answer; undefined when it has one already
 * (reconciliation or the request's own second transaction got there first).
 */
export const lockInFlightCard = async (tx: Tx, paymentId: number) =>
  (await tx.select({ id: payments.id }).from(payments).where(inFlightCard(paymentId)).for('update'))[0];

export const isInFlightCard = async (db: Executor, paymentId: number) =>
  (await db.select({ id: payments.id }).from(payments).where(inFlightCard(paymentId))).length > 0;

/** The PSP's first answer, written once: conditional on the payment still waiting for it. */
export const answerInFlightCard = async (
  tx: Tx,
  paymentId: number,
  values: {
    status: PaymentStatus;
    expiresAt: Date | null;
    details: Record<string, string>;
    pspPaymentId: string | null;
    installments: number | null;
    cardBrand: string | null;
    cardLastFour: string | null;
  },
) =>
  (
    await tx
      .update(payments)
      .set({ ...values, ...(values.status === PAYMENT_STATUS.approved && { settledAt: new Date() }) })
      .where(inFlightCard(paymentId))
      .returning({ id: payments.id })
  ).length > 0;

/** A card payment the PSP never made (refused, invalid, unreachable): it goes with its order. */
export const deleteInFlightCard = (tx: Tx, paymentId: number) => tx.delete(payments).where(inFlightCard(paymentId));
