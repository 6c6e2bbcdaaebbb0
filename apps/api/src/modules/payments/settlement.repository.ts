import { PAYMENT_STATUS, type PaymentMethod, type PaymentStatus } from '@petshop/domain';
import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { paymentReceipts, payments } from '../../db/schema';

type Executor = Db | Tx;

const chargeColumns = {
  id: payments.id,
  txid: payments.txid,
  method: payments.method,
  totalCents: payments.totalCents,
  status: payments.status,
  userId: payments.userId,
};

export type Charge = {
  id: number;
  txid: string | null;
  method: PaymentMethod;
  totalCents: number;
  status: PaymentStatus;
  userId: number;
};

export const findByTxid = async (db: Executor, txid: string): Promise<Charge | undefined> =>
  (await db.select(chargeColumns).from(payments).where(eq(payments.txid, txid)))[0];

export const findById = async (db: Executor, paymentId: number): Promise<Charge | undefined> =>
  (await db.select(chargeColumns).from(payments).where(eq(payments.id, paymentId)))[0];

/** Pending payments past their expiry, oldest first. */
export const listExpired = (db: Executor, now: Date, limit: number): Promise<Charge[]> =>
  db
    .select(chargeColumns)
    .from(payments)
    .where(and(eq(payments.status, PAYMENT_STATUS.pending), lte(payments.expiresAt, now)))
    .orderBy(asc(payments.expiresAt))
    .limit(limit);

/** Pending Pix charges, least recently created first. */
export const listPendingPix = (db: Executor, limit: number): Promise<Charge[]> =>
  db
    .select(chargeColumns)
    .from(payments)
    .where(and(eq(payments.status, PAYMENT_STATUS.pending), eq(payments.method, 'Pix')))
    .orderBy(asc(payments.createdAt))
    .limit(limit);

/** False when this endToEndId was recorded before (a repeated notification). */
export const insertReceipt = async (
  tx: Tx,
  values: { endToEndId: string; paymentId: number; amountCents: number; paidAt: Date },
) =>
  (
    await tx
      .insert(paymentReceipts)
      .values({ ...values, outcome: 'settled' })
      .onConflictDoNothing()
      .returning({ endToEndId: paymentReceipts.endToEndId })
  ).length > 0;

export const markReceiptForRefund = (tx: Tx, endToEndId: string) =>
  tx.update(paymentReceipts).set({ outcome: 'refund' }).where(eq(paymentReceipts.endToEndId, endToEndId));

export const markRefundDue = (tx: Tx, paymentId: number) =>
  tx
    .update(payments)
    .set({ refundDueAt: new Date() })
    .where(and(eq(payments.id, paymentId), isNull(payments.refundDueAt)));

/** Conditional: of parallel movers only one sees the payment pending and moves it. */
export const movePayment = async (tx: Tx, paymentId: number, to: PaymentStatus) =>
  (
    await tx
      .update(payments)
      .set({ status: to })
      .where(and(eq(payments.id, paymentId), eq(payments.status, PAYMENT_STATUS.pending)))
      .returning({ id: payments.id })
  ).length > 0;
