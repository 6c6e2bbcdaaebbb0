import { z } from 'zod';
import { APPOINTMENT_STATUS, type AppointmentStatus, PET_SIZES } from '../constants';
import { isScheduleStart } from '../schedule';
import { positiveInt } from './common';
import { calendarDate } from './dates';

/** Any half hour of the day is a start; whether the shop and the employee serve it is the server's to say. */
export const SLOT_MESSAGE = 'Escolha um horário em HH:MM, de 30 em 30 minutos.';

const dateField = calendarDate();
const timeField = z.string({ error: 'Informe o horário.' }).refine(isScheduleStart, SLOT_MESSAGE);

export const appointmentBody = z.object({
  service_id: positiveInt('Selecione um serviço.'),
  employer_id: positiveInt('Selecione um funcionário.'),
  pet_id: positiveInt('Selecione um pet.'),
  appointment_date: dateField,
  appointment_time: timeField,
  /** the store chosen (the only active one when left out, or the employee's): its employees only */
  store_id: positiveInt('Selecione a loja.').optional(),
  /** a matching package credit pays it (default: when the pet has one); false pays the price */
  useCredit: z.boolean({ error: 'Informe se o crédito do pacote deve ser usado.' }).optional(),
});
export type AppointmentBody = z.infer<typeof appointmentBody>;

export const rescheduleBody = z.object({
  appointment_date: dateField,
  appointment_time: timeField,
});
export type RescheduleBody = z.infer<typeof rescheduleBody>;

export const APPOINTMENT_NOTE_MAX = 2000;

/** PUT /appointments/{id}/status (admin). */
export const appointmentStatusBody = z.object({
  status: z.enum(Object.values(APPOINTMENT_STATUS) as [AppointmentStatus, ...AppointmentStatus[]], {
    error: 'Informe um status válido: Agendado, Em atendimento, Concluído, Não compareceu ou Cancelado.',
  }),
  note: z
    .string({ error: 'Observação inválida.' })
    .trim()
    .max(APPOINTMENT_NOTE_MAX, `Use no máximo ${APPOINTMENT_NOTE_MAX} caracteres.`)
    .optional(),
  /** the note is for the pet's owner to read too; without it a new note is the staff's own */
  noteForCustomer: z.boolean({ error: 'Informe se a observação é para o cliente (true ou false).' }).optional(),
});
export type AppointmentStatusBody = z.infer<typeof appointmentStatusBody>;

export const availabilityQuery = z.object({
  employer_id: z.coerce
    .number({ error: 'Selecione um funcionário.' })
    .int('Selecione um funcionário.')
    .positive('Selecione um funcionário.'),
  date: dateField,
});

export const appointment = z.object({
  id: z.number(),
  appointment_date: z.string(),
  appointment_time: z.string(),
  pet_id: z.number(),
  service_id: z.number(),
  employer_id: z.number(),
  /** the store where it takes place (the employee's) */
  store_id: z.number(),
  status: z.enum(APPOINTMENT_STATUS),
  /** the price for the pet's size when it was booked */
  price: z.number(),
  /** 'Pacote' when a package credit paid it (then `price` is 0); null when paid at the shop */
  paidWith: z.string().nullable().optional(),
  durationMinutes: z.number(),
  /** the staff's note; its customer reads it only when it is for them (null otherwise) */
  note: z.string().nullable(),
  noteForCustomer: z.boolean(),
  service: z.object({ name: z.string() }),
  employer: z.object({ name: z.string() }),
  pet: z.object({ name: z.string(), size: z.enum(PET_SIZES) }),
});
export type Appointment = z.infer<typeof appointment>;

/** The staff's list adds who to call about it: the customer's name and phone. */
export const staffAppointment = appointment.extend({
  customer: z.object({ name: z.string(), phone: z.string() }),
});
export type StaffAppointment = z.infer<typeof staffAppointment>;
