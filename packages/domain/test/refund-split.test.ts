import { describe, expect, it } from 'vitest';
import { returnedLineCents, splitRefund } from '../src/refund-split';

const paid = (method: string, paidCents: number, refundedCents = 0, refundable = true) => ({
  method,
  paidCents,
  refundedCents,
  refundable,
});

describe('splitRefund', () => {
  it('gives back by the payments in the order they were made, each up to what it paid', () => {
    const parts = splitRefund(5000, [paid('Dinheiro', 3000), paid('Pix', 4000)]);
    expect(parts.map((p) => [p.payment.method, p.cents])).toEqual([
      ['Dinheiro', 3000],
      ['Pix', 2000],
    ]);
  });

  it('skips what was already given back and what may not give back', () => {
    const parts = splitRefund(2500, [
      paid('Dinheiro', 3000, 3000),
      paid('Pix', 2000, 0, false),
      paid('Cartão de Débito', 4000, 1000),
    ]);
    expect(parts.map((p) => [p.payment.method, p.cents])).toEqual([['Cartão de Débito', 2500]]);
  });

  it('never gives back more than the payments can', () => {
    const parts = splitRefund(9000, [paid('Dinheiro', 1000), paid('Cartão de Crédito', 2000, 500)]);
    expect(parts.reduce((sum, p) => sum + p.cents, 0)).toBe(2500);
    expect(splitRefund(0, [paid('Dinheiro', 1000)])).toEqual([]);
  });
});

describe('returnedLineCents', () => {
  it('shares the sale discount out in proportion, rounded to the cent', () => {
    expect(returnedLineCents({ subtotalCents: 3000, totalCents: 2000 }, 1000, 1)).toBe(667);
    expect(returnedLineCents({ subtotalCents: 3000, totalCents: 3000 }, 1000, 2)).toBe(2000);
    expect(returnedLineCents({ subtotalCents: 0, totalCents: 0 }, 0, 1)).toBe(0);
  });
});
