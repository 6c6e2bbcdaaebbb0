import { DEFAULT_EMPLOYEE_SCHEDULE, type EmployeeSchedule } from '@petshop/domain';
import { and, eq, gte, inArray, lte, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { employeeDaysOff, employeeHours, employees } from '../../db/schema';

/** Limits the days off read to these dates (both included), e.g. the days an agenda shows. */
export interface DaysOffRange {
  from: string;
  to: string;
}

type WeekJson = EmployeeSchedule['week'];

/** An employee's schedule and the store whose hours bound it. */
export type StoreSchedule = EmployeeSchedule & { storeId: number };

/** Drivers hand json back parsed; a string would mean one did not. */
const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

/**
 * The schedules of `employeeIds`, read in one query: each employee's week ordered by weekday and
 * days off ordered by date. Employees who never had one set get the default week. Ids that match
 * no employee are left out of the map.
 */
export const findSchedules = async (
  db: Executor,
  employeeIds: readonly number[],
  range?: DaysOffRange,
): Promise<Map<number, StoreSchedule>> => {
  const schedules = new Map<number, StoreSchedule>();
  if (employeeIds.length === 0) return schedules;
  const daysOffWhere: SQL | undefined = and(
    eq(employeeDaysOff.employeeId, employees.id),
    range ? gte(employeeDaysOff.day, range.from) : undefined,
    range ? lte(employeeDaysOff.day, range.to) : undefined,
  );
  const rows = await db
    .select({
      id: employees.id,
      scheduleSetAt: employees.scheduleSetAt,
      storeId: employees.storeId,
      week: sql<WeekJson | string>`coalesce((
        select json_agg(json_build_object('weekday', ${employeeHours.weekday}, 'start', ${employeeHours.startTime}, 'end', ${employeeHours.endTime}) order by ${employeeHours.weekday})
        from ${employeeHours} where ${employeeHours.employeeId} = ${employees.id}
      ), '[]'::json)`,
      daysOff: sql<string[] | string>`coalesce((
        select json_agg(to_char(${employeeDaysOff.day}, 'YYYY-MM-DD') order by ${employeeDaysOff.day})
        from ${employeeDaysOff} where ${daysOffWhere}
      ), '[]'::json)`,
    })
    .from(employees)
    .where(inArray(employees.id, [...employeeIds]));
  for (const row of rows) {
    const daysOff = fromJson(row.daysOff);
    schedules.set(
      row.id,
      row.scheduleSetAt === null
        ? { week: DEFAULT_EMPLOYEE_SCHEDULE.week, daysOff, storeId: row.storeId }
        : { week: fromJson(row.week), daysOff, storeId: row.storeId },
    );
  }
  return schedules;
};

export const findSchedule = async (db: Executor, employeeId: number, range?: DaysOffRange) =>
  (await findSchedules(db, [employeeId], range)).get(employeeId);

/** Replaces the whole schedule of one employee; run it inside a transaction holding the employee's lock. */
export const replaceSchedule = async (tx: Tx, employeeId: number, schedule: EmployeeSchedule) => {
  await tx.delete(employeeHours).where(eq(employeeHours.employeeId, employeeId));
  await tx.delete(employeeDaysOff).where(eq(employeeDaysOff.employeeId, employeeId));
  if (schedule.week.length > 0) {
    await tx
      .insert(employeeHours)
      .values(
        schedule.week.map((day) => ({ employeeId, weekday: day.weekday, startTime: day.start, endTime: day.end })),
      );
  }
  if (schedule.daysOff.length > 0) {
    await tx.insert(employeeDaysOff).values(schedule.daysOff.map((day) => ({ employeeId, day })));
  }
  await tx.update(employees).set({ scheduleSetAt: new Date() }).where(eq(employees.id, employeeId));
};
