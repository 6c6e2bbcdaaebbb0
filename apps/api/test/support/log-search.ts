/** One piece of personal data or secret to look for in a log, under a name for the report. */
export interface Secret {
  field: string;
  value: string;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The secrets found in `log`. A value of digits only (CPF, phone) counts only as a number of its
 * own, not inside a longer one: a log is full of timestamps and response times with long runs of
 * digits, and an 11-digit CPF such as 00000000191 turns up inside one of them by chance
 * (`"responseTime":0.2414000000001911`). A CPF or phone is also looked for as it is written (masked).
 */
export function findSecrets(log: string, secrets: Secret[]): string[] {
  const found: string[] = [];
  for (const { field, value } of secrets) {
    if (!value) continue;
    const forms = /^\d+$/.test(value) ? [value, ...masked(value)] : [value];
    const hit = forms.some((form) =>
      /^[\d.\-() ]+$/.test(form)
        ? new RegExp(`(?<![\\d.])${escapeRegExp(form)}(?![\\d])`).test(log)
        : log.toLowerCase().includes(form.toLowerCase()),
    );
    if (hit) found.push(field);
  }
  return found;
}

function masked(digits: string): string[] {
  const phone = `(${digits.slice(0, 2)}) ${digits.slice(2, -4)}-${digits.slice(-4)}`;
  if (digits.length === 11) {
    return [`${digits.slice(0, 3)}.${digits.slice(3, 6)}.${digits.slice(6, 9)}-${digits.slice(9)}`, phone];
  }
  return digits.length === 10 ? [phone] : [];
}
