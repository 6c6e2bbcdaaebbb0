import type { EmployeeSchedule, Weekday } from '@petshop/domain';

/** Monday first, as the shop's week reads; Sunday last. */
export const WEEK_ORDER: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];

/** One line of the form per weekday; `off` leaves the weekday out of the week sent. */
export interface DayRow {
  weekday: Weekday;
  off: boolean;
  start: string;
  end: string;
}

export interface ScheduleFormValues {
  days: DayRow[];
  /** 'YYYY-MM-DD', in date order */
  daysOff: string[];
}

export function toFormValues(schedule: EmployeeSchedule): ScheduleFormValues {
  const byWeekday = new Map(schedule.week.map((day) => [day.weekday, day]));
  return {
    days: WEEK_ORDER.map((weekday) => {
      const day = byWeekday.get(weekday);
      return { weekday, off: day === undefined, start: day?.start ?? '08:00', end: day?.end ?? '18:00' };
    }),
    daysOff: [...schedule.daysOff].sort(),
  };
}

/** The worked weekdays, in the order the schema and the server number them (week.0, week.1, ...). */
const workedRows = (values: ScheduleFormValues) => values.days.filter((day) => !day.off);

export const toBody = (values: ScheduleFormValues): EmployeeSchedule => ({
  week: workedRows(values).map(({ weekday, start, end }) => ({ weekday, start, end })),
  daysOff: values.daysOff,
});

/** Errors keyed 'week.2.end' moved to their weekday: { 3: { end: '...' } }. */
export function dayErrors(values: ScheduleFormValues, errors: Partial<Record<string, string>>) {
  const worked = workedRows(values);
  const byWeekday: Partial<Record<Weekday, { start?: string; end?: string }>> = {};
  for (const [key, message] of Object.entries(errors)) {
    const match = /^week\.(\d+)\.(start|end|weekday)$/.exec(key);
    const row = match ? worked[Number(match[1])] : undefined;
    if (!match || !row || !message) continue;
    const field = match[2] === 'start' ? 'start' : 'end';
    byWeekday[row.weekday] = { ...byWeekday[row.weekday], [field]: message };
  }
  return byWeekday;
}

/** The date added to the list, kept in date order. */
export const withDayOff = (daysOff: readonly string[], date: string) => [...daysOff, date].sort();
