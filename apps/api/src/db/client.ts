import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { lockDataDir, restrictDataDir, secureDataDir } from './data-dir';
import * as schema from './schema';

export type Schema = typeof schema;
/** The one database type the repositories see, whichever driver is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What a repository or service runs on: the database itself or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  /**
   * Runs `work` while no other process runs its own `exclusive` work on this database: start-up steps
   * (migrations, extensions, seeds) of N instances starting together run one after another.
   */
  exclusive<T>(work: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The advisory lock key of `exclusive` (any fixed 64-bit number, the same in every instance). */
const START_UP_LOCK = 7_311_202_611;

export interface DatabaseTimeouts {
  acquireMs: number;
  statementMs: number;
  lockMs: number;
}

const DEFAULT_TIMEOUTS: DatabaseTimeouts = { acquireMs: 5000, statementMs: 15_000, lockMs: 5000 };

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '../../drizzle');

/** `url` set: a pg pool on PostgreSQL. Otherwise PGlite in `dataDir` ('memory://' for tests). */
export function openDatabase(options: {
  url?: string;
  dataDir: string;
  poolSize?: number;
  /** tests: start PGlite from a migrated snapshot (dumpDataDir) */
  snapshot?: Blob;
  /** PostgreSQL only: the longest wait for a free connection, a statement and a row lock */
  timeouts?: DatabaseTimeouts;
  /** told of an idle connection that broke (a restarted or failed-over server); the pool replaces it */
  onIdleError?: (error: Error) => void;
}): Database {
  if (options.url) {
    const timeouts = { ...DEFAULT_TIMEOUTS, ...options.timeouts };
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.poolSize ?? 10,
      connectionTimeoutMillis: timeouts.acquireMs,
      statement_timeout: timeouts.statementMs,
      lock_timeout: timeouts.lockMs,
    });
    // Without a listener, an idle client's 'error' (pg_terminate_backend, a restart) kills the process.
    pool.on('error', (error) => options.onIdleError?.(error));
    // The pool listens only while a client is idle. One checked out and between two statements (a
    // transaction waiting on the app) that loses its connection emits 'error' too: without this
    // listener the process dies. Its next statement fails ('not queryable', a 503) and the pool
    // drops it on release.
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzleNodePg(pool, { schema });
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      migrate: () => migrateNodePg(db, { migrationsFolder }),
      async exclusive(work) {
        // A session lock on a connection of its own; the work itself runs on the pool.
        const holder = await pool.connect();
        try {
          // Waiting for another instance's migrations may take longer than any statement should.
          await holder.query('set statement_timeout = 0; set lock_timeout = 0');
          await holder.query('select pg_advisory_lock($1)', [START_UP_LOCK]);
          try {
            return await work();
          } finally {
            await holder.query('select pg_advisory_unlock($1)', [START_UP_LOCK]);
          }
        } finally {
          await holder.query('reset statement_timeout; reset lock_timeout').catch(() => undefined);
          holder.release();
        }
      },
      close: () => pool.end(),
    };
  }
  let release = () => {};
  if (!options.dataDir.startsWith('memory://')) {
    secureDataDir(options.dataDir);
    release = lockDataDir(options.dataDir);
  }
  const client = new PGlite(options.dataDir, { extensions: { pg_trgm, btree_gist }, loadDataDir: options.snapshot });
  const ready = options.dataDir.startsWith('memory://')
    ? client.waitReady
    : client.waitReady.then(() => restrictDataDir(options.dataDir));
  const db = drizzlePglite(client, { schema });
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    migrate: async () => {
      await ready;
      await migratePglite(db, { migrationsFolder });
    },
    // One process owns an embedded database.
    exclusive: (work) => work(),
    async close() {
      try {
        await ready.catch(() => undefined);
        await client.close();
      } finally {
        release();
      }
    },
  };
}
