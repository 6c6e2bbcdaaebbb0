import { type LedgerMethod, PAYMENT_STATUS, type PaymentStatus } from '@petshop/domain';
import { and, asc, eq, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { paymentReceipts, payments } from '../../db/schema';

const chargeColumns = {
  id: payments.id,
  txid: payments.txid,
  method: payments.method,
  totalCents: payments.totalCents,
  status: payments.status,
  userId: payments.userId,
  pspPaymentId: payments.pspPaymentId,
  refundedCents: payments.refundedCents,
  details: payments.details,
};

export type Charge = {
  id: number;
  txid: string | null;
  method: LedgerMethod;
  totalCents: number;
  status: PaymentStatus;
  userId: number | null;
  pspPaymentId: string | null;
  refundedCents: number;
  details: unknown;
};

export const findByTxid = async (db: Executor, txid: string): Promise<Charge | undefined> =>
  (await db.select(chargeColumns).from(payments).where(eq(payments.txid, txid)))[0];

export const findById = async (db: Executor, paymentId: number): Promise<Charge | undefined> =>
  (await db.select(chargeColumns).from(payments).where(eq(payments.id, paymentId)))[0];

/** Pending payments past their expiry, oldest first: at the Pix PSP, or (`atCardPsp`) at the card PSP. */
export const listExpired = (db: Executor, now: Date, limit: number, atCardPsp = false): Promise<Charge[]> =>
  db
    .select(chargeColumns)
    .from(payments)
    .where(
      and(
        eq(payments.status, PAYMENT_STATUS.pending),
        lte(payments.expiresAt, now),
        atCardPsp ? isNotNull(payments.pspPaymentId) : isNull(payments.pspPaymentId),
      ),
    )
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

export const findByPspPayment = async (db: Executor, pspPaymentId: string): Promise<Charge | undefined> =>
  (await db.select(chargeColumns).from(payments).where(eq(payments.pspPaymentId, pspPaymentId)))[0];

/** Pending card payments and boletos at the card PSP, least recently created first. */
export const listPendingAtCardPsp = (db: Executor, limit: number): Promise<Charge[]> =>
  db
    .select(chargeColumns)
    .from(payments)
    .where(and(eq(payments.status, PAYMENT_STATUS.pending), isNotNull(payments.pspPaymentId)))
    .orderBy(asc(payments.createdAt))
    .limit(limit);

/** Conditional on the status being one of `from`: of parallel movers only one moves it. */
export const movePaymentFrom = async (
  tx: Tx,
  paymentId: number,
  from: readonly PaymentStatus[],
  to: PaymentStatus,
  set: { refundedCents?: number; refundDueAt?: Date | null } = {},
) =>
  (
    await tx
      .update(payments)
      .set({ status: to, ...set })
      .where(and(eq(payments.id, paymentId), inArray(payments.status, [...from])))
      .returning({ id: payments.id })
  ).length > 0;

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
      .set({ status: to, ...(to === PAYMENT_STATUS.approved && { settledAt: new Date() }) })
      .where(and(eq(payments.id, paymentId), eq(payments.status, PAYMENT_STATUS.pending)))
      .returning({ id: payments.id })
  ).length > 0;

/** Whose payment it is: the module whose outcomes its fate goes to. */
export const ownerKindOf = async (db: Executor, paymentId: number) =>
  (await db.select({ kind: payments.ownerKind }).from(payments).where(eq(payments.id, paymentId)))[0]?.kind;

/** The card payment of an order still waiting for the PSP's first answer (pending, no PSP id yet). */
export const findInFlightCardOf = async (db: Executor, orderId: number): Promise<Charge | undefined> =>
  (
    await db
      .select(chargeColumns)
      .from(payments)
      .where(
        and(
          eq(payments.ownerKind, 'order'),
          eq(payments.ownerId, orderId),
          inArray(payments.method, ['Cartão de Crédito', 'Cartão de Débito']),
          eq(payments.status, PAYMENT_STATUS.pending),
          isNull(payments.pspPaymentId),
        ),
      )
  )[0];

/** The PSP's payment found for an in-flight card payment, written once (conditional on it still being in flight). */
export const attachPspPayment = async (
  db: Executor,
  paymentId: number,
  values: { pspPaymentId: string; installments: number | null; cardBrand: string | null; cardLastFour: string | null },
) =>
  (
    await db
      .update(payments)
      .set(values)
      .where(
        and(eq(payments.id, paymentId), eq(payments.status, PAYMENT_STATUS.pending), isNull(payments.pspPaymentId)),
      )
      .returning({ id: payments.id })
  ).length > 0;
