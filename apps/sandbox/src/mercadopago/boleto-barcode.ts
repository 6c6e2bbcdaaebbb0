/**
 * The 44-digit bar code and the 47-digit linha digitável of a cobrança bancária boleto
 * (Carta-Circular BCB 2.926/2000): bank, currency 9, due-date factor, amount and a 25-digit free
 * field, with the módulo 10 digit of each of the line's first three fields and the módulo 11 digit
 * of the whole bar code. What a bank that registers the boleto prints on it.
 */
const BASE_DATE_UTC = Date.UTC(1997, 9, 7);
const DAY_MS = 86_400_000;

const digits = (value: string) => [...value].map(Number);

export function mod10(value: string): number {
  const sum = digits(value)
    .reverse()
    .reduce((acc, d, i) => {
      const product = d * (i % 2 === 0 ? 2 : 1);
      return acc + (product > 9 ? product - 9 : product);
    }, 0);
  return (10 - (sum % 10)) % 10;
}

export function mod11(value: string): number {
  const sum = digits(value)
    .reverse()
    .reduce((acc, d, i) => acc + d * ((i % 8) + 2), 0);
  const dv = 11 - (sum % 11);
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv;
}

/** Days since 07/10/1997; the factor went back to 1000 after 9999 (22/02/2025). */
function dueDateFactor(due: Date): string {
  const days = Math.floor(
    (Date.UTC(due.getUTCFullYear(), due.getUTCMonth(), due.getUTCDate()) - BASE_DATE_UTC) / DAY_MS,
  );
  return String(((days - 1000) % 9000) + 1000).padStart(4, '0');
}

export interface BoletoFields {
  bank: string;
  due: Date;
  amountCents: number;
  freeField: string;
}

export function boletoBarcode({ bank, due, amountCents, freeField }: BoletoFields): string {
  if (!/^\d{3}$/.test(bank) || !/^\d{25}$/.test(freeField)) throw new Error('invalid boleto fields');
  if (!Number.isInteger(amountCents) || amountCents < 0 || amountCents > 99_999_999_99) {
    throw new Error('boleto amount out of range');
  }
  const tail = `${dueDateFactor(due)}${String(amountCents).padStart(10, '0')}`;
  const general = mod11(`${bank}9${tail}${freeField}`);
  return `${bank}9${general}${tail}${freeField}`;
}

/** The linha digitável of a 44-digit bar code. */
export function boletoLineOf(barcode: string): string {
  const bankCurrency = barcode.slice(0, 4);
  const general = barcode.slice(4, 5);
  const tail = barcode.slice(5, 19);
  const freeField = barcode.slice(19);
  const field1 = `${bankCurrency}${freeField.slice(0, 5)}`;
  const field2 = freeField.slice(5, 15);
  const field3 = freeField.slice(15, 25);
  return `${field1}${mod10(field1)}${field2}${mod10(field2)}${field3}${mod10(field3)}${general}${tail}`;
}
