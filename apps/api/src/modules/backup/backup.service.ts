import type { PGlite } from '@electric-sql/pglite';
import { type Config, derivedSecret } from '../../config';
import type { Db } from '../../db/client';

/** The embedded database's client, or undefined on PostgreSQL (whose backups are pg_dump's). */
export function embeddedClient(db: Db): PGlite | undefined {
  const client = (db as { $client?: unknown }).$client as Partial<PGlite> | undefined;
  return client && typeof client.dumpDataDir === 'function' ? (client as PGlite) : undefined;
}

/**
 * What `npm run backup` presents to the running shop. Derived from JWT_SECRET: whoever can compute
 * it can already sign an admin's session and read the data folder, so it grants nothing more.
 */
export const backupKey = (config: Pick<Config, 'JWT_SECRET'>) => derivedSecret(config.JWT_SECRET, 'backup');

/**
 * A consistent copy of the embedded database while the shop runs: a checkpoint (so the copy needs
 * little recovery), then the data folder as a gzipped tar taken while no transaction is open and
 * none can start; requests wait for those few moments and go on. The copy is what the database
 * would find after a crash at that instant, with every committed transaction in it.
 */
export async function dumpEmbedded(client: PGlite): Promise<Blob> {
  await client.exec('CHECKPOINT');
  return client._runExclusiveTransaction(() => client.dumpDataDir('gzip'));
}
