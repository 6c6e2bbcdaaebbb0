import type { AppError } from './app-error';

/** SQLSTATE codes of the constraint violations a module may own. */
export const PG_VIOLATION = {
  unique: '23505',
  exclusion: '23P01',
  foreignKey: '23503',
  check: '23514',
} as const;

export interface PgError {
  code: string;
  constraint?: string;
}

/** The PostgreSQL error behind a driver or ORM error (drizzle wraps it in `cause`). */
export function pgErrorOf(error: unknown): PgError | undefined {
  let current: unknown = error;
  for (let depth = 0; current && depth < 4; depth += 1) {
    const { code, constraint } = current as { code?: unknown; constraint?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) {
      return { code, constraint: typeof constraint === 'string' ? constraint : undefined };
    }
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

const violations = new Set<string>(Object.values(PG_VIOLATION));

/** The constraint a write broke (unique, exclusion, foreign key or check), if that is why it failed. */
export function violatedConstraint(error: unknown): string | undefined {
  const pg = pgErrorOf(error);
  return pg && violations.has(pg.code) ? pg.constraint : undefined;
}

/** A module's constraints by name, each with the error its callers get when a write breaks it. */
export type ConstraintErrors = Readonly<Record<string, () => AppError>>;

/**
 * Runs a write; breaking one of the module's own constraints (a race lost after the friendly check)
 * becomes that module's error. Anything else is rethrown untouched, for the central handler.
 */
export async function withConstraintErrors<T>(owned: ConstraintErrors, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    const constraint = violatedConstraint(error);
    const toError = constraint !== undefined && Object.hasOwn(owned, constraint) ? owned[constraint] : undefined;
    if (toError) throw toError();
    throw error;
  }
}
