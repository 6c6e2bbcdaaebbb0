import {
  chmodSync,
  closeSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';

/**
 * The embedded database's folder holds password hashes (in its tables and its WAL) and the app's
 * secret: only the app's own user may read it. New files get 0600 and folders 0700 whatever the
 * umask it was started with (the process umask is set before PGlite writes anything), and what an
 * earlier version left readable is fixed at start.
 */
export function secureDataDir(dir: string) {
  process.umask(0o077);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  restrictDataDir(dir);
}

/**
 * Folders 0700, files 0600. Run again once PGlite is ready: a new database's files are unpacked
 * with the modes of PGlite's bundled template (0666), which no umask changes.
 */
export function restrictDataDir(dir: string) {
  chmodSync(dir, 0o700);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) restrictDataDir(path);
    else if (entry.isFile()) chmodSync(path, 0o600);
  }
}

export class DataDirLockedError extends Error {
  constructor(
    readonly dir: string,
    readonly pid: number,
  ) {
    super(
      `DATA_DIR ${dir} já está em uso pelo processo ${pid}. Duas instâncias no mesmo banco embutido ` +
        'perderiam dados: pare o processo ' +
        `${pid} ou use DATABASE_URL (PostgreSQL) para rodar várias instâncias.`,
    );
  }
}

export const LOCK_FILE = 'petshop.lock';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists, under another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
};

const holderOf = (path: string) => {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
};

/**
 * One process per embedded database: a second one on the same DATA_DIR would accept writes the
 * first never sees. The lock is a file holding the owner's PID, created exclusively; a lock whose
 * PID is gone (a crash, kill -9) is taken over. Returns the release, which `close` calls.
 */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        if (holderOf(path) === process.pid) rmSync(path, { force: true });
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = holderOf(path);
    // The same PID as ours is a lock left by an earlier life of this process (a container restart).
    if (holder !== undefined && holder !== process.pid && alive(holder)) throw new DataDirLockedError(dir, holder);
    // Stale: moved aside under a name of our own, so two processes taking it over cannot both win.
    const aside = `${path}.stale-${process.pid}`;
    try {
      renameSync(path, aside);
      if (holderOf(aside) !== holder) {
        // Another process took it over between our read and our move: give its lock back.
        renameSync(aside, path);
        const taker = holderOf(path);
        throw new DataDirLockedError(dir, taker ?? 0);
      }
      rmSync(aside, { force: true });
    } catch (error) {
      if (error instanceof DataDirLockedError) throw error;
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  throw new DataDirLockedError(dir, holderOf(path) ?? 0);
}
