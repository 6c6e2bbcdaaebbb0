import { dayOutsideStore, type EmployeeSchedule, servedHoursOn, type WorkingHours } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
import { type Actor, recordChange } from '../audit/audit.service';
import { storeWeek } from '../stores/stores.service';
import * as repo from './employee-schedule.repository';
import { findEmployee, lockActiveEmployee } from './employees.repository';

const EMPLOYEE_NOT_FOUND = 'Funcionário não encontrado.';

async function view(db: Db | Tx, id: number): Promise<EmployeeSchedule> {
  const schedule = await repo.findSchedule(db, id);
  if (!schedule) throw new Error(`employee ${id} vanished`);
  return { week: schedule.week, daysOff: schedule.daysOff };
}

/** The employee's week and days off; the default week if none was ever set. */
export async function get(db: Db, id: number) {
  if (!(await findEmployee(db, id))) throw notFound(EMPLOYEE_NOT_FOUND);
  return view(db, id);
}

/**
 * Hours the shop cannot serve (a weekday it is closed, a shift that starts before it opens or ends
 * after it closes) are refused with the reason, per day: saved, they would show on the agenda and
 * never be offered to a customer.
 */
async function requireServable(tx: Tx, schedule: EmployeeSchedule, storeId: number) {
  const store = await storeWeek(tx, storeId);
  const details = schedule.week.flatMap((day, i) => {
    const reason = dayOutsideStore(day, store);
    return reason ? [{ field: `week.${i}.end`, message: reason }] : [];
  });
  const first = details[0];
  if (first) throw new AppError(400, 'OUTSIDE_STORE_HOURS', first.message, details);
}

/**
 * Replaces the whole schedule. The employee's row lock makes a booking in flight (which holds a
 * share lock on it) finish first, or wait and then see the new hours. Appointments already booked
 * stay where they are, even outside the new hours.
 */
export const replace = (db: Db, id: number, schedule: EmployeeSchedule, actor: Actor) =>
  db.transaction(async (tx) => {
    const employee = await lockActiveEmployee(tx, id);
    if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
    await requireServable(tx, schedule, employee.storeId);
    const before = await view(tx, id);
    await repo.replaceSchedule(tx, id, schedule);
    const after = await view(tx, id);
    await recordChange(tx, actor, { action: 'hours', entity: 'employee', entityId: id, before, after });
    return after;
  });

/** An employee moving to another store: their hours as saved must fit its hours (400 per day otherwise). */
export async function requireServableAt(tx: Tx, employeeId: number, storeId: number) {
  await requireServable(tx, await view(tx, employeeId), storeId);
}

/**
 * The schedules of many employees in one query (other modules call this, not the repository):
 * days off limited to `range` when given. Unknown ids are left out.
 */
export const schedulesOf = (db: Db | Tx, employeeIds: readonly number[], range?: repo.DaysOffRange) =>
  repo.findSchedules(db, employeeIds, range);

/**
 * The hours the employee serves on `date`: their own inside their store's, or null on a day off, a
 * weekday they do not work or the shop is closed. Booking and availability both ask this.
 */
export async function hoursOn(db: Db | Tx, employeeId: number, date: string): Promise<WorkingHours | null> {
  const schedule = await repo.findSchedule(db, employeeId, { from: date, to: date });
  if (!schedule) throw new Error(`employee ${employeeId} vanished`);
  return servedHoursOn(schedule, await storeWeek(db, schedule.storeId), date);
}
