import { formatDate } from '@petshop/domain';

/** '22/11/2026 14:30', or SPEC's placeholder when the date is missing. */
export const appointmentWhen = (date: string | undefined, time: string | undefined): string =>
  date ? `${formatDate(date)} ${(time ?? '').slice(0, 5)}`.trim() : 'Data não especificada';
