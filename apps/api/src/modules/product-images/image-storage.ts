import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where uploaded images live. The disk store is the default; an S3-compatible store can implement
 * the same methods later without the routes knowing.
 */
export interface ImageStorage {
  /** Stores the bytes under a key such as 'products/<id>-640.webp'. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** Removes a stored key; a key that is not there is no error. */
  remove(key: string): Promise<void>;
  /** The keys under a folder such as 'products/', with when each was written. */
  list(folder: string): Promise<{ key: string; writtenAt: Date }[]>;
  /** The public address of a stored key. */
  urlFor(key: string): string;
}

export const UPLOADS_URL_PREFIX = '/uploads/';

/**
 * Files under `root`, served by the app itself at /uploads/. Written to a temporary name first, so a
 * reader never sees half a file; when the write fails (a full disk) the temporary file goes too.
 */
export function diskImageStorage(root: string): ImageStorage {
  return {
    async put(key, bytes) {
      const target = join(root, key);
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.partial`;
      try {
        await writeFile(partial, bytes);
        await rename(partial, target);
      } catch (error) {
        await rm(partial, { force: true }).catch(() => undefined);
        throw error;
      }
    },
    async remove(key) {
      await rm(join(root, key), { force: true });
    },
    async list(folder) {
      const dir = join(root, folder);
      const names = await readdir(dir).catch(() => [] as string[]);
      const found: { key: string; writtenAt: Date }[] = [];
      for (const name of names) {
        const info = await stat(join(dir, name)).catch(() => undefined);
        if (info?.isFile()) found.push({ key: `${folder}${name}`, writtenAt: info.mtime });
      }
      return found;
    },
    urlFor: (key) => `${UPLOADS_URL_PREFIX}${key}`,
  };
}
