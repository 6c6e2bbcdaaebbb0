/**
 * An amount field's text as the domain schema reads it: empty is no amount, '12,50' and '12.50' are
 * 12.5, anything else is NaN and the schema answers with its own message.
 */
export const amountOf = (text: string): number | undefined => {
  const trimmed = text.trim();
  return trimmed === '' ? undefined : Number(trimmed.replace(',', '.'));
};
