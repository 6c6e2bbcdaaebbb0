import { asc, eq, inArray } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { userStores } from '../../db/schema';

export const storeIdsOf = async (db: Db | Tx, userId: number): Promise<number[]> =>
  (
    await db
      .select({ storeId: userStores.storeId })
      .from(userStores)
      .where(eq(userStores.userId, userId))
      .orderBy(asc(userStores.storeId))
  ).map((row) => row.storeId);

/** Each user's stores, for lists. */
export async function storeIdsOfMany(db: Db | Tx, userIds: readonly number[]): Promise<Map<number, number[]>> {
  const byUser = new Map<number, number[]>();
  if (userIds.length === 0) return byUser;
  const rows = await db
    .select()
    .from(userStores)
    .where(inArray(userStores.userId, [...userIds]))
    .orderBy(asc(userStores.storeId));
  for (const row of rows) byUser.set(row.userId, [...(byUser.get(row.userId) ?? []), row.storeId]);
  return byUser;
}

export async function replaceStores(tx: Tx, userId: number, storeIds: readonly number[]) {
  await tx.delete(userStores).where(eq(userStores.userId, userId));
  if (storeIds.length > 0) await tx.insert(userStores).values(storeIds.map((storeId) => ({ userId, storeId })));
}

export async function addStore(tx: Tx, userId: number, storeId: number) {
  await tx.insert(userStores).values({ userId, storeId }).onConflictDoNothing();
}
