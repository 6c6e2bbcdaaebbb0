import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';

/**
 * pg-boss runs its SQL over the app's own connection: the pg pool on PostgreSQL, the one PGlite
 * client otherwise. Its parameterless calls are scripts (`BEGIN; …; COMMIT;`, e.g. its schema
 * migration, which a second instance starting at the same time is expected to lose): a script
 * that fails half-way leaves its session inside an aborted transaction, so it is rolled back
 * before the session serves anyone else.
 */
export function jobDatabase(db: Db): PgBoss.Db {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return poolDatabase(client);
  return pgliteDatabase(client as PGlite);
}

function poolDatabase(pool: pg.Pool): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return { rows: (await pool.query(text, values)).rows };
      const session = await pool.connect();
      try {
        const result: pg.QueryResult | pg.QueryResult[] = await session.query(text);
        return { rows: (Array.isArray(result) ? result.at(-1) : result)?.rows ?? [] };
      } catch (error) {
        await session.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        session.release();
      }
    },
  };
}

function pgliteDatabase(lite: PGlite): PgBoss.Db {
  return {
    async executeSql(text, values) {
      if (values && values.length > 0) return { rows: (await lite.query(text, values)).rows };
      try {
        const results = await lite.exec(text);
        return { rows: results.at(-1)?.rows ?? [] };
      } catch (error) {
        await lite.exec('ROLLBACK').catch(() => {});
        throw error;
      }
    },
  };
}
