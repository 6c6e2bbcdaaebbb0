import { onlyDigits } from './documents';

/** Applies a pattern where 9 stands for a digit: mask('52998224725', '999.999.999-99'). */
export const applyMask = (value: string, pattern: string): string => {
  const digits = onlyDigits(value);
  let out = '';
  let i = 0;
  for (const ch of pattern) {
    if (i >= digits.length) break;
    if (ch === '9') {
      out += digits[i];
      i += 1;
    } else {
      out += ch;
    }
  }
  return out;
};

export const CPF_MASK = '999.999.999-99';
export const PHONE_MASK = '(99) 99999-9999';
export const LANDLINE_MASK = '(99) 9999-9999';
export const CEP_MASK = '99999-999';

export const formatCpf = (value: string): string => applyMask(value, CPF_MASK);
export const formatCep = (value: string): string => applyMask(value, CEP_MASK);
export const formatPhone = (value: string): string =>
  applyMask(value, onlyDigits(value).length === 10 ? LANDLINE_MASK : PHONE_MASK);
