import { ACTIVE_APPOINTMENT_STATUSES, APPOINTMENT_STATUS, type BusinessMoment } from '@petshop/domain';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { appointments } from './schema';

/** Scheduled or in progress: it holds its time (the exclusion constraints use the same list). */
export const activeAppointment = () => inArray(appointments.status, [...ACTIVE_APPOINTMENT_STATUSES]);

/** A scheduled appointment whose slot has not started yet at `now` (São Paulo time). */
export const upcomingAppointment = (now: BusinessMoment) =>
  and(
    eq(appointments.status, APPOINTMENT_STATUS.scheduled),
    sql`(${appointments.appointmentDate}, ${appointments.appointmentTime}) > (${now.date}::date, ${now.time})`,
  );
