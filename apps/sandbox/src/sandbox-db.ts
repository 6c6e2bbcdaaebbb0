import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';

/** Any Drizzle PostgreSQL database (PGlite or node-postgres): the stand-ins keep their state in the shop's. */
export type SandboxDb = PgDatabase<PgQueryResultHKT, Record<string, unknown>>;
