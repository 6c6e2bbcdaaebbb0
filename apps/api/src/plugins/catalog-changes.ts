import type { PGlite } from '@electric-sql/pglite';
import type { FastifyBaseLogger } from 'fastify';
import pg from 'pg';
import type { Db } from '../db/client';

const CHANNEL = 'catalog_changed';
const RECONNECT_MS = [250, 500, 1000, 2000, 5000];

/**
 * What this instance knows of the catalogue's changes: a number that moves whenever any instance
 * commits a change (the tables' triggers NOTIFY at commit), and whether it is listening at all.
 * While the listening connection is down nothing is known, so `fresh()` is false and the cache
 * must not answer; on reconnecting the version moves, as notifications may have been missed.
 */
export interface CatalogChanges {
  version(): number;
  fresh(): boolean;
  /** This instance changed the catalogue: forget at once, before its own notification comes back. */
  touch(): void;
  close(): Promise<void>;
}

export function watchCatalogChanges(db: Db, log: FastifyBaseLogger): CatalogChanges {
  const client: unknown = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return watchPostgres(client, log);
  if (client && typeof (client as PGlite).listen === 'function') return watchPglite(client as PGlite, log);
  return { version: () => 0, fresh: () => false, touch: () => {}, close: async () => {} };
}

function watchPglite(client: PGlite, log: FastifyBaseLogger): CatalogChanges {
  let version = 0;
  let listening = false;
  let stop: (() => Promise<void>) | undefined;
  const ready = client
    .listen(CHANNEL, () => {
      version += 1;
    })
    .then((unlisten) => {
      stop = unlisten;
      listening = true;
    })
    .catch((error: unknown) => log.warn({ err: error }, 'catalogue change listener unavailable: cache off'));
  return {
    version: () => version,
    fresh: () => listening,
    touch: () => {
      version += 1;
    },
    async close() {
      await ready;
      listening = false;
      await stop?.().catch(() => {});
    },
  };
}

function watchPostgres(pool: pg.Pool, log: FastifyBaseLogger): CatalogChanges {
  let version = 0;
  let listening = false;
  let closed = false;
  let attempt = 0;
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;

  const lost = (error?: unknown) => {
    if (!listening && !client) return;
    listening = false;
    const dead = client;
    client = undefined;
    dead?.removeAllListeners();
    dead?.on('error', () => {});
    void dead?.end().catch(() => {});
    if (closed) return;
    if (error) log.warn({ err: error }, 'catalogue change listener lost: cache off until it is back');
    schedule();
  };

  const schedule = () => {
    const delay = RECONNECT_MS[Math.min(attempt, RECONNECT_MS.length - 1)] ?? 5000;
    attempt += 1;
    timer = setTimeout(() => void connect(), delay);
    timer.unref();
  };

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ ...pool.options, connectionTimeoutMillis: 3000 });
    client = next;
    next.on('error', lost);
    next.on('end', () => lost());
    next.on('notification', (message) => {
      if (message.channel === CHANNEL) version += 1;
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${CHANNEL}`);
      if (closed) return void next.end().catch(() => {});
      // Changes made while nobody listened were not heard: whatever was cached is unknown.
      version += 1;
      listening = true;
      attempt = 0;
    } catch (error) {
      lost(error);
    }
  };

  void connect();
  return {
    version: () => version,
    fresh: () => listening,
    touch: () => {
      version += 1;
    },
    async close() {
      closed = true;
      listening = false;
      if (timer) clearTimeout(timer);
      const last = client;
      client = undefined;
      last?.removeAllListeners();
      last?.on('error', () => {});
      await last?.end().catch(() => {});
    },
  };
}
