import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * One line per answered request (Fastify's default writes two: incoming and completed), with the
 * method, the path without its query string, the status and the time taken. Left out: answers from
 * the catalogue cache and 304s, the hot path of the shop, where writing the line would cost more
 * than the answer; they are counted in `/api/metrics` like every request.
 */
export class RequestLog extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    if (error) {
      reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    } else if (!request.cacheHit && reply.statusCode !== 304) {
      reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
