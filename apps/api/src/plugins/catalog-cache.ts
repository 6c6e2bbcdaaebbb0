import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { CatalogChanges } from './catalog-changes';
import { etagMatches, etagOf } from './conditional-get';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** A public catalogue read whose encoded answer may be kept until the catalogue changes. */
    catalogCache?: boolean;
  }
  interface FastifyRequest {
    /** answered from the catalogue cache */
    cacheHit?: boolean;
  }
}

interface Entry {
  version: number;
  /** the JSON as bytes: its length is known, nothing to encode per request */
  json: Buffer;
  etag: string;
  br?: Buffer;
  gzip?: Buffer;
  /** the answer's own headers, built once */
  headers: Readonly<Record<string, string>>;
}

const MAX_ENTRIES = 500;
const MIN_COMPRESS_BYTES = 1024;

const accepts = (header: string | undefined, coding: string) =>
  (header ?? '').split(',').some((part) => {
    const [name, ...params] = part.trim().split(';');
    if (name?.trim().toLowerCase() !== coding) return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });

/** Which encoding a client takes, per Accept-Encoding header seen (a handful of distinct values). */
const encodingFor = new Map<string, 'br' | 'gzip' | 'identity'>();
function encodingOf(header: string | undefined): 'br' | 'gzip' | 'identity' {
  if (!header) return 'identity';
  let coding = encodingFor.get(header);
  if (coding === undefined) {
    coding = accepts(header, 'br') ? 'br' : accepts(header, 'gzip') ? 'gzip' : 'identity';
    if (encodingFor.size < 100) encodingFor.set(header, coding);
  }
  return coding;
}

/**
 * Keeps the encoded answers (JSON, br, gzip) of the public catalogue reads, so a repeated read
 * costs neither the query nor the serialisation nor the compression. An entry is served only
 * while this instance is listening for catalogue changes and no change has been committed since
 * the request that produced it started; checkout still decides stock on the database.
 * Registered at the root after the security headers and before the ETag and compression hooks,
 * which it spares on a hit. A hit is not written to the request log (plugins/request-log.ts).
 */
export function registerCatalogCache(app: FastifyInstance, changes: CatalogChanges) {
  const entries = new Map<string, Entry>();
  const startedAt = new WeakMap<FastifyRequest, number>();
  app.decorateRequest('cacheHit', false);

  const send = (request: FastifyRequest, reply: FastifyReply, entry: Entry) => {
    reply.headers(entry.headers);
    if (etagMatches(request.headers['if-none-match'], entry.etag)) return reply.code(304).send();
    if (entry.json.length >= MIN_COMPRESS_BYTES) {
      const coding = encodingOf(request.headers['accept-encoding']);
      if (coding === 'br') {
        entry.br ??= brotliCompressSync(entry.json, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } });
        return reply.header('content-encoding', 'br').send(entry.br);
      }
      if (coding === 'gzip') {
        entry.gzip ??= gzipSync(entry.json, { level: 6 });
        return reply.header('content-encoding', 'gzip').send(entry.gzip);
      }
    }
    return reply.send(entry.json);
  };

  app.addHook('onRequest', (request, reply, done) => {
    if (request.method !== 'GET' || !request.routeOptions.config.catalogCache) return done();
    const version = changes.version();
    const entry = changes.fresh() ? entries.get(request.url) : undefined;
    if (entry && entry.version === version) {
      request.cacheHit = true;
      return send(request, reply, entry);
    }
    startedAt.set(request, version);
    done();
  });

  app.addHook('onSend', (request, reply, payload, done) => {
    const version = startedAt.get(request);
    if (version === undefined || request.cacheHit || reply.statusCode !== 200 || typeof payload !== 'string') {
      return done(null, payload);
    }
    // Kept only if nothing changed while it was being read: otherwise it may show the old state.
    if (changes.fresh() && version === changes.version()) {
      if (entries.size >= MAX_ENTRIES) entries.clear();
      const etag = etagOf(payload);
      entries.set(request.url, {
        version,
        json: Buffer.from(payload),
        etag,
        headers: Object.freeze({
          etag,
          'cache-control': 'public, no-cache',
          vary: 'accept-encoding',
          'x-cache': 'hit',
          'content-type': 'application/json; charset=utf-8',
        }),
      });
    }
    reply.header('x-cache', 'miss');
    done(null, payload);
  });
}

/**
 * For the back-office plugins: once a change has committed and before its answer leaves, the
 * cached reads of this instance are forgotten (other instances hear the database's notification).
 */
export const forgetCachedReadsOnWrite =
  (changes: CatalogChanges) => async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    if (request.method !== 'GET' && request.method !== 'HEAD' && reply.statusCode < 400) changes.touch();
    return payload;
  };

/** An `onRoute` hook for a plugin whose GET routes are public catalogue reads. */
export function markCatalogReads(route: { method: string | string[]; config?: object }) {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  if (methods.includes('GET')) route.config = { ...route.config, catalogCache: true };
}
