import { addDays, businessMoment, weekdayOf } from '@petshop/domain';

/** The date, or the Monday after it when it is a Sunday (off in the default working week). */
export const workingDay = (date: string) => (weekdayOf(date) === 0 ? addDays(date, 1) : date);

/** `days` from today (São Paulo), moved off a Sunday. */
export const workingDayFromToday = (days: number) => workingDay(addDays(businessMoment().date, days));
