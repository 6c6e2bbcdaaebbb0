import { describe, expect, it } from 'vitest';
import { APPOINTMENT_SLOTS } from '../src/constants';
import { formatDate, formatDateTime, formatDuration, formatMoney, fromCents, toCents } from '../src/format';
import { foldText } from '../src/text';

describe('money', () => {
  it('formats reais the Brazilian way', () => {
    expect(formatMoney(1234.56)).toBe('R$ 1.234,56');
    expect(formatMoney(0)).toBe('R$ 0,00');
    expect(formatMoney(19.9)).toBe('R$ 19,90');
  });

  it('converts to integer cents without float drift', () => {
    expect(toCents(19.99)).toBe(1999);
    expect(toCents(0.1 + 0.2)).toBe(30);
    expect(toCents(1.15)).toBe(115);
    expect(fromCents(1999)).toBe(19.99);
  });
});

describe('dates', () => {
  it('formats dd/mm/aaaa and 24-hour time in São Paulo', () => {
    expect(formatDate('2026-03-09')).toBe('09/03/2026');
    expect(formatDateTime('2026-11-22T20:05:00Z')).toBe('22/11/2026 17:05');
  });
});

describe('slots and search folding', () => {
  it('has the 20 half-hour slots from 08:00 to 17:30', () => {
    expect(APPOINTMENT_SLOTS).toHaveLength(20);
    expect(APPOINTMENT_SLOTS[0]).toBe('08:00');
    expect(APPOINTMENT_SLOTS[19]).toBe('17:30');
  });

  it('folds accents and case', () => {
    expect(foldText('Ração Pássaro RÉPTIL')).toBe('racao passaro reptil');
  });
});

describe('formatDuration', () => {
  it('writes service lengths the way a shop says them', () => {
    expect([30, 60, 90, 120].map(formatDuration)).toEqual(['30 min', '1h', '1h30', '2h']);
  });
});
