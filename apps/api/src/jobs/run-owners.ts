import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type PgBoss from 'pg-boss';
import type { Db } from '../db/client';

/**
 * A run whose process died stays 'active' in pg-boss until its expiry (2 minutes), and the queue's
 * 'stately' policy lets no other run of that job start meanwhile: a crash would stall Pix expiry
 * and the outbox for minutes. So each run is marked with its instance's key, and each instance
 * holds a session advisory lock on its key while it lives; PostgreSQL frees the lock the moment
 * the process's connection goes. A run whose owner's lock is free is handed back to its queue at
 * once. An embedded database belongs to one process: a run marked by a runner that is not alive in
 * this process is dead.
 */
const OWNER_LOCK_CLASS = 7311;
const SWEEP_EVERY_MS = 5000;
const RECONNECT_MS = 1000;
/** Longer than marking a run can take (its statement would time out first). */
const UNMARKED_AFTER_SECONDS = 30;

export interface RunOwners {
  /** this instance's key (random per runner) */
  key: number;
  /** of these owner keys, the ones whose instance is gone */
  gone(owners: number[]): Promise<Set<number>>;
  /** marks a run as this instance's (first thing a run does) */
  claim(queue: string, jobId: string): Promise<void>;
  /** starts watching; hands back the runs of dead instances now and every few seconds */
  start(instance: PgBoss, queues: string[]): Promise<void>;
  stop(): Promise<void>;
}

type Sql = (text: string, values?: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>;

/** Owner keys of the runners alive in this process (an embedded database has no other process). */
const liveHere = new Set<number>();

export function createRunOwners(db: Db, log: FastifyBaseLogger): RunOwners {
  const client: unknown = (db as { $client?: unknown }).$client;
  const key = 1 + Math.floor(Math.random() * 2_147_483_646);
  const query: Sql =
    client instanceof pg.Pool
      ? (text, values) => client.query(text, values)
      : (text, values) => (client as PGlite).query(text, values);
  const liveness = client instanceof pg.Pool ? postgresLiveness(client, key, log) : embeddedLiveness(key);
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;

  async function sweep(instance: PgBoss, queues: string[]) {
    const { rows } = await query(
      `select name, id, (data->>'owner')::int as owner from pgboss.job
        where state = 'active' and name = any($1) and data ? 'owner' and (data->>'owner')::int <> $2`,
      [queues, key],
    );
    const gone = await liveness.gone(rows.map((row) => Number(row.owner)));
    // A process killed between taking a run and marking it left a run with no owner at all; a
    // live one marks its run at once or fails it, so one unmarked this long has nobody behind it.
    const { rows: unmarked } = await query(
      `select name, id from pgboss.job
        where state = 'active' and name = any($1) and not (coalesce(data, '{}'::jsonb) ? 'owner')
          and started_on < now() - make_interval(secs => $2)`,
      [queues, UNMARKED_AFTER_SECONDS],
    );
    await handBack(instance, [...rows.filter((row) => gone.has(Number(row.owner))), ...unmarked], log);
  }

  return {
    key,
    gone: (owners) => liveness.gone(owners),
    async claim(queue, jobId) {
      await query(
        `update pgboss.job set data = coalesce(data, '{}'::jsonb) || jsonb_build_object('owner', $1::int)
          where name = $2 and id = $3`,
        [key, queue, jobId],
      );
    },
    async start(instance, queues) {
      await liveness.hold();
      await sweep(instance, queues);
      timer = setInterval(() => {
        sweeping ??= sweep(instance, queues)
          .catch((error: unknown) => log.warn({ err: error }, 'could not look for job runs of stopped instances'))
          .finally(() => {
            sweeping = undefined;
          });
      }, SWEEP_EVERY_MS);
      timer.unref();
    },
    async stop() {
      clearInterval(timer);
      await sweeping;
      await liveness.release();
    },
  };
}

interface Liveness {
  hold(): Promise<void>;
  /** of these owner keys, the ones whose instance is gone */
  gone(owners: number[]): Promise<Set<number>>;
  release(): Promise<void>;
}

function embeddedLiveness(key: number): Liveness {
  return {
    async hold() {
      liveHere.add(key);
    },
    async gone(owners) {
      return new Set(owners.filter((owner) => !liveHere.has(owner)));
    },
    async release() {
      liveHere.delete(key);
    },
  };
}

function postgresLiveness(pool: pg.Pool, key: number, log: FastifyBaseLogger): Liveness {
  let holder: pg.Client | undefined;
  let stopped = false;

  /** The lock lives as long as this session: a connection of its own, taken again if it breaks. */
  async function hold(): Promise<void> {
    while (!stopped) {
      const session = new pg.Client(pool.options);
      // Without a listener a broken connection's 'error' would end the process.
      session.on('error', () => {});
      try {
        await session.connect();
        if (stopped) {
          await session.end();
          return;
        }
        await session.query('select pg_advisory_lock($1, $2)', [OWNER_LOCK_CLASS, key]);
        session.once('end', () => {
          holder = undefined;
          if (stopped) return;
          log.warn('job owner lock lost with its connection; taking it again');
          setTimeout(() => void hold(), RECONNECT_MS).unref();
        });
        holder = session;
        return;
      } catch {
        await session.end().catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, RECONNECT_MS));
      }
    }
  }

  return {
    hold,
    async gone(owners) {
      if (owners.length === 0) return new Set();
      const { rows } = await pool.query(
        `select o.owner from unnest($1::int[]) as o(owner)
          where not exists (
            select 1 from pg_locks l
             where l.locktype = 'advisory' and l.granted and l.objsubid = 2
               and l.database = (select oid from pg_database where datname = current_database())
               and l.classid = $2 and l.objid = o.owner::bigint::oid)`,
        [owners, OWNER_LOCK_CLASS],
      );
      return new Set(rows.map((row: { owner: number }) => row.owner));
    },
    async release() {
      stopped = true;
      await holder?.end().catch(() => {});
    },
  };
}

async function handBack(instance: PgBoss, runs: Record<string, unknown>[], log: FastifyBaseLogger) {
  for (const run of runs) {
    const name = String(run.name);
    const id = String(run.id);
    try {
      await instance.fail(name, id, { message: 'a instância que executava o job parou' });
      log.warn({ job: name, jobId: id }, 'job run of a stopped instance handed back to its queue');
    } catch (error) {
      log.warn({ err: error, job: name, jobId: id }, 'could not hand back a job run of a stopped instance');
    }
  }
}
