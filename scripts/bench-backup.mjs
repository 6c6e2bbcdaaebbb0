// `npm run backup` and `npm run restore` timed on a shop with a year of history (10,000 orders with
// their items, payments and timelines, 10,000 appointments): on PostgreSQL (pg_dump / pg_restore into
// a new database) and on the embedded database (the copy made by the running shop, unpacked into a
// new folder). The restored copy's orders, payments and appointments are counted against the original.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { historySql } from './bench-reports.mjs';
import { requireApi, root } from './bench-support.mjs';

const pg = requireApi('pg');
const ORDERS = 10_000;
const COUNTS = `select (select count(*) from orders)::int as orders, (select count(*) from payments)::int as payments,
  (select count(*) from appointments)::int as appointments`;

/** The CLI as a person runs it (`npm run backup` / `restore`), with `env`; answers its wall time in ms. */
async function cli(command, file, env) {
  const started = Date.now();
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/modules/backup/backup-cli.ts', command, file],
    { cwd: root, env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const [code] = await once(child, 'exit');
  if (code !== 0) throw new Error(`npm run ${command} terminou com código ${code}`);
  return Date.now() - started;
}

export async function benchBackupPostgres(pgUrl) {
  const work = mkdtempSync(join(tmpdir(), 'petshop-bench-backup-'));
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const restoredUrl = new URL(pgUrl);
  restoredUrl.pathname = '/petshop_bench_restore';
  try {
    const { rows } = await client.query('select count(*)::int as n from orders');
    if (rows[0].n < ORDERS) await client.query(historySql(ORDERS - rows[0].n, 10_000));
    const original = (await client.query(COUNTS)).rows[0];
    const file = join(work, 'shop.dump');
    const backupMs = await cli('backup', file, { DATABASE_URL: pgUrl });
    await client.query('drop database if exists petshop_bench_restore with (force)');
    await client.query('create database petshop_bench_restore');
    const restoreMs = await cli('restore', file, { DATABASE_URL: restoredUrl.toString() });
    const restored = new pg.Client({ connectionString: restoredUrl.toString() });
    await restored.connect();
    const copy = (await restored.query(COUNTS)).rows[0];
    await restored.end();
    return { original, copy, bytes: statSync(file).size, backupMs, restoreMs };
  } finally {
    await client.query('drop database if exists petshop_bench_restore with (force)');
    await client.end();
    rmSync(work, { recursive: true, force: true });
  }
}

/** Writes the history straight into the embedded database's folder (the shop must be stopped). */
async function seedEmbedded(dataDir) {
  const { PGlite } = requireApi('@electric-sql/pglite');
  const { pg_trgm } = requireApi('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = requireApi('@electric-sql/pglite/contrib/btree_gist');
  const db = new PGlite(dataDir, { extensions: { pg_trgm, btree_gist } });
  try {
    await db.exec(historySql(ORDERS, 10_000));
    return (await db.query(COUNTS)).rows[0];
  } finally {
    await db.close();
  }
}

async function countEmbedded(dataDir) {
  const { PGlite } = requireApi('@electric-sql/pglite');
  const { pg_trgm } = requireApi('@electric-sql/pglite/contrib/pg_trgm');
  const { btree_gist } = requireApi('@electric-sql/pglite/contrib/btree_gist');
  const db = new PGlite(dataDir, { extensions: { pg_trgm, btree_gist } });
  try {
    return (await db.query(COUNTS)).rows[0];
  } finally {
    await db.close();
  }
}

/**
 * `stopApi` / `startApi` bracket the seeding (one process owns the folder); the backup is then taken
 * from the running shop, as `npm run backup` does while it serves.
 */
export async function benchBackupEmbedded({ dataDir, stopApi, startApi, env }) {
  const work = mkdtempSync(join(tmpdir(), 'petshop-bench-backup-'));
  try {
    await stopApi();
    const original = await seedEmbedded(dataDir);
    const api = await startApi();
    const file = join(work, 'shop.tar.gz');
    const backupMs = await cli('backup', file, { ...env, DATA_DIR: dataDir, PORT: new URL(api.base).port });
    const restoredDir = join(work, 'restored');
    const restoreMs = await cli('restore', file, { ...env, DATA_DIR: restoredDir });
    const copy = await countEmbedded(restoredDir);
    return { api, original, copy, bytes: statSync(file).size, backupMs, restoreMs };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
