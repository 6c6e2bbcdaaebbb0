import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { loginChallenges, userRecoveryCodes, userTotp } from '../../db/schema';

export const findTotp = async (db: Executor, userId: number) =>
  (await db.select().from(userTotp).where(eq(userTotp.userId, userId)))[0];

/** A new secret waiting for its first code; replaces an earlier one that was never confirmed. */
export const savePendingTotp = async (db: Executor, userId: number, secretSealed: string) => {
  await db
    .insert(userTotp)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretSealed, enabledAt: null, lastStep: null, createdAt: sql`now()` },
      where: isNull(userTotp.enabledAt),
    });
};

/**
 * Accepts a code's time step once: only past the last one accepted (a code replayed, or two
 * requests with the same code, find nothing to update). Enables a pending secret on the way.
 */
export const acceptStep = async (tx: Tx, userId: number, step: number, enable: boolean) =>
  (
    await tx
      .update(userTotp)
      .set({ lastStep: step, ...(enable ? { enabledAt: sql`now()` } : {}) })
      .where(
        and(
          eq(userTotp.userId, userId),
          or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step)),
          enable ? isNull(userTotp.enabledAt) : sql`${userTotp.enabledAt} is not null`,
        ),
      )
      .returning({ userId: userTotp.userId })
  ).length > 0;

export const replaceRecoveryCodes = async (tx: Tx, userId: number, hashes: readonly string[]) => {
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.insert(userRecoveryCodes).values(hashes.map((codeHash) => ({ userId, codeHash })));
};

/** Spends a recovery code: true once, for a code of this account not used before. */
export const useRecoveryCode = async (tx: Tx, userId: number, codeHash: string) =>
  (
    await tx
      .update(userRecoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(userRecoveryCodes.userId, userId),
          eq(userRecoveryCodes.codeHash, codeHash),
          isNull(userRecoveryCodes.usedAt),
        ),
      )
      .returning({ id: userRecoveryCodes.id })
  ).length > 0;

export const recoveryCodesLeft = async (db: Executor, userId: number) =>
  (
    await db
      .select({ n: count() })
      .from(userRecoveryCodes)
      .where(and(eq(userRecoveryCodes.userId, userId), isNull(userRecoveryCodes.usedAt)))
  )[0]?.n ?? 0;

export const insertChallenge = async (
  db: Executor,
  values: { userId: number; tokenHash: string; purpose: 'verify' | 'enrol'; expiresAt: Date },
) => {
  await db.insert(loginChallenges).values(values);
};

/** The challenge while it can still be answered (not locked: a first look before the budgets). */
export const findLiveChallenge = async (db: Executor, tokenHash: string, now: Date, maxAttempts: number) =>
  (
    await db
      .select({ userId: loginChallenges.userId })
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.tokenHash, tokenHash),
          isNull(loginChallenges.usedAt),
          gt(loginChallenges.expiresAt, now),
          lt(loginChallenges.attempts, maxAttempts),
        ),
      )
  )[0];

/** The challenge, locked, while it can still be answered: not used, not expired, attempts left. */
export const lockLiveChallenge = async (tx: Tx, tokenHash: string, now: Date, maxAttempts: number) =>
  (
    await tx
      .select()
      .from(loginChallenges)
      .where(
        and(
          eq(loginChallenges.tokenHash, tokenHash),
          isNull(loginChallenges.usedAt),
          gt(loginChallenges.expiresAt, now),
          lt(loginChallenges.attempts, maxAttempts),
        ),
      )
      .for('update')
  )[0];

export const countFailure = async (tx: Tx, id: number) => {
  await tx
    .update(loginChallenges)
    .set({ attempts: sql`${loginChallenges.attempts} + 1` })
    .where(eq(loginChallenges.id, id));
};

export const useChallenge = async (tx: Tx, id: number) => {
  await tx.update(loginChallenges).set({ usedAt: sql`now()` }).where(eq(loginChallenges.id, id));
};

/** A user's spent and expired challenges go when a new one is made. */
export const dropStaleChallenges = async (db: Executor, userId: number, now: Date) => {
  await db
    .delete(loginChallenges)
    .where(
      and(
        eq(loginChallenges.userId, userId),
        or(sql`${loginChallenges.usedAt} is not null`, lt(loginChallenges.expiresAt, now)),
      ),
    );
};

/** Two-factor off: the secret (confirmed or pending), the recovery codes and open challenges go. */
export const removeTwoFactor = async (tx: Tx, userId: number) => {
  await tx.delete(userRecoveryCodes).where(eq(userRecoveryCodes.userId, userId));
  await tx.delete(loginChallenges).where(eq(loginChallenges.userId, userId));
  return (await tx.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ enabledAt: userTotp.enabledAt }))[0];
};
