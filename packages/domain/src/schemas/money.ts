import { z } from 'zod';

/** Every amount fits a 32-bit integer of cents with room to spare: R$ 1.000.000,00. */
export const MONEY_MAX = 1_000_000;

export const TWO_DECIMALS_MESSAGE = 'Use no máximo 2 casas decimais.';

/**
 * Whether a number of reais is a whole number of cents. Compared in cents with a tolerance far
 * below one cent, because binary floats cannot hold most decimals exactly (0.29 * 100 is
 * 28.999999999999996), while 10.005 or 0.001 are half a cent or less away and refused.
 */
export const hasAtMostTwoDecimals = (reais: number) =>
  Number.isFinite(reais) && Math.abs(Math.round(reais * 100) - reais * 100) < 1e-6;

export interface MoneyRule {
  /** 'positive': more than zero (a payment, a refund); 'zero': zero or more (a price, a fee) */
  least?: 'positive' | 'zero';
  max?: number;
  /** told when the amount is below the least */
  tooSmall?: string;
  /** told when the amount is above `max` */
  tooLarge?: string;
}

/**
 * The one rule for money that comes in through a body: a JSON number of reais, at least zero (or
 * more than zero), at most `max` (R$ 1.000.000,00 unless told), with at most two decimals; each
 * failure is a 400 naming the field. The server turns it into integer cents with `toCents`.
 */
export const money = (message: string, rule: MoneyRule = {}) => {
  const least = rule.least ?? 'zero';
  const tooSmall =
    rule.tooSmall ?? (least === 'positive' ? 'Informe um valor maior que zero.' : 'O valor não pode ser negativo.');
  const base = z.number({ error: message });
  return (least === 'positive' ? base.positive(tooSmall) : base.min(0, tooSmall))
    .max(rule.max ?? MONEY_MAX, rule.tooLarge ?? 'Valor acima do permitido.')
    .refine(hasAtMostTwoDecimals, TWO_DECIMALS_MESSAGE);
};
