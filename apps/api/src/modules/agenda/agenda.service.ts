import {
  type AgendaAppointment,
  type AgendaDay,
  type AgendaQuery,
  APPOINTMENT_TRANSITIONS,
  addDays,
  agendaSpan,
  endTime,
  fromCents,
  ROLES,
  servedHoursOn,
  type WorkingHours,
} from '@petshop/domain';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';
import { assertStoreAccess, storeScopeOf } from '../../lib/store-scope';
import { employeeOfUser } from '../employees/employee-accounts.service';
import { schedulesOf } from '../employees/employee-schedule.service';
import { storeWeeks } from '../stores/stores.service';
import * as repo from './agenda.repository';

interface Column {
  id: number;
  name: string;
  position: string;
  archived: boolean;
  byDate: Map<string, AgendaAppointment[]>;
}

/** A row's appointment as the agenda shows it; null for an employee's row without one. */
const toAppointment = ({ appointment, service, pet, customer }: repo.AgendaRow): AgendaAppointment | null =>
  appointment && service && pet && customer
    ? {
        id: appointment.id,
        appointment_time: appointment.time,
        end_time: endTime(appointment.time, appointment.durationMinutes),
        durationMinutes: appointment.durationMinutes,
        status: appointment.status,
        next: [...APPOINTMENT_TRANSITIONS[appointment.status]],
        note: appointment.note,
        noteForCustomer: appointment.noteForCustomer,
        price: fromCents(appointment.priceCents),
        service,
        pet,
        customer,
      }
    : null;

/** The rows of one query, one column per employee, appointments filed by date (already in order). */
function columnsOf(rows: repo.AgendaRow[]): Column[] {
  const columns = new Map<number, Column>();
  for (const row of rows) {
    let column = columns.get(row.employee.id);
    if (!column) {
      column = { ...row.employee, byDate: new Map() };
      columns.set(row.employee.id, column);
    }
    const appointment = toAppointment(row);
    if (!appointment || !row.appointment) continue;
    const { date } = row.appointment;
    column.byDate.set(date, [...(column.byDate.get(date) ?? []), appointment]);
  }
  return [...columns.values()];
}

/**
 * Whose columns the caller sees: a professional only their own (none when their account is no
 * employee); a manager or receptionist their stores' (a store asked for must be one of them, else
 * 404); the owner every store, or the one asked for.
 */
async function columnsFor(db: Db, auth: AuthUser, storeId: number | undefined): Promise<repo.AgendaFilter> {
  if (auth.role === ROLES.professional) {
    const own = await employeeOfUser(db, auth.id);
    return { employeeId: own?.id ?? 0 };
  }
  if (storeId !== undefined) {
    assertStoreAccess(auth, storeId, 'Loja não encontrada.');
    return { storeIds: [storeId] };
  }
  const scope = storeScopeOf(auth);
  return scope.all ? {} : { storeIds: scope.storeIds };
}

/**
 * The staff agenda from `date`, one day or seven: a column per employee with that day's working
 * hours and appointments (all but the cancelled ones), and the day's row span. Two queries whatever
 * the number of employees: employees with appointments, then their schedules. An archived employee
 * shows only on the days they still have appointments, without hours.
 */
export async function agenda(db: Db, auth: AuthUser, { date, days, storeId }: AgendaQuery): Promise<AgendaDay[]> {
  const to = addDays(date, days - 1);
  const columns = columnsOf(await repo.listAgendaRows(db, date, to, await columnsFor(db, auth, storeId)));
  const live = columns.filter((column) => !column.archived).map((column) => column.id);
  const [schedules, weeks] = await Promise.all([schedulesOf(db, live, { from: date, to }), storeWeeks(db)]);
  // The hours customers can book: the employee's inside their store's, as availability offers them.
  const hoursOn = (id: number, day: string): WorkingHours | null => {
    const schedule = schedules.get(id);
    return schedule ? servedHoursOn(schedule, weeks.get(schedule.storeId) ?? [], day) : null;
  };
  return Array.from({ length: days }, (_, i) => addDays(date, i)).map((day) => {
    const employers = columns
      .filter((column) => !column.archived || column.byDate.has(day))
      .map((column) => ({
        id: column.id,
        name: column.name,
        position: column.position,
        hours: hoursOn(column.id, day),
        appointments: column.byDate.get(day) ?? [],
      }));
    const span = agendaSpan(employers);
    return { date: day, start: span?.start ?? null, end: span?.end ?? null, employers };
  });
}
