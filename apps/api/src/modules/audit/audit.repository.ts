import { BUSINESS_TIME_ZONE } from '@petshop/domain';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { foldedContains } from '../../db/folded-search';
import { auditLog, users } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferInsert;

export const insertEntry = async (db: Executor, row: AuditRow) => {
  await db.insert(auditLog).values(row);
};

export interface AuditFilter {
  entity?: string;
  entityId?: number;
  userId?: number;
  /** already folded words, each in the name of who made the change */
  personWords?: readonly string[];
  from?: string;
  to?: string;
  limit: number;
  offset: number;
}

/** A page of entries, newest first, with the total that match. */
export async function listEntries(db: Db, filter: AuditFilter) {
  const where: SQL[] = [];
  if (filter.entity) where.push(eq(auditLog.entity, filter.entity));
  if (filter.entityId) where.push(eq(auditLog.entityId, filter.entityId));
  if (filter.userId) where.push(eq(auditLog.userId, filter.userId));
  if (filter.personWords?.length) {
    const named = db
      .select({ id: users.id })
      .from(users)
      .where(and(...filter.personWords.map((word) => foldedContains(users.name, word))));
    where.push(inArray(auditLog.userId, named));
  }
  if (filter.from)
    where.push(gte(auditLog.at, sql`(${filter.from}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`));
  if (filter.to)
    where.push(lt(auditLog.at, sql`((${filter.to}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE})`));
  const condition = where.length > 0 ? and(...where) : undefined;
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        userId: auditLog.userId,
        userName: users.name,
        role: auditLog.role,
        storeId: auditLog.storeId,
        action: auditLog.action,
        entity: auditLog.entity,
        entityId: auditLog.entityId,
        before: auditLog.before,
        after: auditLog.after,
        ip: auditLog.ip,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.userId))
      .where(condition)
      .orderBy(desc(auditLog.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: sql<number>`count(*)::int` }).from(auditLog).where(condition),
  ]);
  return { items: rows, total: count?.n ?? 0 };
}
