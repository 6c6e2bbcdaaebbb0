import { type PixStandIn, startPixStandIn } from '@petshop/sandbox/testing';
import { openTestDatabase } from '../helper';

export const PSP_CLIENT = { id: 'loja-teste', secret: 'segredo-do-cliente-teste' };
export const PSP_WEBHOOK_SECRET = 'segredo-do-webhook-de-teste-123';

export interface PixPspStandIn {
  url: string;
  sandbox: PixStandIn;
  db: Awaited<ReturnType<typeof openTestDatabase>>['db'];
  /** requests per path, e.g. tokenRequests */
  tokenRequests(): number;
  stop(): Promise<void>;
}

/**
 * The Pix PSP stand-in on a port of its own with its own database, as an outside PSP: the app
 * reaches it only over HTTP (PIX_API_URL) and it calls the app's webhook over HTTP.
 */
export async function startPixPspStandIn(webhookUrl: () => string, tokenTtlSeconds = 3600): Promise<PixPspStandIn> {
  const database = await openTestDatabase();
  const running = await startPixStandIn({
    db: database.db,
    clientId: PSP_CLIENT.id,
    clientSecret: PSP_CLIENT.secret,
    webhookUrl,
    webhookSecret: PSP_WEBHOOK_SECRET,
    tokenTtlSeconds,
  });
  return {
    url: running.url,
    sandbox: running.pix,
    db: database.db,
    tokenRequests: running.tokenRequests,
    async stop() {
      await running.stop();
      await database.close();
    },
  };
}
