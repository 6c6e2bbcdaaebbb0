import { type EmployeeSchedule, type WorkingHours, workingHoursOn } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import * as repo from './employee-schedule.repository';
import { findEmployee, lockActiveEmployee } from './employees.repository';

const EMPLOYEE_NOT_FOUND = 'Funcionário não encontrado.';

async function view(db: Db | Tx, id: number): Promise<EmployeeSchedule> {
  const schedule = await repo.findSchedule(db, id);
  if (!schedule) throw new Error(`employee ${id} vanished`);
  return schedule;
}

/** The employee's week and days off; the default week if none was ever set. */
export async function get(db: Db, id: number) {
  if (!(await findEmployee(db, id))) throw notFound(EMPLOYEE_NOT_FOUND);
  return view(db, id);
}

/**
 * Replaces the whole schedule. The employee's row lock makes a booking in flight (which holds a
 * share lock on it) finish first, or wait and then see the new hours. Appointments already booked
 * stay where they are, even outside the new hours.
 */
export const replace = (db: Db, id: number, schedule: EmployeeSchedule) =>
  db.transaction(async (tx) => {
    if (!(await lockActiveEmployee(tx, id))) throw notFound(EMPLOYEE_NOT_FOUND);
    await repo.replaceSchedule(tx, id, schedule);
    return view(tx, id);
  });

/**
 * The schedules of many employees in one query (other modules call this, not the repository):
 * days off limited to `range` when given. Unknown ids are left out.
 */
export const schedulesOf = (db: Db | Tx, employeeIds: readonly number[], range?: repo.DaysOffRange) =>
  repo.findSchedules(db, employeeIds, range);

/** The employee's hours on `date`, or null on a day off or a weekday they do not work. */
export async function hoursOn(db: Db | Tx, employeeId: number, date: string): Promise<WorkingHours | null> {
  const schedule = await repo.findSchedule(db, employeeId, { from: date, to: date });
  if (!schedule) throw new Error(`employee ${employeeId} vanished`);
  return workingHoursOn(schedule, date);
}
