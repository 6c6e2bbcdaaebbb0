import { describe, expect, it } from 'vitest';
import {
  availableStarts,
  DEFAULT_EMPLOYEE_SCHEDULE,
  employeeScheduleBody,
  fitsInHours,
  isScheduleEnd,
  isScheduleStart,
  weekdayOf,
  workingHoursOn,
} from '../src/schedule';

const messages = (input: unknown) => {
  const result = employeeScheduleBody.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('employeeScheduleBody', () => {
  it('accepts a week and days off', () => {
    const body = {
      week: [
        { weekday: 2, start: '10:00', end: '12:00' },
        { weekday: 0, start: '00:00', end: '24:00' },
      ],
      daysOff: ['2030-01-15', '2028-02-29'],
    };
    expect(employeeScheduleBody.parse(body)).toEqual(body);
    expect(messages({ week: [], daysOff: [] })).toEqual([]);
  });

  it('rejects a repeated weekday or date, in pt-BR, naming the field', () => {
    expect(
      messages({
        week: [
          { weekday: 1, start: '08:00', end: '12:00' },
          { weekday: 1, start: '13:00', end: '18:00' },
        ],
        daysOff: ['2030-01-15', '2030-01-15'],
      }),
    ).toEqual(['week.1.weekday: Este dia da semana já foi informado.', 'daysOff.1: Esta folga já foi informada.']);
  });

  it('rejects an end not after the start', () => {
    expect(messages({ week: [{ weekday: 1, start: '12:00', end: '12:00' }], daysOff: [] })).toEqual([
      'week.0.end: O fim do expediente deve ser depois do início.',
    ]);
    expect(messages({ week: [{ weekday: 1, start: '13:00', end: '09:00' }], daysOff: [] })).toHaveLength(1);
  });

  it('rejects times off the half-hour marks or outside the day, weekdays outside 0–6 and unreal dates', () => {
    for (const [start, end] of [
      ['08:15', '12:00'],
      ['08:00', '12:10'],
      ['8:00', '12:00'],
      ['24:00', '24:00'],
      ['08:00', '24:30'],
      ['00:00', '00:00'],
      ['', '12:00'],
    ]) {
      expect(messages({ week: [{ weekday: 1, start, end }], daysOff: [] }).length, `${start}-${end}`).toBeGreaterThan(
        0,
      );
    }
    for (const weekday of [-1, 7, 1.5, '1']) {
      expect(messages({ week: [{ weekday, start: '08:00', end: '12:00' }], daysOff: [] })).toEqual([
        'week.0.weekday: Informe o dia da semana de 0 (domingo) a 6 (sábado).',
      ]);
    }
    for (const day of ['2030-02-30', '2030-13-01', '15/01/2030', '']) {
      expect(messages({ week: [], daysOff: [day] })).toEqual([
        'daysOff.0: Informe a folga como uma data válida no formato AAAA-MM-DD.',
      ]);
    }
    expect(messages({ daysOff: [] })).toEqual(['week: Informe os horários da semana.']);
  });

  it('limits the week to 7 days', () => {
    const week = Array.from({ length: 8 }, () => ({ weekday: 1, start: '08:00', end: '09:00' }));
    expect(messages({ week, daysOff: [] })).toContain('week: Informe no máximo 7 dias.');
  });
});

describe('isScheduleStart / isScheduleEnd', () => {
  it('takes half-hour marks; a day starts by 23:30 and ends by 24:00', () => {
    expect(isScheduleStart('00:00')).toBe(true);
    expect(isScheduleStart('23:30')).toBe(true);
    expect(isScheduleStart('24:00')).toBe(false);
    expect(isScheduleEnd('24:00')).toBe(true);
    expect(isScheduleEnd('00:00')).toBe(false);
    expect(isScheduleEnd('12:45')).toBe(false);
  });
});

describe('workingHoursOn', () => {
  it('finds the weekday (0 = Sunday) of a date', () => {
    expect(weekdayOf('2030-01-06')).toBe(0);
    expect(weekdayOf('2030-01-08')).toBe(2);
    expect(weekdayOf('2030-01-12')).toBe(6);
  });

  it('gives the default Monday to Saturday 08:00–18:00, Sunday off', () => {
    expect(workingHoursOn(DEFAULT_EMPLOYEE_SCHEDULE, '2030-01-06')).toBeNull();
    for (const date of ['2030-01-07', '2030-01-09', '2030-01-12']) {
      expect(workingHoursOn(DEFAULT_EMPLOYEE_SCHEDULE, date)).toEqual({ start: '08:00', end: '18:00' });
    }
  });

  it('gives nothing on a day off or a weekday without hours', () => {
    const schedule = { week: [{ weekday: 2, start: '10:00', end: '12:00' }], daysOff: ['2030-01-15'] };
    expect(workingHoursOn(schedule, '2030-01-08')).toEqual({ start: '10:00', end: '12:00' });
    expect(workingHoursOn(schedule, '2030-01-15')).toBeNull();
    expect(workingHoursOn(schedule, '2030-01-09')).toBeNull();
  });
});

describe('fitsInHours', () => {
  const hours = { start: '10:00', end: '12:00' };
  it('needs the whole service inside the hours', () => {
    expect(fitsInHours('10:00', 120, hours)).toBe(true);
    expect(fitsInHours('10:30', 90, hours)).toBe(true);
    expect(fitsInHours('11:00', 90, hours)).toBe(false);
    expect(fitsInHours('09:30', 30, hours)).toBe(false);
    expect(fitsInHours('11:30', 30, hours)).toBe(true);
    expect(fitsInHours('12:00', 30, hours)).toBe(false);
    expect(fitsInHours('10:00', 30, null)).toBe(false);
  });
  it('reaches midnight', () => {
    expect(fitsInHours('23:00', 60, { start: '20:00', end: '24:00' })).toBe(true);
  });
});

describe('availableStarts', () => {
  const now = { date: '2030-01-01', time: '09:00' };
  it('offers only starts whose whole service fits inside the hours and clear of appointments', () => {
    const hours = { start: '10:00', end: '13:00' };
    expect(availableStarts('2030-01-08', hours, [], now, 90)).toEqual(['10:00', '10:30', '11:00', '11:30']);
    expect(availableStarts('2030-01-08', hours, [{ time: '11:30', durationMinutes: 30 }], now, 60)).toEqual([
      '10:00',
      '10:30',
      '12:00',
    ]);
  });
  it('offers nothing on a day without hours', () => {
    expect(availableStarts('2030-01-08', null, [], now, 30)).toEqual([]);
  });
  it("follows the hours it is given, past 18:00 too (bounded by the shop's hours, not by a fixed grid)", () => {
    const starts = availableStarts('2030-01-08', { start: '14:00', end: '20:00' }, [], now, 60);
    expect(starts[0]).toBe('14:00');
    expect(starts.at(-1)).toBe('19:00');
    expect(starts).toHaveLength(11);
  });
  it('leaves out the starts that have gone by today', () => {
    const today = { date: '2030-01-08', time: '10:40' };
    expect(availableStarts('2030-01-08', { start: '10:00', end: '12:00' }, [], today, 30)).toEqual(['11:00', '11:30']);
  });
});
