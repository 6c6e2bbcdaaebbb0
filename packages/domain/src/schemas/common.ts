import { z } from 'zod';
import { onlyDigits } from '../documents';

export const idParam = z.object({
  id: z.coerce
    .number({ error: 'Identificador inválido.' })
    .int('Identificador inválido.')
    .positive('Identificador inválido.'),
});

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
