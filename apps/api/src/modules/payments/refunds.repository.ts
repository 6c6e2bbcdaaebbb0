import { PAYMENT_STATUS, type PaymentStatus } from '@petshop/domain';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { paymentReceipts, paymentRefunds, payments } from '../../db/schema';
import type { MpPayment } from './mercado-pago-client';

export type RefundRow = typeof paymentRefunds.$inferSelect;
export type RefundKind = RefundRow['kind'];

/** The payment row, locked: parallel refunds of one payment wait for each other. */
export const lockPayment = async (tx: Tx, paymentId: number) =>
  (
    await tx
      .select({
        id: payments.id,
        method: payments.method,
        status: payments.status,
        totalCents: payments.totalCents,
        refundedCents: payments.refundedCents,
        refundDueAt: payments.refundDueAt,
        pspPaymentId: payments.pspPaymentId,
      })
      .from(payments)
      .where(eq(payments.id, paymentId))
      .for('update')
  )[0];

/** Money the bank reported for a payment: what paid it, and what came too late. */
export const receiptsOf = (db: Executor, paymentId: number) =>
  db
    .select({
      endToEndId: paymentReceipts.endToEndId,
      amountCents: paymentReceipts.amountCents,
      outcome: paymentReceipts.outcome,
    })
    .from(paymentReceipts)
    .where(eq(paymentReceipts.paymentId, paymentId))
    .orderBy(asc(paymentReceipts.createdAt));

export const findByRequest = async (db: Executor, paymentId: number, requestKey: string) =>
  (
    await db
      .select()
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, paymentId), eq(paymentRefunds.requestKey, requestKey)))
  )[0];

export const findById = async (db: Executor, id: number) =>
  (await db.select().from(paymentRefunds).where(eq(paymentRefunds.id, id)))[0];

export async function insert(tx: Tx, values: typeof paymentRefunds.$inferInsert) {
  const [row] = await tx.insert(paymentRefunds).values(values).returning();
  if (!row) throw new Error('refund insert returned nothing');
  return row;
}

export const setPayment = (
  tx: Tx,
  paymentId: number,
  values: { refundedCents: number; status?: PaymentStatus; refundDueAt?: Date | null },
) => tx.update(payments).set(values).where(eq(payments.id, paymentId));

/** Conditional on 'pendente': of a webhook, a retry and the request itself only one concludes it. */
export const conclude = async (tx: Tx, id: number, pspRefundId: string | null) =>
  (
    await tx
      .update(paymentRefunds)
      .set({ status: 'concluido', pspRefundId, settledAt: new Date() })
      .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pendente')))
      .returning({ id: paymentRefunds.id })
  ).length > 0;

export const fail = async (tx: Tx, id: number, error: string) =>
  (
    await tx
      .update(paymentRefunds)
      .set({ status: 'falhou', error, settledAt: new Date() })
      .where(and(eq(paymentRefunds.id, id), eq(paymentRefunds.status, 'pendente')))
      .returning({ id: paymentRefunds.id })
  ).length > 0;

export const listOfPayment = (db: Executor, paymentId: number) =>
  db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)).orderBy(asc(paymentRefunds.id));

/** Refunds sent to a PSP that did not answer yet, oldest first: retried with the same key. */
export const listPendingAtPsp = (db: Executor, limit: number) =>
  db
    .select()
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.status, 'pendente'), inArray(paymentRefunds.kind, ['card', 'pix'])))
    .orderBy(asc(paymentRefunds.id))
    .limit(limit);

/** The PSP says the whole payment went back: every refund still pending of it is done. */
/** What the customer is told of a refund concluded by the PSP's word (webhook or reconciliation). */
const concludedColumns = { id: paymentRefunds.id, amountCents: paymentRefunds.amountCents, kind: paymentRefunds.kind };

export const concludePending = (tx: Tx, paymentId: number) =>
  tx
    .update(paymentRefunds)
    .set({ status: 'concluido', settledAt: new Date() })
    .where(
      and(
        eq(paymentRefunds.paymentId, paymentId),
        eq(paymentRefunds.status, 'pendente'),
        eq(paymentRefunds.kind, 'card'),
      ),
    )
    .returning(concludedColumns);

/** A partial refund seen at the PSP: pending card refunds it covers are done (answered, to be told). */
export async function confirmAtPsp(tx: Tx, paymentId: number, payment: MpPayment) {
  const refundedAtPsp = Math.round((payment.transaction_amount_refunded ?? 0) * 100);
  return tx
    .update(paymentRefunds)
    .set({ status: 'concluido', settledAt: new Date() })
    .where(
      and(
        eq(paymentRefunds.paymentId, paymentId),
        eq(paymentRefunds.status, 'pendente'),
        eq(paymentRefunds.kind, 'card'),
        sql`(select coalesce(sum(r.amount_cents), 0) from payment_refunds r where r.payment_id = ${paymentId} and r.status <> 'falhou') <= ${refundedAtPsp}`,
      ),
    )
    .returning(concludedColumns);
}

export const REFUNDABLE: readonly PaymentStatus[] = [
  PAYMENT_STATUS.approved,
  PAYMENT_STATUS.partiallyRefunded,
  PAYMENT_STATUS.refundPending,
  PAYMENT_STATUS.refundFailed,
];
