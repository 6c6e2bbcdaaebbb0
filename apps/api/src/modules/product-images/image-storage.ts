import { mkdir, rename, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Where uploaded images live. The disk store is the default; an S3-compatible store can implement
 * the same two methods later without the routes knowing.
 */
export interface ImageStorage {
  /** Stores the bytes under a key such as 'products/<id>-640.webp'. */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The public address of a stored key. */
  urlFor(key: string): string;
}

export const UPLOADS_URL_PREFIX = '/uploads/';

/** Files under `root`, served by the app itself at /uploads/. Written to a temporary name first, so a reader never sees half a file. */
export function diskImageStorage(root: string): ImageStorage {
  return {
    async put(key, bytes) {
      const target = join(root, key);
      await mkdir(dirname(target), { recursive: true });
      const partial = `${target}.partial`;
      await writeFile(partial, bytes);
      await rename(partial, target);
    },
    urlFor: (key) => `${UPLOADS_URL_PREFIX}${key}`,
  };
}
