import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * br or gzip by Accept-Encoding for answers over 1 KB, with `Vary: Accept-Encoding`. Brotli at
 * quality 4: close to gzip's speed, smaller output; the web app's files come pre-compressed at 11.
 */
export async function registerCompression(app: FastifyInstance) {
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
}
