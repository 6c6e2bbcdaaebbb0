import { formatDate } from '@petshop/domain';
import { describe, expect, test } from 'vitest';
import { dueState, formatKg, weightTrend } from './health-dates';

describe('dueState', () => {
  test('sem próxima dose, nada; antes de hoje, atrasada; até 7 dias, em breve', () => {
    expect(dueState(null, '2026-11-23')).toBeNull();
    expect(dueState('2026-11-22', '2026-11-23')).toBe('overdue');
    expect(dueState('2026-11-23', '2026-11-23')).toBe('soon');
    expect(dueState('2026-11-30', '2026-11-23')).toBe('soon');
    expect(dueState('2026-12-01', '2026-11-23')).toBeNull();
  });
});

describe('weightTrend', () => {
  const w = (kg: number, measuredOn: string, id = 1) => ({ id, kg, measuredOn });
  test('precisa de duas pesagens; diz quanto subiu ou desceu desde a primeira, em kg pt-BR', () => {
    expect(weightTrend([w(10, '2026-01-10')], formatDate)).toBeNull();
    expect(weightTrend([w(10.1, '2026-01-10'), w(12.35, '2026-03-01')], formatDate)).toBe(
      'Subiu 2,25 kg desde 10/01/2026.',
    );
    expect(weightTrend([w(12, '2026-01-10'), w(11.5, '2026-03-01')], formatDate)).toBe(
      'Desceu 0,5 kg desde 10/01/2026.',
    );
    expect(weightTrend([w(8, '2026-01-10'), w(8, '2026-02-10')], formatDate)).toBe('Peso estável desde 10/01/2026.');
  });
  test('formatKg usa vírgula decimal', () => {
    expect(formatKg(1234.5)).toBe('1.234,5 kg');
  });
});
