import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';

export const insertResetToken = async (tx: Executor, userId: number, tokenHash: string, expiresAt: Date) => {
  const [row] = await tx
    .insert(passwordResetTokens)
    .values({ userId, tokenHash, expiresAt })
    .returning({ id: passwordResetTokens.id });
  if (!row) throw new Error('insert returned nothing');
  return row.id;
};

/** Uses the token if it is unused and unexpired; of two parallel uses, one gets the row. */
export const consumeResetToken = async (tx: Tx, tokenHash: string) =>
  (
    await tx
      .update(passwordResetTokens)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(passwordResetTokens.tokenHash, tokenHash),
          isNull(passwordResetTokens.usedAt),
          gt(passwordResetTokens.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
  )[0];

/** A new password makes every link sent before it useless. */
export const revokeOpenResetTokens = (tx: Tx, userId: number) =>
  tx
    .update(passwordResetTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)));

/** LGPD erasure: every reset token of the user. */
export const deleteTokensOf = (tx: Tx, userId: number) =>
  tx.delete(passwordResetTokens).where(eq(passwordResetTokens.userId, userId));

/** LGPD export: when each reset was asked for and used, never the token's hash. */
export const exportOf = (db: Db, userId: number) =>
  db
    .select({
      createdAt: passwordResetTokens.createdAt,
      expiresAt: passwordResetTokens.expiresAt,
      usedAt: passwordResetTokens.usedAt,
    })
    .from(passwordResetTokens)
    .where(eq(passwordResetTokens.userId, userId))
    .orderBy(asc(passwordResetTokens.id));
