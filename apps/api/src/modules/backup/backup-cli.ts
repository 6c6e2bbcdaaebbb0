import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import pg from 'pg';
import { type Config, ConfigError, loadConfig } from '../../config';
import { openDatabase } from '../../db/client';
import { LOCK_FILE } from '../../db/data-dir';
import { backupKey, dumpEmbedded, embeddedClient } from './backup.service';

/**
 * `npm run backup [-- file]` and `npm run restore -- file`, for the configured database:
 * - PostgreSQL (DATABASE_URL): pg_dump in custom format (a consistent snapshot taken while the shop
 *   runs) and pg_restore into an empty database, in one transaction;
 * - embedded (DATA_DIR): the running shop makes the copy (GET /api/admin/backup on 127.0.0.1:PORT),
 *   or, when it is not running, the folder is opened and copied directly; restore unpacks the copy
 *   into an empty DATA_DIR.
 * Relative paths are the caller's (npm runs scripts from the project root). A backup into a folder
 * (the default: `backups/`) is named by the time it was taken.
 */
export interface BackupResult {
  file: string;
  bytes: number;
  ms: number;
  /** how the copy was made */
  via: 'pg_dump' | 'running shop' | 'data folder';
}

/** Copies are taken and restored by the owner: the app's role reads no migration history and creates nothing. */
const ownerUrl = (config: Config) => config.DATABASE_OWNER_URL ?? config.DATABASE_URL ?? '';

const stamp = () => new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');

export async function backup(config: Config, file?: string, shopUrl?: string): Promise<BackupResult> {
  const started = Date.now();
  const named = `petshop-${stamp()}.${config.DATABASE_URL ? 'dump' : 'tar.gz'}`;
  const given = resolve(process.env.INIT_CWD ?? process.cwd(), file ?? 'backups/');
  // A folder (ending in '/' or existing) gets a copy named by the time.
  const intoFolder = file === undefined || file.endsWith('/') || (existsSync(given) && statSync(given).isDirectory());
  const target = intoFolder ? join(given, named) : given;
  mkdirSync(dirname(target), { recursive: true });
  let via: BackupResult['via'];
  if (config.DATABASE_URL) {
    run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--file=${target}`,
      `--dbname=${ownerUrl(config)}`,
    ]);
    via = 'pg_dump';
  } else {
    const fromShop = await askRunningShop(config, shopUrl ?? `http://127.0.0.1:${config.PORT}`);
    if (fromShop) {
      writeFileSync(target, fromShop, { mode: 0o600 });
      via = 'running shop';
    } else {
      const database = openDatabase({ dataDir: config.DATA_DIR });
      try {
        const client = embeddedClient(database.db);
        if (!client) throw new Error('not an embedded database');
        writeFileSync(target, Buffer.from(await (await dumpEmbedded(client)).arrayBuffer()), { mode: 0o600 });
      } finally {
        await database.close();
      }
      via = 'data folder';
    }
  }
  return { file: target, bytes: statSync(target).size, ms: Date.now() - started, via };
}

/** The copy from the running shop; undefined when nothing listens there. */
async function askRunningShop(config: Config, base: string): Promise<Buffer | undefined> {
  let res: Response;
  try {
    res = await fetch(`${base}/api/admin/backup`, { headers: { authorization: `Bearer ${backupKey(config)}` } });
  } catch {
    return undefined;
  }
  if (!res.ok) {
    throw new Error(
      `A loja em ${base} recusou a cópia (${res.status}): confira se DATA_DIR e JWT_SECRET são os mesmos da loja.`,
    );
  }
  return Buffer.from(await res.arrayBuffer());
}

export async function restore(config: Config, file: string): Promise<{ ms: number }> {
  const started = Date.now();
  const source = resolve(process.env.INIT_CWD ?? process.cwd(), file);
  if (!existsSync(source)) throw new Error(`Arquivo não encontrado: ${source}`);
  if (config.DATABASE_URL) {
    await refuseUnlessEmpty(ownerUrl(config));
    run('pg_restore', [
      '--no-owner',
      '--no-privileges',
      '--exit-on-error',
      '--single-transaction',
      `--dbname=${ownerUrl(config)}`,
      source,
    ]);
  } else {
    const dir = config.DATA_DIR;
    if (existsSync(dir) && readdirSync(dir).length > 0) {
      throw new Error(`DATA_DIR (${dir}) não está vazio: restaure numa pasta vazia ou nova, com a loja parada.`);
    }
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    const database = openDatabase({ dataDir: dir, snapshot: new Blob([readFileSync(source)]) });
    try {
      // Opening runs the recovery the copy needs; a query proves it.
      const client = embeddedClient(database.db);
      await client?.query('select 1');
    } finally {
      await database.close();
    }
    // The copy carries the lock of the shop it was taken from; the folder was empty, so it is that one.
    rmSync(join(dir, LOCK_FILE), { force: true });
  }
  return { ms: Date.now() - started };
}

/** A restore goes into an empty database: it never mixes a copy with what is there. */
async function refuseUnlessEmpty(url: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')`,
    );
    if ((rows[0]?.n ?? 0) > 0) {
      throw new Error(
        'O banco de DATABASE_URL não está vazio: restaure num banco novo (createdb) e aponte a loja para ele.',
      );
    }
  } finally {
    await client.end();
  }
}

function run(command: string, args: string[]) {
  const result = spawnSync(command, args, { stdio: ['ignore', 'inherit', 'inherit'] });
  if (result.error) {
    throw new Error(`${command} não encontrado: instale o cliente do PostgreSQL (apt-get install postgresql-client).`);
  }
  if (result.status !== 0) throw new Error(`${command} terminou com código ${result.status}.`);
}

async function main() {
  const [command, file] = process.argv.slice(2);
  try {
    const config = loadConfig();
    if (command === 'backup') {
      const r = await backup(config, file);
      console.log(`Cópia de segurança em ${r.file} (${(r.bytes / 1e6).toFixed(1)} MB, ${r.ms} ms, ${r.via}).`);
    } else if (command === 'restore' && file) {
      const r = await restore(config, file);
      console.log(`Restaurado de ${file} em ${r.ms} ms.`);
    } else {
      console.error('Uso: npm run backup [-- arquivo]  |  npm run restore -- arquivo');
      process.exitCode = 2;
    }
  } catch (error) {
    console.error(error instanceof ConfigError || error instanceof Error ? error.message : error);
    process.exitCode = 1;
  }
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) await main();
