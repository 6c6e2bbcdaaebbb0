import Fastify from 'fastify';
import { createPixSandbox, type PixSandbox } from '../../src/modules/payments/pix-sandbox';
import { openTestDatabase } from '../helper';

export const PSP_CLIENT = { id: 'loja-teste', secret: 'segredo-do-cliente-teste' };
export const PSP_WEBHOOK_SECRET = 'segredo-do-webhook-de-teste-123';

export interface PixPspStandIn {
  url: string;
  sandbox: PixSandbox;
  db: Awaited<ReturnType<typeof openTestDatabase>>['db'];
  /** requests per path, e.g. tokenRequests */
  tokenRequests(): number;
  stop(): Promise<void>;
}

/**
 * The sandbox PSP on a port of its own with its own database, as an outside PSP: the app reaches
 * it only over HTTP (PIX_API_URL) and it calls the app's webhook over HTTP.
 */
export async function startPixPspStandIn(webhookUrl: () => string, tokenTtlSeconds = 3600): Promise<PixPspStandIn> {
  const database = await openTestDatabase();
  const server = Fastify({ logger: false });
  let tokens = 0;
  server.addHook('onRequest', async (request) => {
    if (request.url.endsWith('/oauth/token')) tokens += 1;
  });
  const sandbox = createPixSandbox({
    db: database.db,
    log: server.log,
    clientId: PSP_CLIENT.id,
    clientSecret: PSP_CLIENT.secret,
    webhookUrl,
    webhookSecret: PSP_WEBHOOK_SECRET,
    tokenTtlSeconds,
  });
  await server.register(sandbox.routes);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    sandbox,
    db: database.db,
    tokenRequests: () => tokens,
    async stop() {
      await sandbox.whenIdle();
      await server.close();
      await database.close();
    },
  };
}
