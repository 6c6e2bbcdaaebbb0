import { describe, expect, it } from 'vitest';
import {
  addDays,
  businessMoment,
  endTime,
  fitsInDay,
  freeSlots,
  isFutureSlot,
  isIsoDate,
  isSlot,
  overlaps,
  slotsNeeded,
} from '../src/slots';

describe('businessMoment', () => {
  it('reads the São Paulo wall clock (UTC-3, no daylight saving since 2019)', () => {
    expect(businessMoment(new Date('2026-11-22T20:05:59Z'))).toEqual({ date: '2026-11-22', time: '17:05' });
    expect(businessMoment(new Date('2026-01-01T02:30:00Z'))).toEqual({ date: '2025-12-31', time: '23:30' });
    expect(businessMoment(new Date('2026-06-15T03:00:00Z'))).toEqual({ date: '2026-06-15', time: '00:00' });
  });
});

describe('isSlot', () => {
  it('accepts the 20 half-hour slots only', () => {
    expect(isSlot('08:00')).toBe(true);
    expect(isSlot('12:30')).toBe(true);
    expect(isSlot('17:30')).toBe(true);
    for (const bad of ['07:30', '08:15', '18:00', '8:00', '08:00:00', '']) expect(isSlot(bad)).toBe(false);
  });
});

describe('isIsoDate', () => {
  it('accepts real calendar dates only', () => {
    expect(isIsoDate('2028-02-29')).toBe(true);
    expect(isIsoDate('2026-12-31')).toBe(true);
    for (const bad of ['2027-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '26-01-01', '01/02/2026', '2026-1-1']) {
      expect(isIsoDate(bad)).toBe(false);
    }
  });
});

describe('isFutureSlot', () => {
  const now = { date: '2026-05-10', time: '10:00' };
  it('is false for a slot that has started or passed', () => {
    expect(isFutureSlot('2026-05-10', '10:00', now)).toBe(false);
    expect(isFutureSlot('2026-05-10', '09:30', now)).toBe(false);
    expect(isFutureSlot('2026-05-09', '17:30', now)).toBe(false);
  });
  it('is true for a later slot the same day or any slot of a later day', () => {
    expect(isFutureSlot('2026-05-10', '10:30', now)).toBe(true);
    expect(isFutureSlot('2026-05-11', '08:00', now)).toBe(true);
    expect(isFutureSlot('2027-01-01', '08:00', now)).toBe(true);
  });
});

describe('freeSlots', () => {
  it('removes taken slots and slots that have started', () => {
    const now = { date: '2026-05-10', time: '15:45' };
    expect(freeSlots('2026-05-10', [{ time: '16:30', durationMinutes: 30 }], now)).toEqual(['16:00', '17:00', '17:30']);
  });
  it('offers the whole day ahead minus what is taken, and nothing of a past day', () => {
    const now = { date: '2026-05-10', time: '15:45' };
    const taken = [
      { time: '08:00', durationMinutes: 30 },
      { time: '17:30', durationMinutes: 30 },
    ];
    const ahead = freeSlots('2026-05-11', taken, now);
    expect(ahead).toHaveLength(18);
    expect(ahead[0]).toBe('08:30');
    expect(ahead.at(-1)).toBe('17:00');
    expect(freeSlots('2026-05-09', [], now)).toEqual([]);
  });
});

describe('slot arithmetic', () => {
  it('rounds a duration up to whole 30-minute slots', () => {
    expect([30, 60, 90, 120].map(slotsNeeded)).toEqual([1, 2, 3, 4]);
    expect(slotsNeeded(45)).toBe(2);
    expect(endTime('08:00', 90)).toBe('09:30');
    expect(endTime('17:30', 30)).toBe('18:00');
  });
  it('sees an overlap of one slot and none between neighbours', () => {
    const groom = { time: '10:00', durationMinutes: 90 };
    expect(overlaps(groom, { time: '11:00', durationMinutes: 30 })).toBe(true);
    expect(overlaps(groom, { time: '09:30', durationMinutes: 60 })).toBe(true);
    expect(overlaps(groom, { time: '11:30', durationMinutes: 30 })).toBe(false);
    expect(overlaps(groom, { time: '09:00', durationMinutes: 60 })).toBe(false);
  });
  it('fits a service only if it ends by 18:00', () => {
    expect(fitsInDay('16:30', 90)).toBe(true);
    expect(fitsInDay('17:00', 90)).toBe(false);
    expect(fitsInDay('17:30', 30)).toBe(true);
    expect(fitsInDay('08:15', 30)).toBe(false);
  });
  it('offers only the starts where the whole duration is free', () => {
    const now = { date: '2026-05-10', time: '07:00' };
    const free = freeSlots('2026-05-10', [{ time: '10:00', durationMinutes: 90 }], now, 90);
    // 09:00 would run into 10:00; 10:00–11:00 start inside it; 16:30 is the last that ends by 18:00
    expect(free).toEqual([
      '08:00',
      '08:30',
      '11:30',
      '12:00',
      '12:30',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
      '16:30',
    ]);
  });
});

describe('addDays', () => {
  it('crosses month and year ends', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });
});
