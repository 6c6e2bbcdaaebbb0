import { describe, expect, it } from 'vitest';
import { applyMask, formatCep, formatCpf, formatPhone } from '../src/masks';

describe('masks', () => {
  it('formats CPF, CEP and phones', () => {
    expect(formatCpf('52998224725')).toBe('529.982.247-25');
    expect(formatCep('01310100')).toBe('01310-100');
    expect(formatPhone('11987654321')).toBe('(11) 98765-4321');
    expect(formatPhone('1133334444')).toBe('(11) 3333-4444');
  });

  it('masks partial input as it is typed and ignores non-digits', () => {
    expect(applyMask('5299', '999.999.999-99')).toBe('529.9');
    expect(applyMask('ab12c', '(99) 99999-9999')).toBe('(12');
    expect(formatCpf('529.982.247-25')).toBe('529.982.247-25');
  });
});
