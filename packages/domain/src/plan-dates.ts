import { type PlanFrequency, SUBSCRIPTION_WEEKS_AHEAD } from './plan-constants';
import { weekdayOf } from './schedule';
import { addDays } from './slots';

/** The first date on or after `from` that falls on `weekday` (0 = Sunday). */
export const nextWeekday = (from: string, weekday: number): string =>
  addDays(from, (weekday - weekdayOf(from) + 7) % 7);

/** Which occurrence of its weekday in its month a date is (1 = the first), capped at 4 so every month has it. */
const occurrenceInMonth = (date: string) => Math.min(4, Math.ceil(Number(date.slice(8, 10)) / 7));

/** The `n`-th `weekday` of the month of `yearMonth` ('YYYY-MM'). */
const nthWeekdayOfMonth = (yearMonth: string, weekday: number, n: number) =>
  addDays(nextWeekday(`${yearMonth}-01`, weekday), 7 * (n - 1));

const monthAfter = (yearMonth: string, months: number) => {
  const [year, month] = yearMonth.split('-').map(Number) as [number, number];
  const total = year * 12 + (month - 1) + months;
  return `${Math.floor(total / 12)}-${String((total % 12) + 1).padStart(2, '0')}`;
};

/**
 * The dates of a plan's series from `anchor` (its first date) that fall in [from, to): every 7 or
 * 14 days, or for MENSAL the same occurrence of the weekday each month (the 2nd Wednesday…), so
 * there is exactly one date, and one charge, per calendar month.
 */
export function seriesDates(anchor: string, frequency: PlanFrequency, from: string, to: string): string[] {
  const dates: string[] = [];
  if (frequency === 'MENSAL') {
    const weekday = weekdayOf(anchor);
    const n = occurrenceInMonth(anchor);
    for (let k = 0; ; k += 1) {
      const date = k === 0 ? anchor : nthWeekdayOfMonth(monthAfter(anchor.slice(0, 7), k), weekday, n);
      if (date >= to) break;
      if (date >= from) dates.push(date);
    }
    return dates;
  }
  const step = frequency === 'SEMANAL' ? 7 : 14;
  let date = anchor;
  if (from > anchor) {
    const behind = Math.floor((Date.parse(from) - Date.parse(anchor)) / 86_400_000 / step) * step;
    date = addDays(anchor, behind);
  }
  for (; date < to; date = addDays(date, step)) if (date >= from) dates.push(date);
  return dates;
}

/** The end (exclusive) of the window a subscription keeps booked: 8 weeks from today. */
export const bookingHorizon = (today: string) => addDays(today, SUBSCRIPTION_WEEKS_AHEAD * 7);
