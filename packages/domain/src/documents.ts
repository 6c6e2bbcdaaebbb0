import { isValidCpf } from '@brazilian-utils/brazilian-utils';

/** Keeps digits only: the stored form of CPF, phone and CEP. */
export const onlyDigits = (value: string): string => value.replace(/\D/g, '');

/** CPF with valid check digits (masked or not); repeated digits are rejected. */
export const isCpf = (value: string): boolean => {
  const digits = onlyDigits(value);
  return digits.length === 11 && isValidCpf(digits);
};

/** Brazilian phone: DDD + 8 (landline) or 9 (mobile) digits. */
export const isPhone = (value: string): boolean => {
  const digits = onlyDigits(value);
  return (digits.length === 10 || digits.length === 11) && !digits.startsWith('0');
};

export const isCep = (value: string): boolean => onlyDigits(value).length === 8;
