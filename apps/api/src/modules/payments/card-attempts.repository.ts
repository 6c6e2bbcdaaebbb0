import { and, asc, eq, isNull, lte } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cardAttempts, payments } from '../../db/schema';

/** A card charge about to be asked of the PSP for this order id (outside the order's transaction). */
export const note = async (db: Db, orderId: number, userId: number) => {
  await db.insert(cardAttempts).values({ orderId, userId }).onConflictDoNothing();
};

/** Attempts not yet settled with the PSP, made before `before`, oldest first. */
export const listOpen = (db: Db, before: Date, limit: number) =>
  db
    .select({ orderId: cardAttempts.orderId, createdAt: cardAttempts.createdAt })
    .from(cardAttempts)
    .where(and(isNull(cardAttempts.checkedAt), lte(cardAttempts.createdAt, before)))
    .orderBy(asc(cardAttempts.createdAt))
    .limit(limit);

export const markChecked = (db: Db, orderId: number) =>
  db.update(cardAttempts).set({ checkedAt: new Date() }).where(eq(cardAttempts.orderId, orderId));

/** Whether one of our payments records this PSP payment. */
export const isRecorded = async (db: Db, pspPaymentId: string) =>
  (await db.select({ id: payments.id }).from(payments).where(eq(payments.pspPaymentId, pspPaymentId)).limit(1)).length >
  0;
