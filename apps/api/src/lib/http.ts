import type { PaginationQuery } from '@petshop/domain';
import { z } from 'zod';

/** Success envelope of API.md: { data, message? }. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ data, message: z.string().optional() });

export const listEnvelope = <T extends z.ZodType>(item: T) =>
  z.object({
    data: z.array(item),
    message: z.string().optional(),
    meta: z.object({ total: z.number(), limit: z.number(), offset: z.number() }).optional(),
  });

/** A page a service answered, as the list envelope: `{ data, meta: { total, limit, offset } }`. */
export const paged = <T>({ items, total }: { items: T[]; total: number }, { limit, offset }: PaginationQuery) => ({
  data: items,
  meta: { total, limit, offset },
});

export const messageOnly = z.object({ message: z.string() });

/** The one error body of API.md; named `ErrorBody` in the OpenAPI document, which refers to it once. */
export const errorBody = z
  .object({
    message: z.string(),
    code: z.string(),
    requestId: z.string().optional(),
    details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  })
  .meta({ id: 'ErrorBody' });

/** Error responses every authenticated route may give, for the OpenAPI document. */
export const authErrors = { 400: errorBody, 401: errorBody, 403: errorBody, 404: errorBody } as const;
