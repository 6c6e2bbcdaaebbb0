import type { BusinessMoment, PaginationQuery } from '@petshop/domain';
import { and, asc, count, eq, exists, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { appointments, employees, services } from '../../db/schema';
import { upcomingAppointment } from '../../db/upcoming-appointment';

const columns = {
  id: employees.id,
  name: employees.name,
  phone: employees.phone,
  position: employees.position,
  serviceId: employees.serviceId,
  storeId: employees.storeId,
};

/** Which live employees a list shows: of one service, of one store, or all. */
export interface EmployeeFilter {
  serviceId?: number | undefined;
  storeId?: number | undefined;
}

const live = ({ serviceId, storeId }: EmployeeFilter = {}): SQL | undefined =>
  and(
    isNull(employees.archivedAt),
    serviceId === undefined ? undefined : eq(employees.serviceId, serviceId),
    storeId === undefined ? undefined : eq(employees.storeId, storeId),
  );

export type EmployeeRow = NonNullable<Awaited<ReturnType<typeof findEmployee>>>;
export type EmployeeValues = Pick<typeof employees.$inferInsert, 'name' | 'phone' | 'position' | 'serviceId'> & {
  storeId?: number;
};

/** One page of live employees (optionally of one service or store), with the total counted by the same query. */
export const listEmployees = (db: Db, filter: EmployeeFilter, { limit, offset }: PaginationQuery) =>
  db
    .select({ ...columns, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(employees)
    .where(live(filter))
    .orderBy(asc(employees.id))
    .limit(limit)
    .offset(offset);

export const countEmployees = async (db: Db, filter: EmployeeFilter) =>
  (await db.select({ n: count() }).from(employees).where(live(filter)))[0]?.n ?? 0;

export const findEmployee = async (db: Executor, id: number) =>
  (
    await db
      .select(columns)
      .from(employees)
      .where(and(eq(employees.id, id), isNull(employees.archivedAt)))
  )[0];

export const activeServiceExists = async (db: Executor, id: number) =>
  (
    await db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.id, id), isNull(services.archivedAt)))
  ).length > 0;

export const insertEmployee = async (db: Db | Tx, values: EmployeeValues) =>
  (await db.insert(employees).values(values).returning({ id: employees.id }))[0];

export const updateEmployee = async (tx: Tx, id: number, values: EmployeeValues) => {
  await tx.update(employees).set(values).where(eq(employees.id, id));
};

/** Serialises changes to one employee with bookings, which hold a share lock on the row. */
export const lockActiveEmployee = async (tx: Tx, id: number) =>
  (
    await tx
      .select(columns)
      .from(employees)
      .where(and(eq(employees.id, id), isNull(employees.archivedAt)))
      .for('update')
  )[0];

/** Whether an appointment with it is still to come (blocks deletion). */
export const hasUpcomingAppointments = async (tx: Tx, id: number, now: BusinessMoment) => {
  const [row] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.employeeId, id), upcomingAppointment(now)))
    .limit(1);
  return row !== undefined;
};

export const isReferenced = async (tx: Tx, id: number) => {
  const [row] = await tx
    .select({
      used: exists(tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.employeeId, id))),
    })
    .from(employees)
    .where(eq(employees.id, id));
  return Boolean(row?.used);
};

export const archiveEmployee = async (tx: Tx, id: number) => {
  await tx.update(employees).set({ archivedAt: new Date() }).where(eq(employees.id, id));
};

export const deleteEmployee = async (tx: Tx, id: number) => {
  await tx.delete(employees).where(eq(employees.id, id));
};
