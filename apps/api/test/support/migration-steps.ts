import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { repoRoot } from '../../src/config';

/** A database a migration test writes to directly, in SQL. */
export interface BareDatabase {
  exec: (text: string) => Promise<void>;
  query: <T>(text: string) => Promise<T[]>;
  close: () => Promise<void>;
}

/** A bare database on the project's engine: fresh PGlite, or a new empty PostgreSQL database. */
export async function emptyDatabase(): Promise<BareDatabase> {
  if (process.env.TEST_DB !== 'postgres') {
    const lite = new PGlite('memory://', { extensions: { pg_trgm, btree_gist } });
    return {
      exec: async (text) => void (await lite.exec(text)),
      query: async <T>(text: string) => (await lite.query<T>(text)).rows,
      close: () => lite.close(),
    };
  }
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `petshop_mig_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: url.toString() });
  await client.connect();
  return {
    exec: async (text) => void (await client.query(text)),
    query: async <T>(text: string) => (await client.query(text)).rows as T[],
    close: async () => {
      await client.end();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

const migrations = join(repoRoot, 'apps/api/drizzle');

/** Today's migrations, in the journal's order as the migrator applies them (0020 runs before 0014). */
export const journalTags: readonly string[] = (
  JSON.parse(readFileSync(join(migrations, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string }[] }
).entries.map((entry) => entry.tag);

/** Runs one migration by its tag ('0037_counter_ledger'), statement by statement. */
export async function runMigration(db: BareDatabase, tag: string) {
  for (const statement of readFileSync(join(migrations, `${tag}.sql`), 'utf8').split('--> statement-breakpoint')) {
    if (statement.trim()) await db.exec(statement);
  }
}

/**
 * A database of the version before `tag`: every migration the journal runs before it. `upgrade`
 * then runs `tag` and every one after it, as a deploy would.
 */
export async function databaseBefore(tag: string) {
  const at = journalTags.indexOf(tag);
  if (at < 0) throw new Error(`no migration ${tag} in the journal`);
  const db = await emptyDatabase();
  for (const earlier of journalTags.slice(0, at)) await runMigration(db, earlier);
  const upgrade = async () => {
    for (const later of journalTags.slice(at)) await runMigration(db, later);
  };
  return { db, upgrade };
}
