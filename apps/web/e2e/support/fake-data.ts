import { randomInt } from 'node:crypto';

/** A CPF with valid check digits (the server checks them). */
export function validCpf(): string {
  const digits = Array.from({ length: 9 }, () => randomInt(10));
  // All-equal digits pass the arithmetic but are not valid CPFs.
  if (digits.every((digit) => digit === digits[0])) return validCpf();
  for (const length of [9, 10]) {
    const sum = digits.slice(0, length).reduce((total, digit, index) => total + digit * (length + 1 - index), 0);
    const rest = (sum * 10) % 11;
    digits.push(rest === 10 ? 0 : rest);
  }
  return digits.join('');
}

let sequence = 0;

/** An e-mail no other test (or earlier run on the same server) has used. */
export function uniqueEmail(prefix = 'cliente'): string {
  sequence += 1;
  return `${prefix}.${Date.now().toString(36)}${sequence}${randomInt(1000)}@exemplo.com.br`;
}

export function newCustomer() {
  return {
    email: uniqueEmail(),
    password: 'senha-segura-123',
    cpf: validCpf(),
    name: `Cliente Teste ${randomInt(10_000)}`,
    phone: `119${String(randomInt(10 ** 8)).padStart(8, '0')}`,
  };
}
