import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A weak tag naming the JSON itself, so every encoding and every instance gives the same one. */
export const etagOf = (body: string | Buffer) => `W/"${createHash('sha1').update(body).digest('base64url')}"`;

export const etagMatches = (header: string | undefined, etag: string) =>
  header !== undefined && (header.trim() === '*' || header.split(',').some((tag) => tag.trim() === etag));

/**
 * A weak ETag on every successful GET whose body is in memory, and 304 when the browser already
 * has it. Registered before compression, so the tag names the JSON, whatever encoding goes out.
 * Public catalogue routes add `Cache-Control: public, no-cache` (see `publicRevalidate`): a cache
 * may keep the list but asks every time, so an edit in the back office shows at once.
 */
export function registerConditionalGet(app: FastifyInstance) {
  app.addHook('onSend', (request, reply, payload, done) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return done(null, payload);
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return done(null, payload);
    // A cached catalogue answer comes with its tag (and maybe already compressed).
    if (reply.hasHeader('etag')) return done(null, payload);
    const etag = etagOf(payload);
    reply.header('etag', etag);
    if (!etagMatches(request.headers['if-none-match'], etag)) return done(null, payload);
    reply.code(304);
    reply.removeHeader('content-length');
    done(null, '');
  });
}

/** An `onRequest` hook for public reads: anyone may cache the answer but must revalidate it. */
export async function publicRevalidate(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'public, no-cache');
}
