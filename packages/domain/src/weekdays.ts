/**
 * The weekdays and their names, without zod: a customer form that only shows a weekday picker
 * (subscribing to a plan) imports these and not the schedule schemas.
 */

/** 0 is Sunday, as `Date.getUTCDay` counts. */
export const WEEKDAYS = [0, 1, 2, 3, 4, 5, 6] as const;
export type Weekday = (typeof WEEKDAYS)[number];
export const WEEKDAY_NAMES: Readonly<Record<Weekday, string>> = {
  0: 'Domingo',
  1: 'Segunda-feira',
  2: 'Terça-feira',
  3: 'Quarta-feira',
  4: 'Quinta-feira',
  5: 'Sexta-feira',
  6: 'Sábado',
};
