import { and, asc, eq, gt, isNull, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { pets, users } from '../../db/schema';
import { balanceOf, creditColumns } from './packages.repository';
import { petCredits } from './packages.schema';

/** Grants with credits left that expire between `now` and `until` (the dashboard). */
export const expiringBetween = (db: Executor, now: Date, until: Date, limit = 200) =>
  db
    .select({ ...creditColumns, petId: pets.id, petName: pets.name, customerName: users.name })
    .from(petCredits)
    .innerJoin(pets, eq(pets.id, petCredits.petId))
    .innerJoin(users, eq(users.id, pets.userId))
    .where(and(gt(petCredits.expiresAt, now), lte(petCredits.expiresAt, until), sql`${balanceOf} > 0`))
    .orderBy(asc(petCredits.expiresAt), asc(petCredits.id))
    .limit(limit);

/** Grants past their expiry that still have credits: the expiry job voids them. */
export const expiredWithBalance = (db: Executor, now: Date, limit: number) =>
  db
    .select({ id: petCredits.id })
    .from(petCredits)
    .where(and(lte(petCredits.expiresAt, now), sql`${balanceOf} > 0`))
    .orderBy(asc(petCredits.expiresAt), asc(petCredits.id))
    .limit(limit);

/** Grants with credits left expiring by `until` whose customer has not been told yet. */
export const dueForNotice = (db: Executor, now: Date, until: Date, limit: number) =>
  db
    .select({
      id: petCredits.id,
      userId: pets.userId,
      petName: pets.name,
      packageName: petCredits.packageName,
      expiresAt: petCredits.expiresAt,
      remaining: balanceOf,
    })
    .from(petCredits)
    .innerJoin(pets, eq(pets.id, petCredits.petId))
    .where(
      and(
        gt(petCredits.expiresAt, now),
        lte(petCredits.expiresAt, until),
        isNull(petCredits.expiryNoticeAt),
        sql`${balanceOf} > 0`,
      ),
    )
    .orderBy(asc(petCredits.expiresAt), asc(petCredits.id))
    .limit(limit);

/** Marks the notice as written; false when another run did it first. */
export const claimNotice = async (tx: Tx, id: number, at: Date) =>
  (
    await tx
      .update(petCredits)
      .set({ expiryNoticeAt: at })
      .where(and(eq(petCredits.id, id), isNull(petCredits.expiryNoticeAt)))
      .returning({ id: petCredits.id })
  ).length > 0;
