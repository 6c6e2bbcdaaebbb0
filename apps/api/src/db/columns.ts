import { customType, timestamp } from 'drizzle-orm/pg-core';

/** '["2030-01-01 08:00:00","2030-01-01 09:30:00")' as PostgreSQL writes it; only the database reads it. */
export const tsrange = customType<{ data: string }>({ dataType: () => 'tsrange' });

export const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
