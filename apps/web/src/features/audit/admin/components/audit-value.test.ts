import { describe, expect, it } from 'vitest';
import { fieldLabel, readable } from './audit-value';

describe('the audit screen reads values as a person does', () => {
  it('money in reais, by the field it sits in', () => {
    expect(readable(40, 'price')).toBe('R$ 40,00');
    expect(readable({ Pequeno: 50, Grande: 70.5 }, 'prices')).toBe('Pequeno: R$ 50,00, Grande: R$ 70,50');
    expect(readable(12, 'stock')).toBe('12');
  });

  it('yes and no, nothing, weeks and lists', () => {
    expect(readable(true)).toBe('Sim');
    expect(readable(false)).toBe('Não');
    expect(readable(null)).toBe('—');
    expect(readable([{ weekday: 1, start: '08:00', end: '18:00' }], 'hours')).toBe('seg 08:00–18:00');
    expect(readable([], 'daysOff')).toBe('nenhum');
  });

  it('names known fields in Portuguese and keeps unknown ones', () => {
    expect(fieldLabel('price')).toBe('Preço');
    expect(fieldLabel('barcode')).toBe('Código de barras');
    expect(fieldLabel('somethingNew')).toBe('somethingNew');
  });
});
