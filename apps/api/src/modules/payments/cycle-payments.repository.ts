import { type LedgerMethod, PAYMENT_STATUS, type PaymentStatus } from '@petshop/domain';
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { payments } from '../../db/schema';

export interface CycleCharge {
  cycleId: number;
  storeId: number | null;
  userId: number;
  method: Extract<LedgerMethod, 'Pix Automático' | 'Cartão de Crédito'>;
  amountCents: number;
  status: PaymentStatus;
  /** Pix Automático: the cobr's txid */
  txid: string | null;
  /** card: the PSP's payment id and what we told it as external_reference */
  pspPaymentId: string | null;
  reference: string | null;
  cardBrand: string | null;
  cardLastFour: string | null;
}

/** Once per charge at the PSP (its txid or payment id): a second run finds the first row. */
export async function insertCycleCharge(tx: Tx, charge: CycleCharge) {
  const [row] = await tx
    .insert(payments)
    .values({
      ownerKind: 'subscription_cycle',
      ownerId: charge.cycleId,
      storeId: charge.storeId,
      userId: charge.userId,
      method: charge.method,
      totalCents: charge.amountCents,
      status: charge.status,
      txid: charge.txid,
      pspPaymentId: charge.pspPaymentId,
      details: charge.reference ? { pspReference: charge.reference } : {},
      cardBrand: charge.cardBrand,
      cardLastFour: charge.cardLastFour,
      installments: charge.method === 'Cartão de Crédito' ? 1 : null,
      settledAt: charge.status === PAYMENT_STATUS.approved ? new Date() : null,
    })
    .onConflictDoNothing()
    .returning({ id: payments.id });
  if (row) return row.id;
  const key = charge.txid
    ? eq(payments.txid, charge.txid)
    : charge.pspPaymentId
      ? eq(payments.pspPaymentId, charge.pspPaymentId)
      : undefined;
  const [earlier] = key ? await tx.select({ id: payments.id }).from(payments).where(key) : [];
  if (!earlier) throw new Error('cycle charge insert returned nothing');
  return earlier.id;
}

/** A waiting charge the PSP refused, cancelled or let expire: conditional, so only one caller moves it. */
export const closeWaiting = async (tx: Tx, paymentId: number, to: PaymentStatus) =>
  (
    await tx
      .update(payments)
      .set({ status: to })
      .where(and(eq(payments.id, paymentId), eq(payments.status, PAYMENT_STATUS.pending)))
      .returning({ id: payments.id })
  ).length > 0;

export const findCycleCharge = async (db: Executor, paymentId: number) =>
  (
    await db
      .select({
        id: payments.id,
        ownerKind: payments.ownerKind,
        ownerId: payments.ownerId,
        method: payments.method,
        status: payments.status,
        totalCents: payments.totalCents,
        refundedCents: payments.refundedCents,
        txid: payments.txid,
        pspPaymentId: payments.pspPaymentId,
        settledAt: payments.settledAt,
      })
      .from(payments)
      .where(eq(payments.id, paymentId))
  )[0];

/** What the plans' cycles brought in since a time, net of what went back. */
export const settledCycleCents = async (db: Executor, since: Date) =>
  (
    await db
      .select({ cents: sql<number>`coalesce(sum(${payments.totalCents} - ${payments.refundedCents}), 0)::int` })
      .from(payments)
      .where(
        and(
          eq(payments.ownerKind, 'subscription_cycle'),
          inArray(payments.status, [
            PAYMENT_STATUS.approved,
            PAYMENT_STATUS.partiallyRefunded,
            PAYMENT_STATUS.refundPending,
            PAYMENT_STATUS.refundFailed,
          ]),
          gte(payments.settledAt, since),
        ),
      )
  )[0]?.cents ?? 0;
