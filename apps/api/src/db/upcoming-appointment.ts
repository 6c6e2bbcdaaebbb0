import { APPOINTMENT_STATUS, type BusinessMoment } from '@petshop/domain';
import { and, eq, sql } from 'drizzle-orm';
import { appointments } from './schema';

/** An active appointment whose slot has not started yet at `now` (São Paulo time). */
export const upcomingAppointment = (now: BusinessMoment) =>
  and(
    eq(appointments.status, APPOINTMENT_STATUS.active),
    sql`(${appointments.appointmentDate}, ${appointments.appointmentTime}) > (${now.date}::date, ${now.time})`,
  );
