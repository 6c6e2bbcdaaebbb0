import { z } from 'zod';
import { SLOT_MINUTES } from './constants';
import { calendarDate } from './schemas/dates';
import { type BusinessMoment, type BusyTime, endTime, fromMinutes, isFutureSlot, overlaps, toMinutes } from './slots';
import type { Weekday } from './weekdays';

/** A schedule may list at most this many days off (past ones included). */
export const DAYS_OFF_MAX = 500;

/** Every half hour of a day, '00:00' to '24:00' (the end of the day): where a shift may start or end. */
export const SCHEDULE_TIME_MARKS: readonly string[] = Array.from({ length: 49 }, (_, i) => {
  const minutes = i * SLOT_MINUTES;
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
});

export const isScheduleStart = (time: string): boolean => time !== '24:00' && SCHEDULE_TIME_MARKS.includes(time);
export const isScheduleEnd = (time: string): boolean => time !== '00:00' && SCHEDULE_TIME_MARKS.includes(time);

/** The working hours of one day: from `start` until `end` ('24:00' is midnight at the end of the day). */
export interface WorkingHours {
  start: string;
  end: string;
}

const WEEKDAY_MESSAGE = 'Informe o dia da semana de 0 (domingo) a 6 (sábado).';
const START_MESSAGE = 'Informe o início em HH:MM, de 30 em 30 minutos, entre 00:00 e 23:30.';
const END_MESSAGE = 'Informe o fim em HH:MM, de 30 em 30 minutos, entre 00:30 e 24:00.';
const DAY_OFF_MESSAGE = 'Informe a folga como uma data válida no formato AAAA-MM-DD.';

export const workingDay = z
  .object({
    weekday: z.number({ error: WEEKDAY_MESSAGE }).int(WEEKDAY_MESSAGE).min(0, WEEKDAY_MESSAGE).max(6, WEEKDAY_MESSAGE),
    start: z.string({ error: START_MESSAGE }).refine(isScheduleStart, START_MESSAGE),
    end: z.string({ error: END_MESSAGE }).refine(isScheduleEnd, END_MESSAGE),
  })
  .refine((day) => !isScheduleStart(day.start) || !isScheduleEnd(day.end) || day.start < day.end, {
    path: ['end'],
    message: 'O fim do expediente deve ser depois do início.',
  });
export type WorkingDay = z.output<typeof workingDay>;

/**
 * GET/PUT /employers/{id}/schedule: the hours of each working weekday (a weekday left out is a day
 * off every week) and the dates off. A PUT replaces the whole schedule.
 */
export const employeeScheduleBody = z
  .object({
    week: z.array(workingDay, { error: 'Informe os horários da semana.' }).max(7, 'Informe no máximo 7 dias.'),
    daysOff: z
      .array(calendarDate(DAY_OFF_MESSAGE), {
        error: 'Informe as folgas como uma lista de datas.',
      })
      .max(DAYS_OFF_MAX, `Informe no máximo ${DAYS_OFF_MAX} folgas.`),
  })
  .superRefine((schedule, ctx) => {
    const weekdays = new Set<number>();
    schedule.week.forEach((day, i) => {
      if (weekdays.has(day.weekday)) {
        ctx.addIssue({ code: 'custom', path: ['week', i, 'weekday'], message: 'Este dia da semana já foi informado.' });
      }
      weekdays.add(day.weekday);
    });
    const dates = new Set<string>();
    schedule.daysOff.forEach((date, i) => {
      if (dates.has(date))
        ctx.addIssue({ code: 'custom', path: ['daysOff', i], message: 'Esta folga já foi informada.' });
      dates.add(date);
    });
  });
export type EmployeeScheduleBody = z.input<typeof employeeScheduleBody>;

/** The schedule as the API answers it: week ordered by weekday, days off by date. */
export const employeeSchedule = z.object({
  week: z.array(z.object({ weekday: z.number(), start: z.string(), end: z.string() })),
  daysOff: z.array(z.string()),
});
export type EmployeeSchedule = z.infer<typeof employeeSchedule>;

/** Whoever has no schedule of their own works Monday to Saturday, 08:00 to 18:00. */
export const DEFAULT_EMPLOYEE_SCHEDULE: EmployeeSchedule = {
  week: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
  daysOff: [],
};

/** The weekday (0 = Sunday) of a 'YYYY-MM-DD' date. */
export const weekdayOf = (date: string): Weekday => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day)).getUTCDay() as Weekday;
};

/** The hours worked on `date`, or null on a day off or a weekday without hours. */
export const workingHoursOn = (schedule: EmployeeSchedule, date: string): WorkingHours | null => {
  if (schedule.daysOff.includes(date)) return null;
  const day = schedule.week.find((d) => d.weekday === weekdayOf(date));
  return day ? { start: day.start, end: day.end } : null;
};

/** Whether something that starts at `time` and lasts `durationMinutes` lies wholly inside `hours`. */
export const fitsInHours = (time: string, durationMinutes: number, hours: WorkingHours | null): boolean =>
  hours !== null &&
  toMinutes(time) >= toMinutes(hours.start) &&
  toMinutes(endTime(time, durationMinutes)) <= toMinutes(hours.end);

/**
 * The start times a customer may book on `date`: every half hour from the start of `hours` while
 * the whole service still ends by their end, not started yet and clear of `busy`. Nothing on a day
 * without hours. `hours` are the served ones (`servedHoursOn`: the employee's inside the shop's).
 */
export const availableStarts = (
  date: string,
  hours: WorkingHours | null,
  busy: readonly BusyTime[],
  now: BusinessMoment,
  durationMinutes: number = SLOT_MINUTES,
): string[] => {
  if (hours === null) return [];
  const starts: string[] = [];
  for (let minutes = toMinutes(hours.start); minutes < toMinutes(hours.end); minutes += SLOT_MINUTES) {
    const time = fromMinutes(minutes);
    if (!fitsInHours(time, durationMinutes, hours) || !isFutureSlot(date, time, now)) continue;
    if (busy.some((taken) => overlaps({ time, durationMinutes }, taken))) continue;
    starts.push(time);
  }
  return starts;
};
