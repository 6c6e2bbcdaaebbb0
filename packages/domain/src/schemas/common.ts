import { z } from 'zod';
import { onlyDigits } from '../documents';

/** The largest value of a PostgreSQL `integer`, the type of every id column. */
const MAX_ID = 2_147_483_647;

/**
 * An id in a path: plain positive decimal digits only ('1', '42'). A sign, spaces, line breaks,
 * leading zeros, hex ('0x1F') or exponents ('1e1') are a 400, never read as another record.
 */
export const idField = (message = 'Identificador inválido.') =>
  z
    .string({ error: message })
    .regex(/^[1-9][0-9]{0,9}$/, message)
    .transform(Number)
    .refine((id) => id <= MAX_ID, message)
    // The document describes what the route reads, an integer (written in the URL as digits),
    // so a generated client takes a number; `pattern` belongs to the string and is dropped.
    .meta({ type: 'integer', minimum: 1, maximum: MAX_ID, pattern: undefined });

export const idParam = z.object({ id: idField() });

/** Catalogue lists: limit (default 60, max 200) and offset. */
export const paginationQuery = z.object({
  limit: z.coerce
    .number()
    .int('Limite inválido.')
    .min(1, 'Limite inválido.')
    .max(200, 'O limite máximo é 200.')
    .default(60),
  offset: z.coerce.number().int('Deslocamento inválido.').min(0, 'Deslocamento inválido.').default(0),
});
export type PaginationQuery = z.infer<typeof paginationQuery>;

export const requiredText = (message: string, max = 255) =>
  z.string({ error: message }).trim().min(1, message).max(max, `Use no máximo ${max} caracteres.`);

/** Accepts masked input ('(11) 98765-4321') and keeps digits only. */
export const digitsField = (message: string, check: (digits: string) => boolean) =>
  z.string({ error: message }).transform(onlyDigits).refine(check, { message });

export const positiveInt = (message: string) => z.number({ error: message }).int(message).positive(message);
