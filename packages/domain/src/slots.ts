import { APPOINTMENT_SLOTS, BUSINESS_TIME_ZONE } from './constants';

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

export const isSlot = (time: string): boolean => APPOINTMENT_SLOTS.includes(time);

/** A real calendar date written 'YYYY-MM-DD' (rejects 2026-02-30). */
export const isIsoDate = (value: string): boolean => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/**
 * A slot is bookable while it has not started: at 10:00:30 the 10:00 slot is gone.
 * 'YYYY-MM-DD HH:MM' strings compare in time order.
 */
export const isFutureSlot = (date: string, time: string, now: BusinessMoment): boolean =>
  `${date} ${time}` > `${now.date} ${now.time}`;

/** The slots of `date` still free: not taken and not started. */
export const freeSlots = (date: string, taken: Iterable<string>, now: BusinessMoment): string[] => {
  const busy = new Set(taken);
  return APPOINTMENT_SLOTS.filter((slot) => !busy.has(slot) && isFutureSlot(date, slot, now));
};

/** 'YYYY-MM-DD' plus `days` calendar days. */
export const addDays = (date: string, days: number): string => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
};
