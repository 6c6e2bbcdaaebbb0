import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A real full disk: a small tmpfs of its own, filled to the last block. Mounting needs root on Linux
 * (a CI container has it); elsewhere the tests that need it are skipped.
 */
export function canMountTmpfs() {
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  const probe = mkdtempSync(join(tmpdir(), 'petshop-probe-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=1m', 'tmpfs', probe], { stdio: 'ignore' });
    execFileSync('umount', [probe], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(probe, { recursive: true, force: true });
  }
}

/** Mounts a tmpfs of `size` (e.g. '96m'); `fill()` takes every free byte, `free()` gives them back. */
export function smallDisk(size: string) {
  const dir = mkdtempSync(join(tmpdir(), 'petshop-full-'));
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
  const filler = join(dir, 'filler');
  return {
    dir,
    fill() {
      const { bavail, bsize } = statfsSync(dir);
      try {
        writeFileSync(filler, Buffer.alloc(Number(bavail) * Number(bsize)));
      } catch {
        // ENOSPC a few blocks short of the end: the file system is full either way.
      }
    },
    free() {
      rmSync(filler, { force: true });
    },
    unmount() {
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
