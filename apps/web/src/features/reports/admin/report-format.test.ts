import { describe, expect, test } from 'vitest';
import { lastDays, periodFromSearch, presetOf } from './period';
import { chartLabel, formatDayMonth, formatPercent } from './report-format';

describe('rótulos dos gráficos', () => {
  test('nomes curtos ficam como estão; longos quebram em até duas linhas de 16 caracteres', () => {
    expect(chartLabel('Entregue')).toBe('Entregue');
    expect(chartLabel('Aguardando pagamento')).toEqual(['Aguardando', 'pagamento']);
    expect(chartLabel('Ração Premium para Cães Adultos 15 kg')).toEqual(['Ração Premium', 'para Cães…']);
    expect(chartLabel('Antipulgasecarrapaticida')).toEqual(['Antipulgasecarr…']);
  });

  test('dia/mês e porcentagem em pt-BR', () => {
    expect(formatDayMonth('2026-03-01')).toBe('01/03');
    expect(formatPercent(0.2857)).toBe('28,6%');
  });
});

describe('período do painel', () => {
  test('os últimos N dias terminam hoje e contam hoje', () => {
    expect(lastDays(7, '2026-03-03')).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(presetOf({ from: '2026-02-02', to: '2026-03-03' }, '2026-03-03')).toBe(30);
    expect(presetOf({ from: '2026-02-03', to: '2026-03-03' }, '2026-03-03')).toBeUndefined();
  });

  test('o endereço traz o período; inválido ou ausente vira os últimos 30 dias', () => {
    expect(periodFromSearch(new URLSearchParams('from=2024-03-01&to=2024-03-07'))).toEqual({
      from: '2024-03-01',
      to: '2024-03-07',
    });
    const fallback = lastDays(30);
    expect(periodFromSearch(new URLSearchParams('from=2024-03-07&to=2024-03-01'))).toEqual(fallback);
    expect(periodFromSearch(new URLSearchParams('from=2024-01-01&to=2025-06-01'))).toEqual(fallback);
    expect(periodFromSearch(new URLSearchParams())).toEqual(fallback);
  });
});
