import { type Appointment, formatDate } from '@petshop/domain';

/** '22/11/2026 14:30', or SPEC's placeholder when the date is missing. */
export const appointmentWhen = ({ appointment_date: date, appointment_time: time }: Appointment): string =>
  date ? `${formatDate(date)} ${(time ?? '').slice(0, 5)}`.trim() : 'Data não especificada';
