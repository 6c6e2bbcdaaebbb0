import type { FastifyInstance } from 'fastify';

/**
 * While the server closes: requests already running finish and their connections close after the
 * answer; a request that still comes in (on a kept-alive connection) gets the API's own pt-BR 503.
 * Needs `return503OnClosing: false`, or Fastify answers first with its English body.
 */
export function registerDraining(app: FastifyInstance) {
  let draining = false;
  app.addHook('preClose', async () => {
    draining = true;
  });
  app.addHook('onRequest', (_request, reply, done) => {
    if (!draining) return done();
    reply
      .status(503)
      .header('connection', 'close')
      .header('retry-after', '5')
      .send({ message: 'Servidor reiniciando. Tente novamente em instantes.', code: 'SHUTTING_DOWN' });
  });
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (draining) reply.header('connection', 'close');
    done(null, payload);
  });
}
