/**
 * CNPJ in the Receita Federal's alphanumeric format (IN RFB 2229/2024, valid from July 2026): 12
 * characters of 0-9 or A-Z (the root and the branch), then 2 numeric check digits. Each character
 * counts as its ASCII code minus 48 ('0' → 0, '9' → 9, 'A' → 17, 'Z' → 42); the check digits are the
 * classic modulo 11 with weights 5…2, 9…2 and 6…2, 9…2. A numeric CNPJ of before is valid as it was.
 */

const FIRST_WEIGHTS = [5, 4, 3, 2, 9, 8, 7, 6, 5, 4, 3, 2] as const;
const SECOND_WEIGHTS = [6, ...FIRST_WEIGHTS] as const;
const SHAPE = /^[0-9A-Z]{12}[0-9]{2}$/;

/** Upper case, without the mask's dots, slash, hyphen and spaces ('12.abc.345/01de-35' → '12ABC34501DE35'). */
export const normalizeCnpj = (value: string): string => value.replace(/[.\-/\s]/g, '').toUpperCase();

function checkDigit(chars: string, weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i += 1) sum += (chars.charCodeAt(i) - 48) * (weights[i] ?? 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** The two check digits of a 12-character base. */
export function cnpjCheckDigits(base: string): string {
  const first = checkDigit(base, FIRST_WEIGHTS);
  const second = checkDigit(`${base}${first}`, SECOND_WEIGHTS);
  return `${first}${second}`;
}

/** Whether the value (masked or not) is a valid CNPJ, numeric or alphanumeric. */
export function isValidCnpj(value: string): boolean {
  const cnpj = normalizeCnpj(value);
  if (!SHAPE.test(cnpj)) return false;
  // Fourteen equal characters pass the arithmetic but are no CNPJ.
  if (/^(.)\1{13}$/.test(cnpj)) return false;
  return cnpj.slice(12) === cnpjCheckDigits(cnpj.slice(0, 12));
}

/** '12ABC34501DE35' → '12.ABC.345/01DE-35'. */
export const formatCnpj = (cnpj: string): string => {
  const c = normalizeCnpj(cnpj);
  return c.length === 14 ? `${c.slice(0, 2)}.${c.slice(2, 5)}.${c.slice(5, 8)}/${c.slice(8, 12)}-${c.slice(12)}` : c;
};
