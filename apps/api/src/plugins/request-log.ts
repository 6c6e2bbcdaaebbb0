import type { FastifyInstance } from 'fastify';

/**
 * One line per answered request (Fastify's own logging writes two: incoming and completed), at
 * `info`, with the method, the path without its query string, the status and the time taken. Left
 * out: answers from the catalogue cache and 304s, the hot path of the shop, where writing the line
 * would cost more than the answer; they are counted in `/api/metrics` like every request.
 * Errors are logged by the error handler whatever happens here.
 */
export function registerRequestLog(app: FastifyInstance) {
  app.addHook('onResponse', (request, reply, done) => {
    if (!request.cacheHit && reply.statusCode !== 304) {
      request.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
    done();
  });
}
