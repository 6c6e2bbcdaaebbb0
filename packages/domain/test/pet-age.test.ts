import { describe, expect, it } from 'vitest';
import { petAgeText, wholeYearsSince } from '../src/pet-age';

describe('wholeYearsSince', () => {
  it('counts a year only once its day has come', () => {
    expect(wholeYearsSince('2020-12-02', '2026-12-01')).toBe(5);
    expect(wholeYearsSince('2020-12-02', '2026-12-02')).toBe(6);
    expect(wholeYearsSince('2020-02-29', '2026-02-28')).toBe(5);
    expect(wholeYearsSince('2026-07-01', '2026-12-02')).toBe(0);
  });

  it('is never negative', () => {
    expect(wholeYearsSince('2027-01-01', '2026-12-02')).toBe(0);
  });
});

describe('petAgeText', () => {
  it('speaks in months under a year when the birth date is known, in years otherwise', () => {
    expect(petAgeText({ age: 0, ageMonths: 5 })).toBe('5 meses');
    expect(petAgeText({ age: 0, ageMonths: 1 })).toBe('1 mês');
    expect(petAgeText({ age: 0, ageMonths: 0 })).toBe('0 meses');
    expect(petAgeText({ age: 1, ageMonths: 13 })).toBe('1 ano');
    expect(petAgeText({ age: 3, ageMonths: null })).toBe('3 anos');
    expect(petAgeText({ age: 0, ageMonths: null })).toBe('0 anos');
  });
});
