/** The EAN-13 check digit of the first 12 digits: weights 1, 3, 1, 3… from the left. */
export function ean13CheckDigit(first12: string): number {
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/** 13 digits whose last one is the check digit of the others (GTIN-13 / EAN-13). */
export const isEan13 = (value: string): boolean =>
  /^[0-9]{13}$/.test(value) && ean13CheckDigit(value.slice(0, 12)) === Number(value[12]);
