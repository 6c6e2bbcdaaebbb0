import type { SandboxStatus } from './mercadopago-types';

/** The test cards of the PSP's documentation: number, brand (payment_method_id), issuer. */
export const TEST_CARDS = {
  master: { number: '5031433215406351', cvv: '123', paymentMethodId: 'master' },
  visa: { number: '4235647728025682', cvv: '123', paymentMethodId: 'visa' },
  amex: { number: '375365153556885', cvv: '1234', paymentMethodId: 'amex' },
  eloDebit: { number: '5067766783888311', cvv: '123', paymentMethodId: 'debelo' },
} as const;

type Outcome = { status: SandboxStatus; detail: string };

/** The first word of the cardholder's name, as the PSP's test accounts read it. */
export const OUTCOMES: Record<string, Outcome> = {
  APRO: { status: 'approved', detail: 'accredited' },
  CONT: { status: 'in_process', detail: 'pending_contingency' },
  OTHE: { status: 'rejected', detail: 'cc_rejected_other_reason' },
  CALL: { status: 'rejected', detail: 'cc_rejected_call_for_authorize' },
  FUND: { status: 'rejected', detail: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'rejected', detail: 'cc_rejected_bad_filled_security_code' },
  EXPI: { status: 'rejected', detail: 'cc_rejected_bad_filled_date' },
  FORM: { status: 'rejected', detail: 'cc_rejected_bad_filled_other' },
  /** not one of the PSP's names: the issuer asks for 3-D Secure (pending until the challenge ends) */
  CHAL: { status: 'pending', detail: 'pending_challenge' },
};

const BRANDS: { prefix: RegExp; id: string; type: 'credit_card' | 'debit_card' }[] = [
  { prefix: /^(506776|4011|4389|5041|5066|5067|509)/, id: 'debelo', type: 'debit_card' },
  { prefix: /^3[47]/, id: 'amex', type: 'credit_card' },
  { prefix: /^4/, id: 'visa', type: 'credit_card' },
  { prefix: /^(5[1-5]|2[2-7]|503)/, id: 'master', type: 'credit_card' },
];
export const brandOf = (number: string) => BRANDS.find((brand) => brand.prefix.test(number));

export const luhn = (number: string) =>
  [...number].reverse().reduce((sum, char, i) => {
    const d = Number(char) * (i % 2 === 1 ? 2 : 1);
    return sum + (d > 9 ? d - 9 : d);
  }, 0) %
    10 ===
  0;

export const round2 = (value: number) => Math.round(value * 100) / 100;

/** Fixed monthly rate above the interest-free installments, as the PSP's default table does. */
const _INTEREST_FREE = 3;
const _MONTHLY_RATE = 0.0199;

/** Fixed monthly rate above the interest-free installments, as the PSP's default table does. */
const INTEREST_FREE = 3;
const MONTHLY_RATE = 0.0199;

export function payerCosts(amount: number, max: number) {
  const costs = [];
  for (let n = 1; n <= max; n += 1) {
    const rate = n <= INTEREST_FREE ? 0 : MONTHLY_RATE;
    const each = rate === 0 ? amount / n : (amount * rate) / (1 - (1 + rate) ** -n);
    const installmentAmount = round2(each);
    const total = rate === 0 ? amount : round2(installmentAmount * n);
    const brl = (v: number) => `R$ ${v.toFixed(2).replace('.', ',')}`;
    costs.push({
      installments: n,
      installment_rate: rate === 0 ? 0 : round2(((total - amount) / amount) * 100),
      discount_rate: 0,
      min_allowed_amount: 1,
      max_allowed_amount: 100_000,
      installment_amount: installmentAmount,
      total_amount: total,
      recommended_message: `${n} parcela${n > 1 ? 's' : ''} de ${brl(installmentAmount)} (${brl(total)})`,
    });
  }
  return costs;
}
