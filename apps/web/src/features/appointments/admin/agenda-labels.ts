import {
  type AgendaAppointment,
  type AppointmentStatus,
  formatDate,
  formatMoney,
  WEEKDAY_NAMES,
  weekdayOf,
} from '@petshop/domain';

/** The CSS modifier of each status: the block's colour, always with the status written out. */
export const STATUS_MODIFIER: Readonly<Record<AppointmentStatus, string>> = {
  Agendado: 'scheduled',
  'Em atendimento': 'in-progress',
  Concluído: 'done',
  'Não compareceu': 'no-show',
  Cancelado: 'cancelled',
};

/** 'Segunda-feira, 23/11/2026' */
export const longDate = (date: string) => `${WEEKDAY_NAMES[weekdayOf(date)]}, ${formatDate(date)}`;

/** 'Seg 23/11' */
export const shortDate = (date: string) =>
  `${WEEKDAY_NAMES[weekdayOf(date)].slice(0, 3)} ${formatDate(date).slice(0, 5)}`;

/** What a screen reader hears for a block: '10:00 às 11:30, Thor (Grande), Banho e tosa, Agendado'. */
export const blockLabel = (appointment: AgendaAppointment) =>
  `${appointment.appointment_time} às ${appointment.end_time}, ${appointment.pet.name} (${appointment.pet.size}), ${appointment.service.name}, ${formatMoney(appointment.price)}${appointment.pet.allergies ? `, alergia: ${appointment.pet.allergies}` : ''}, ${appointment.status}`;
