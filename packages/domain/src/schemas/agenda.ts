import { z } from 'zod';
import { APPOINTMENT_STATUS, PET_SIZES } from '../constants';
import { idField } from './common';
import { calendarDate } from './dates';

/** GET /admin/agenda?date=YYYY-MM-DD&days=1|7&storeId= (admin): one store's employees when `storeId` is given. */
export const agendaQuery = z.object({
  date: calendarDate(),
  storeId: idField('Loja inválida.').optional(),
  days: z.coerce
    .number({ error: 'Informe 1 (dia) ou 7 (semana) dias.' })
    .refine((days) => days === 1 || days === 7, 'Informe 1 (dia) ou 7 (semana) dias.')
    .default(1),
});
export type AgendaQuery = z.infer<typeof agendaQuery>;

const time = z.string().describe('HH:MM');

/** The hours an employee works on the day ('24:00' is the end of the day). */
const workingHours = z.object({ start: time, end: time });

/** One appointment as the staff see it on the agenda: what, for whom, who to call. */
export const agendaAppointment = z.object({
  id: z.number(),
  appointment_time: time,
  /** when it ends: start plus its duration */
  end_time: time,
  durationMinutes: z.number(),
  status: z.enum(APPOINTMENT_STATUS),
  /** the statuses the staff may move it to now (empty once it is done or a no-show) */
  next: z.array(z.enum(APPOINTMENT_STATUS)),
  note: z.string().nullable(),
  /** the note is for the pet's owner too */
  noteForCustomer: z.boolean(),
  service: z.object({ id: z.number(), name: z.string() }),
  /** what this appointment costs (the price kept at booking, for the pet's size) */
  price: z.number(),
  /** the pet's allergies as its owner wrote them ('' when none): the groomer must see them */
  pet: z.object({ id: z.number(), name: z.string(), size: z.enum(PET_SIZES), allergies: z.string() }),
  customer: z.object({ name: z.string(), phone: z.string() }),
});
export type AgendaAppointment = z.infer<typeof agendaAppointment>;

/** An employee's column: the day's hours (null on a day off) and the appointments, earliest first. */
export const agendaEmployer = z.object({
  id: z.number(),
  name: z.string(),
  position: z.string(),
  hours: workingHours.nullable(),
  appointments: z.array(agendaAppointment),
});
export type AgendaEmployer = z.infer<typeof agendaEmployer>;

/**
 * One day of the agenda. `start` and `end` bound its 30-minute rows: the earliest start and the
 * latest end of the day's working hours, widened to any appointment outside them; null when
 * nobody works and nothing is booked.
 */
export const agendaDay = z.object({
  date: z.string(),
  start: time.nullable(),
  end: time.nullable(),
  employers: z.array(agendaEmployer),
});
export type AgendaDay = z.infer<typeof agendaDay>;
