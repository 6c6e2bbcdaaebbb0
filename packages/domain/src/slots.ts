import { APPOINTMENT_SLOTS, BUSINESS_DAY_END, BUSINESS_TIME_ZONE, SLOT_MINUTES } from './constants';

/** A moment seen on a São Paulo wall clock: 'YYYY-MM-DD' and 'HH:MM'. */
export interface BusinessMoment {
  date: string;
  time: string;
}

const wallClock = new Intl.DateTimeFormat('en-CA', {
  timeZone: BUSINESS_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** The business date and time (America/Sao_Paulo) of an instant. */
export const businessMoment = (instant: Date = new Date()): BusinessMoment => {
  const parts = Object.fromEntries(wallClock.formatToParts(instant).map((p) => [p.type, p.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
};

/** Today on the São Paulo calendar, 'YYYY-MM-DD': the reference for "not in the future". */
export const businessToday = (): string => businessMoment().date;

export const isSlot = (time: string): boolean => APPOINTMENT_SLOTS.includes(time);

/**
 * The years a date the shop handles may fall in: a pet born in 1990, a report of 2026, an agenda
 * week at the end of 2099. Outside it a date is a typo or a probe (9999-12-28 plus a week is a
 * year PostgreSQL cannot store).
 */
export const DATE_YEARS = { min: 1900, max: 2100 } as const;

/** A real calendar date written 'YYYY-MM-DD' (rejects 2026-02-30) within DATE_YEARS. */
export const isIsoDate = (value: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < DATE_YEARS.min || year > DATE_YEARS.max) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * A slot is bookable while it has not started: at 10:00:30 the 10:00 slot is gone.
 * 'YYYY-MM-DD HH:MM' strings compare in time order.
 */
export const isFutureSlot = (date: string, time: string, now: BusinessMoment): boolean =>
  `${date} ${time}` > `${now.date} ${now.time}`;

/** 'HH:MM' as minutes since midnight, and back. */
export const toMinutes = (time: string): number => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
export const fromMinutes = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** How many consecutive 30-minute slots a service of `durationMinutes` takes. */
export const slotsNeeded = (durationMinutes: number): number => Math.max(1, Math.ceil(durationMinutes / SLOT_MINUTES));

/** When something that starts at `time` and lasts `durationMinutes` (rounded up to whole slots) ends. */
export const endTime = (time: string, durationMinutes: number): string =>
  fromMinutes(toMinutes(time) + slotsNeeded(durationMinutes) * SLOT_MINUTES);

/** Time already taken on the day: an appointment's start and duration. */
export interface BusyTime {
  time: string;
  durationMinutes: number;
}

/** Whether [a, a + da) and [b, b + db) share a minute. */
export const overlaps = (a: BusyTime, b: BusyTime): boolean =>
  toMinutes(a.time) < toMinutes(endTime(b.time, b.durationMinutes)) &&
  toMinutes(b.time) < toMinutes(endTime(a.time, a.durationMinutes));

/** Whether a service of `durationMinutes` starting at `time` ends by the close of the day. */
export const fitsInDay = (time: string, durationMinutes: number): boolean =>
  isSlot(time) && toMinutes(endTime(time, durationMinutes)) <= toMinutes(BUSINESS_DAY_END);

/**
 * The start times of `date` where a service of `durationMinutes` fits: not started yet, ends by
 * 18:00, and overlaps nothing in `busy`.
 */
export const freeSlots = (
  date: string,
  busy: readonly BusyTime[],
  now: BusinessMoment,
  durationMinutes: number = SLOT_MINUTES,
): string[] =>
  APPOINTMENT_SLOTS.filter(
    (time) =>
      isFutureSlot(date, time, now) &&
      fitsInDay(time, durationMinutes) &&
      !busy.some((taken) => overlaps({ time, durationMinutes }, taken)),
  );

/** 'YYYY-MM-DD' plus `days` calendar days. */
export const addDays = (date: string, days: number): string => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};
