import { z } from 'zod';
import {
  type EmployeeSchedule,
  type WorkingDay,
  type WorkingHours,
  weekdayOf,
  workingDay,
  workingHoursOn,
} from './schedule';
import { formatHours, storeHoursOnWeekday } from './store-week-text';
import { WEEKDAY_NAMES, type Weekday } from './weekdays';

/**
 * The shop's opening hours, per weekday (a weekday left out: closed). They bound every employee's
 * hours: what is booked, offered and drawn on the agenda is the employee's hours inside these.
 */
export type StoreWeek = readonly WorkingDay[];

/** A fresh install opens Monday to Saturday, 08:00 to 18:00 (SPEC's 20 half-hour slots). */
export const DEFAULT_STORE_WEEK: StoreWeek = [1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  start: '08:00',
  end: '18:00',
}));

/** A store's week: at most one working day per weekday. */
export const storeWeekField = z
  .array(workingDay, { error: 'Informe os horários da loja.' })
  .max(7, 'Informe no máximo 7 dias.')
  .superRefine((week, ctx) => {
    const seen = new Set<number>();
    week.forEach((day, i) => {
      if (seen.has(day.weekday)) {
        ctx.addIssue({ code: 'custom', path: [i, 'weekday'], message: 'Este dia da semana já foi informado.' });
      }
      seen.add(day.weekday);
    });
  });

export const storeHoursBody = z.object({ week: storeWeekField });
export type StoreHoursBody = z.input<typeof storeHoursBody>;

/** The part of `a` inside `b`; null when they do not meet. */
export const intersectHours = (a: WorkingHours | null, b: WorkingHours | null): WorkingHours | null => {
  if (!a || !b) return null;
  const start = a.start > b.start ? a.start : b.start;
  const end = a.end < b.end ? a.end : b.end;
  return start < end ? { start, end } : null;
};

/**
 * The hours an employee serves customers on `date`: their own (or the default week) inside the
 * shop's. The one answer availability, booking and the agenda all use.
 */
export const servedHoursOn = (schedule: EmployeeSchedule, store: StoreWeek, date: string): WorkingHours | null =>
  intersectHours(workingHoursOn(schedule, date), storeHoursOnWeekday(store, weekdayOf(date)));

/**
 * Why an employee's working day cannot be served by the shop, in pt-BR, or null when it can:
 * the shop is closed that weekday, or the day starts before it opens or ends after it closes.
 */
export const dayOutsideStore = (day: WorkingDay, store: StoreWeek): string | null => {
  const name = WEEKDAY_NAMES[day.weekday as Weekday].toLowerCase();
  // 'no domingo', 'no sábado', 'na segunda-feira'…
  const on = `${day.weekday === 0 || day.weekday === 6 ? 'no' : 'na'} ${name}`;
  const open = storeHoursOnWeekday(store, day.weekday);
  if (!open) return `A loja fica fechada ${on}: não há como atender nesse dia.`;
  if (day.start < open.start || day.end > open.end) {
    const capital = on.charAt(0).toUpperCase() + on.slice(1);
    return `${capital} a loja abre das ${formatHours(open)}: o expediente deve caber nesse horário.`;
  }
  return null;
};

/**
 * GET /stores: a store as anyone may read it (its address and hours, for pickup and booking).
 * API.md's fields (`state_id`, `city_id`) plus the city's and state's names for display.
 */
export const storeView = z.object({
  id: z.number(),
  name: z.string(),
  cep: z.string().nullable(),
  street: z.string().nullable(),
  number: z.string().nullable(),
  district: z.string().nullable(),
  state_id: z.number().nullable(),
  city_id: z.number().nullable(),
  city: z.object({ id: z.number(), name: z.string() }).nullable(),
  state: z.object({ id: z.number(), uf: z.string() }).nullable(),
  phone: z.string().nullable(),
  pickup: z.boolean(),
  /** open to customers; GET /stores lists only these, GET /admin/stores the caller's all (a manager's: their own) */
  active: z.boolean(),
  /** the main store ('Loja principal', the oldest): never deactivated, the first to ship from */
  main: z.boolean(),
  hours: z.array(z.object({ weekday: z.number(), start: z.string(), end: z.string() })),
});
export type StoreView = z.infer<typeof storeView>;
