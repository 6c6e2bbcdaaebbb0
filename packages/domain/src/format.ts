import { BUSINESS_TIME_ZONE } from './constants';

const currency = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' });

/** R$ 1.234,56 */
export const formatMoney = (value: number): string => currency.format(value).replace(/\u00a0/g, ' ');

/** Money travels as a number with 2 decimals and is stored as integer cents. */
export const toCents = (value: number): number => Math.round(value * 100);
export const fromCents = (cents: number): number => cents / 100;

/** '2026-11-22' -> '22/11/2026' without going through a Date (no time-zone drift). */
export const formatDate = (isoDate: string): string => {
  const [y, m, d] = isoDate.slice(0, 10).split('-');
  return `${d}/${m}/${y}`;
};

const dateTime = new Intl.DateTimeFormat('pt-BR', {
  timeZone: BUSINESS_TIME_ZONE,
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** ISO timestamp -> '22/11/2026 14:05' in São Paulo time. */
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso)).replace(',', '');

/** A service's length as the shop says it: 30 → '30 min', 60 → '1h', 90 → '1h30'. */
export const formatDuration = (minutes: number): string => {
  const [hours, rest] = [Math.floor(minutes / 60), minutes % 60];
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours}h` : `${hours}h${String(rest).padStart(2, '0')}`;
};
