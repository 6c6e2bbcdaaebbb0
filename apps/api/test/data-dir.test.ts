import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { repoRoot } from '../src/config';
import { openDatabase } from '../src/db/client';
import { DataDirLockedError, lockDataDir } from '../src/db/data-dir';
import { TEST_SECRET } from './helper';
import { killAllApiProcesses, startApiProcess } from './support/api-process';

/**
 * The embedded database on disk (PGlite only: with DATABASE_URL there is no DATA_DIR to guard):
 * nobody but the app's user reads it, and one process at a time writes it.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const dirs: string[] = [];
const newDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'petshop-datadir-'));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  await killAllApiProcesses();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function modes(dir: string, found: { files: number[]; dirs: number[] } = { files: [], dirs: [] }) {
  found.dirs.push(statSync(dir).mode & 0o777);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) modes(path, found);
    else if (entry.isFile()) found.files.push(statSync(path).mode & 0o777);
  }
  return found;
}

describe.skipIf(onPostgres)('DATA_DIR', () => {
  it('is 0700 with every file 0600 under a umask of 000, and what an earlier version left open is closed', async () => {
    const previous = process.umask(0o000);
    try {
      const dir = join(newDir(), 'data');
      // What an earlier version left behind, readable and writable by anyone.
      mkdirSync(join(dir, 'uploads'), { recursive: true, mode: 0o777 });
      chmodSync(dir, 0o777);
      writeFileSync(join(dir, 'uploads', 'antiga.webp'), 'x', { mode: 0o666 });
      writeFileSync(join(dir, 'jwt-secret'), 'segredo', { mode: 0o644 });
      // DATA_DIR is the database's own folder too (uploads and the app's secret live beside it).
      const database = openDatabase({ dataDir: dir, snapshot: new Blob([readFileSync(inject('pgliteSnapshot'))]) });
      await database.db.execute(sql`create table permissoes (id serial primary key, v text)`);
      await database.db.execute(sql`insert into permissoes (v) select md5(g::text) from generate_series(1, 2000) g`);
      await database.db.execute(sql`checkpoint`);
      await database.close();
      const found = modes(dir);
      console.info(
        `DATA_DIR under umask 000: ${found.files.length} files, modes ${[...new Set(found.files.map((m) => m.toString(8)))].join(', ')}; ` +
          `${found.dirs.length} folders, modes ${[...new Set(found.dirs.map((m) => m.toString(8)))].join(', ')}`,
      );
      expect(found.files.length).toBeGreaterThan(500);
      expect(new Set(found.files)).toEqual(new Set([0o600]));
      expect(new Set(found.dirs)).toEqual(new Set([0o700]));
    } finally {
      process.umask(previous);
    }
  });

  it('a second process on it refuses at once, naming the running one; a dead one’s lock is taken over', async () => {
    const dir = newDir();
    const first = await startApiProcess({ env: { DATA_DIR: dir, PAYMENTS_SANDBOX: '1' } });
    const lock = () => readFileSync(join(dir, 'petshop.lock'), 'utf8');
    expect(lock()).toBe(String(first.child.pid));

    const started = Date.now();
    const second = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: repoRoot,
      env: {
        ...process.env,
        DATA_DIR: dir,
        PORT: '0',
        JWT_SECRET: TEST_SECRET,
        WEB_DIST: '/nonexistent',
        NODE_ENV: 'production',
        PAYMENTS_SANDBOX: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    second.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const code = await new Promise<number | null>((resolve) => second.on('exit', resolve));
    const refusedMs = Date.now() - started;
    console.info(`second process on a locked DATA_DIR refused in ${refusedMs} ms (process start included)`);
    expect(code).toBe(1);
    expect(stderr).toContain(`em uso pelo processo ${first.child.pid}`);
    const checkAt = performance.now();
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    console.info(`the lock check itself: ${(performance.now() - checkAt).toFixed(2)} ms`);
    // The first one was not disturbed.
    expect((await fetch(`${first.base}/api/health`)).status).toBe(200);

    await first.kill('SIGKILL');
    expect(lock()).toBe(String(first.child.pid));
    const next = await startApiProcess({ env: { DATA_DIR: dir, PAYMENTS_SANDBOX: '1' } });
    expect(lock()).toBe(String(next.child.pid));
    expect((await fetch(`${next.base}/api/health`)).status).toBe(200);
    await next.kill('SIGTERM');
    expect(() => lock()).toThrow();
  }, 120_000);
});
