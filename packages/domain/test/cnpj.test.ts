import { describe, expect, it } from 'vitest';
import { cnpjCheckDigits, formatCnpj, isValidCnpj, normalizeCnpj, supplierBody } from '../src';

describe('CNPJ, alphanumeric (IN RFB 2229/2024)', () => {
  it("accepts the Receita Federal's example, masked or not, in any case", () => {
    expect(cnpjCheckDigits('12ABC34501DE')).toBe('35');
    expect(isValidCnpj('12ABC34501DE35')).toBe(true);
    expect(isValidCnpj('12.ABC.345/01DE-35')).toBe(true);
    expect(isValidCnpj('12.abc.345/01de-35')).toBe(true);
  });

  it('still accepts numeric CNPJs of before', () => {
    expect(isValidCnpj('11.222.333/0001-81')).toBe(true);
    expect(isValidCnpj('11222333000181')).toBe(true);
  });

  it('refuses a wrong check digit, letters in the check digits, wrong lengths, other characters and repeats', () => {
    expect(isValidCnpj('12ABC34501DE36')).toBe(false);
    expect(isValidCnpj('11222333000182')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3A')).toBe(false);
    expect(isValidCnpj('12ABC34501DE3')).toBe(false);
    expect(isValidCnpj('12ABC34501DE355')).toBe(false);
    expect(isValidCnpj('12ABC3450*DE35')).toBe(false);
    expect(isValidCnpj('00000000000000')).toBe(false);
    expect(isValidCnpj('')).toBe(false);
  });

  it('normalizes and formats', () => {
    expect(normalizeCnpj(' 12.abc.345/01de-35 ')).toBe('12ABC34501DE35');
    expect(formatCnpj('12ABC34501DE35')).toBe('12.ABC.345/01DE-35');
  });

  it('the supplier schema keeps the CNPJ normalized and answers in pt-BR', () => {
    expect(supplierBody.parse({ name: 'Distribuidora Pet', cnpj: '12.abc.345/01de-35' }).cnpj).toBe('12ABC34501DE35');
    const wrong = supplierBody.safeParse({ name: 'X', cnpj: '12.ABC.345/01DE-36' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]?.message).toMatch(/CNPJ válido/);
  });
});
