import { describe, expect, it } from 'vitest';
import { isCep, isCpf, isPhone, onlyDigits } from '../src/documents';

describe('CPF check digits', () => {
  it.each(['529.982.247-25', '52998224725', '111.444.777-35', '000.000.001-91'])('accepts %s', (cpf) => {
    expect(isCpf(cpf)).toBe(true);
  });

  it.each([
    ['wrong first digit', '529.982.247-15'],
    ['wrong second digit', '529.982.247-24'],
    ['all the same digit', '111.111.111-11'],
    ['too short', '5299822472'],
    ['too long', '529982247250'],
    ['empty', ''],
  ])('rejects %s', (_, cpf) => {
    expect(isCpf(cpf)).toBe(false);
  });
});

describe('phone and CEP', () => {
  it('accepts 10 (landline) and 11 (mobile) digits, masked or not', () => {
    expect(isPhone('(11) 98765-4321')).toBe(true);
    expect(isPhone('1133334444')).toBe(true);
    expect(isPhone('987654321')).toBe(false);
    expect(isPhone('119876543210')).toBe(false);
    expect(isPhone('(01) 98765-4321')).toBe(false);
  });

  it('CEP has 8 digits', () => {
    expect(isCep('01310-100')).toBe(true);
    expect(isCep('0131010')).toBe(false);
  });

  it('onlyDigits strips every mask character', () => {
    expect(onlyDigits('(11) 9.8765-4321 ')).toBe('11987654321');
  });
});
