import { describe, expect, it } from 'vitest';
import { DEFAULT_EMPLOYEE_SCHEDULE } from '../src/schedule';
import { DEFAULT_STORE_WEEK, dayOutsideStore, intersectHours, servedHoursOn } from '../src/store-hours';
import { describeStoreWeek } from '../src/store-week-text';

describe('intersectHours', () => {
  it('keeps the part of one inside the other, or nothing when they do not meet', () => {
    expect(intersectHours({ start: '14:00', end: '20:00' }, { start: '08:00', end: '18:00' })).toEqual({
      start: '14:00',
      end: '18:00',
    });
    expect(intersectHours({ start: '06:00', end: '24:00' }, { start: '08:00', end: '18:00' })).toEqual({
      start: '08:00',
      end: '18:00',
    });
    expect(intersectHours({ start: '18:00', end: '20:00' }, { start: '08:00', end: '18:00' })).toBeNull();
    expect(intersectHours(null, { start: '08:00', end: '18:00' })).toBeNull();
  });
});

describe('servedHoursOn', () => {
  const saturday = '2030-01-05';
  const sunday = '2030-01-06';
  it("is the employee's hours inside the shop's that weekday", () => {
    const schedule = { week: [{ weekday: 6, start: '14:00', end: '20:00' }], daysOff: [] };
    expect(servedHoursOn(schedule, DEFAULT_STORE_WEEK, saturday)).toEqual({ start: '14:00', end: '18:00' });
    const open = [{ weekday: 6, start: '08:00', end: '20:00' }];
    expect(servedHoursOn(schedule, open, saturday)).toEqual({ start: '14:00', end: '20:00' });
  });
  it('is nothing on a day the shop is closed or the employee is off', () => {
    expect(servedHoursOn(DEFAULT_EMPLOYEE_SCHEDULE, DEFAULT_STORE_WEEK, sunday)).toBeNull();
    expect(
      servedHoursOn({ week: DEFAULT_EMPLOYEE_SCHEDULE.week, daysOff: [saturday] }, DEFAULT_STORE_WEEK, saturday),
    ).toBeNull();
  });
});

describe('dayOutsideStore', () => {
  it('names the weekday and the hours the shop keeps, in pt-BR', () => {
    expect(dayOutsideStore({ weekday: 6, start: '14:00', end: '20:00' }, DEFAULT_STORE_WEEK)).toBe(
      'No sábado a loja abre das 08:00 às 18:00: o expediente deve caber nesse horário.',
    );
    expect(dayOutsideStore({ weekday: 2, start: '07:30', end: '12:00' }, DEFAULT_STORE_WEEK)).toBe(
      'Na terça-feira a loja abre das 08:00 às 18:00: o expediente deve caber nesse horário.',
    );
    expect(dayOutsideStore({ weekday: 0, start: '09:00', end: '12:00' }, DEFAULT_STORE_WEEK)).toBe(
      'A loja fica fechada no domingo: não há como atender nesse dia.',
    );
  });
  it('accepts a day inside the shop hours, edges included', () => {
    expect(dayOutsideStore({ weekday: 1, start: '08:00', end: '18:00' }, DEFAULT_STORE_WEEK)).toBeNull();
    expect(dayOutsideStore({ weekday: 1, start: '13:00', end: '15:30' }, DEFAULT_STORE_WEEK)).toBeNull();
  });
});

describe('describeStoreWeek', () => {
  it('reads the week Monday first, days with the same hours together', () => {
    expect(describeStoreWeek(DEFAULT_STORE_WEEK)).toBe('segunda-feira a sábado, das 08:00 às 18:00');
    const week = [
      ...DEFAULT_STORE_WEEK.filter((d) => d.weekday !== 6),
      { weekday: 6, start: '08:00', end: '20:00' },
      { weekday: 0, start: '09:00', end: '13:00' },
    ];
    expect(describeStoreWeek(week)).toBe(
      'segunda-feira a sexta-feira, das 08:00 às 18:00; sábado, das 08:00 às 20:00; domingo, das 09:00 às 13:00',
    );
    expect(describeStoreWeek([])).toBe('fechada todos os dias');
  });
});
