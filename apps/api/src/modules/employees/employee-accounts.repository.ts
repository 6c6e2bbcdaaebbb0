import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { employees } from '../../db/schema';

/** A live employee with what an invitation needs: name, phone, store and the account linked, if any. */
export const lockEmployeeForInvite = async (tx: Tx, id: number) =>
  (
    await tx
      .select({
        id: employees.id,
        name: employees.name,
        phone: employees.phone,
        storeId: employees.storeId,
        userId: employees.userId,
      })
      .from(employees)
      .where(and(eq(employees.id, id), isNull(employees.archivedAt)))
      .for('update')
  )[0];

export const employeeOfUser = async (db: Executor, userId: number) =>
  (
    await db
      .select({ id: employees.id, storeId: employees.storeId })
      .from(employees)
      .where(eq(employees.userId, userId))
  )[0];

export const linkUser = async (tx: Tx, employeeId: number, userId: number) => {
  // One account, one agenda column: another employee linked to this account lets go of it.
  await tx.update(employees).set({ userId: null }).where(eq(employees.userId, userId));
  await tx.update(employees).set({ userId }).where(eq(employees.id, employeeId));
};

/** The store of each of these employees (archived ones included). */
export const storesOfEmployees = async (db: Executor, ids: readonly number[]) =>
  ids.length === 0
    ? []
    : db
        .select({ id: employees.id, storeId: employees.storeId })
        .from(employees)
        .where(inArray(employees.id, [...ids]));
