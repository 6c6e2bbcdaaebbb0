import { describe, expect, it } from 'vitest';
import { toCents } from '../src/format';
import { hasAtMostTwoDecimals, MONEY_MAX, money, TWO_DECIMALS_MESSAGE } from '../src/schemas/money';
import { refundBody } from '../src/schemas/payments';
import { posPaymentBody } from '../src/schemas/pos';

const messages = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.error?.issues.map((issue) => issue.message) ?? [];

describe('money with at most two decimals', () => {
  it('takes whole cents, floats that cannot hold them exactly included', () => {
    for (const reais of [0, 0.01, 0.1, 0.29, 1.15, 10, 19.99, 999_999.99, MONEY_MAX])
      expect(hasAtMostTwoDecimals(reais), String(reais)).toBe(true);
  });

  it('refuses a fraction of a cent instead of rounding it', () => {
    for (const reais of [10.005, 0.001, 0.009, 1.999, 999_999.991, Number.NaN, Number.POSITIVE_INFINITY])
      expect(hasAtMostTwoDecimals(reais), String(reais)).toBe(false);
    expect(messages(money('Valor inválido.').safeParse(10.005))).toEqual([TWO_DECIMALS_MESSAGE]);
  });

  it('keeps its bounds: zero or more by default, more than zero when asked, at most the maximum', () => {
    const price = money('Informe o preço.');
    expect(price.safeParse(0).success).toBe(true);
    expect(messages(price.safeParse(-0.01))).toEqual(['O valor não pode ser negativo.']);
    expect(messages(price.safeParse(MONEY_MAX + 0.01))).toEqual(['Valor acima do permitido.']);
    expect(messages(money('x', { max: 10, tooLarge: 'Demais.' }).safeParse(10.01))).toEqual(['Demais.']);
    expect(messages(money('x', { least: 'positive' }).safeParse(0))).toEqual(['Informe um valor maior que zero.']);
    expect(messages(price.safeParse('10'))).toEqual(['Informe o preço.']);
  });

  it('is the rule of refunds and counter payments', () => {
    expect(refundBody.safeParse({ amount: 10.005, reason: 'Produto com defeito' }).success).toBe(false);
    expect(refundBody.safeParse({ amount: 0.001, reason: 'Produto com defeito' }).success).toBe(false);
    const ok = refundBody.safeParse({ amount: 10.01, reason: 'Produto com defeito' });
    expect(ok.success && toCents(ok.data.amount ?? 0)).toBe(1001);
    expect(posPaymentBody.safeParse({ method: 'Dinheiro', amount: 0.001 }).success).toBe(false);
  });
});
