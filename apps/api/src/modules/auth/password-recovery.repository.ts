import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { passwordResetTokens } from '../../db/schema';

type Executor = Db | Tx;

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
