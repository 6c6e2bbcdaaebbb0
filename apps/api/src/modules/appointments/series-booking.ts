import { APPOINTMENT_STATUS, availableStarts, type BusinessMoment, isFutureSlot, toMinutes } from '@petshop/domain';
import type { Tx } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { violatedConstraint } from '../../lib/pg-error';
import { hoursOn } from '../employees/employee-schedule.service';
import * as appointments from './appointments.repository';
import * as repo from './booking.repository';
import { requireBookable } from './booking-rules';

/** One date of a recurring series (a subscription's): who, what, and the time it prefers. */
export interface SeriesDate {
  userId: number;
  petId: number;
  serviceId: number;
  employeeId: number;
  date: string;
  preferredTime: string;
  /** what the appointment costs on its own: 0 when the series is paid by its plan */
  priceCents: number;
}

export type SeriesBooking = { booked: { appointmentId: number; time: string } } | { noTime: true };

/** Free starts of the day, nearest to the preferred time first (the earlier one on a tie). */
const nearestFirst = (starts: string[], preferred: string) =>
  [...starts].sort(
    (a, b) =>
      Math.abs(toMinutes(a) - toMinutes(preferred)) - Math.abs(toMinutes(b) - toMinutes(preferred)) ||
      toMinutes(a) - toMinutes(b),
  );

/**
 * Books one date of a series with the very checks of a customer's booking (`requireBookable`: the
 * pet is the customer's, the employee does the service in a store that is open, the whole duration
 * inside the hours they serve that day, no overlap for the employee or the pet, in the future): at
 * the preferred time, or the nearest free time that day. A day off, a day with no free time left or
 * a booking the rules refuse answers `noTime`: the caller lists it for the staff. Each try runs in a
 * savepoint, so a refused time or a lost race on the exclusion constraints tries the next time.
 */
export async function bookSeriesDate(tx: Tx, want: SeriesDate, now: BusinessMoment): Promise<SeriesBooking> {
  const service = await repo.findActiveService(tx, want.serviceId);
  if (!service) return { noTime: true };
  const hours = await hoursOn(tx, want.employeeId, want.date);
  const busy = await repo.busyTimes(tx, want.employeeId, want.date);
  const starts = nearestFirst(
    availableStarts(want.date, hours, busy, now, service.durationMinutes),
    want.preferredTime,
  );
  for (const time of starts) {
    try {
      const created = await tx.transaction(async (sp) => {
        const { employee, service: offered } = await requireBookable(sp, { ...want, time }, now);
        return repo.insertAppointment(sp, {
          userId: want.userId,
          petId: want.petId,
          serviceId: want.serviceId,
          employeeId: employee.id,
          appointmentDate: want.date,
          appointmentTime: time,
          durationMinutes: offered.durationMinutes,
          priceCents: want.priceCents,
        });
      });
      if (created) return { booked: { appointmentId: created.id, time } };
    } catch (error) {
      if (!(error instanceof AppError) && violatedConstraint(error) === undefined) throw error;
    }
  }
  return { noTime: true };
}

/**
 * How many of the dates each employee could take at that time (working, the whole duration inside
 * their hours, nothing booked over it): who to give a series when the customer chose nobody.
 */
export async function freeDatesAt(
  db: Tx,
  employeeIds: readonly number[],
  serviceId: number,
  dates: readonly string[],
  time: string,
  now: BusinessMoment,
) {
  const free = new Map<number, number>();
  const service = await repo.findActiveService(db, serviceId);
  if (!service) return free;
  for (const employeeId of employeeIds) {
    let n = 0;
    for (const date of dates) {
      const hours = await hoursOn(db, employeeId, date);
      const busy = await repo.busyTimes(db, employeeId, date);
      if (availableStarts(date, hours, busy, now, service.durationMinutes).includes(time)) n += 1;
    }
    free.set(employeeId, n);
  }
  return free;
}

/**
 * Frees the series' appointments that have not happened yet (still scheduled and in the future):
 * cancelled like a customer's cancellation, so their times are free again. Returns the ones freed.
 */
export async function releaseSeries(tx: Tx, appointmentIds: readonly number[], now: BusinessMoment) {
  const freed: number[] = [];
  for (const id of appointmentIds) {
    const current = await appointments.lockAppointment(tx, id);
    if (!current || current.status !== APPOINTMENT_STATUS.scheduled) continue;
    if (!isFutureSlot(current.date, current.time, now)) continue;
    await appointments.cancelAppointment(tx, id);
    freed.push(id);
  }
  return freed;
}
