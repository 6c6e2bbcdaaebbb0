import type { Tx } from '../../db/client';
import { employees } from './employees.schema';

/** The demo employees (each names the service they perform). */
export async function insertDemoEmployees(tx: Tx, rows: (typeof employees.$inferInsert)[]) {
  await tx.insert(employees).values(rows);
}
