import type { Db, Tx } from '../../db/client';
import { auditLog } from '../../db/schema';

type Executor = Db | Tx;

export type AuditRow = typeof auditLog.$inferInsert;

export const insertEntry = async (db: Executor, row: AuditRow) => {
  await db.insert(auditLog).values(row);
};
