import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

export type FieldErrors = Partial<Record<string, string>>;

/** The first message per top-level field of a failed zod parse. */
export function zodFieldErrors(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? '');
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The per-field messages of a 400 answer (`details`), keyed by field name. */
export function apiFieldErrors(error: unknown): FieldErrors {
  const errors: FieldErrors = {};
  if (!(error instanceof ApiError)) return errors;
  for (const detail of error.details) {
    const field = detail.field.split('.')[0] ?? '';
    if (field && !errors[field]) errors[field] = detail.message;
  }
  return errors;
}
