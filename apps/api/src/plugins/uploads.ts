import { mkdirSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { UPLOADS_URL_PREFIX } from '../modules/product-images/image-storage';

/**
 * Serves uploaded photos from disk. Each upload gets a new name, so a file never changes and may be
 * cached for a year; a folder listing or a missing file is a plain 404.
 */
export async function registerUploads(app: FastifyInstance, root: string) {
  mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    wildcard: true,
    index: false,
    list: false,
    dotfiles: 'deny',
    // Only finished photos: no folder, no half-written '.partial' file.
    allowedPath: (path) => /^\/products\/[0-9a-f-]{36}-\d+\.webp$/.test(path),
    cacheControl: false,
    setHeaders(res) {
      res.setHeader('cache-control', 'public, max-age=31536000, immutable');
      res.setHeader('x-content-type-options', 'nosniff');
    },
  });
}
