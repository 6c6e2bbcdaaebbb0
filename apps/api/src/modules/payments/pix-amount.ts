/** API Pix amounts are decimal strings ("91.80"); the shop counts integer cents. No float on the way. */
export const centsToPix = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

/** undefined for anything that is not a plain amount with two decimals. */
export function pixToCents(value: string): number | undefined {
  const match = /^(\d{1,10})\.(\d{2})$/.exec(value);
  return match ? Number(match[1]) * 100 + Number(match[2]) : undefined;
}
