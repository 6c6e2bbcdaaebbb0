import type { FastifyBaseLogger } from 'fastify';
import { type Config, derivedSecret } from '../../config';
import type { Db } from '../../db/client';
import { createPixApi, type PixApi } from './pix-api-client';
import { createPixSandbox, DEMO_PIX_RECEIVER, type PixSandbox } from './pix-sandbox';

export interface PixSetup {
  pix: PixApi;
  /** present in sandbox mode only */
  sandbox?: PixSandbox;
  pixKey: string;
}

/**
 * The PSP from the configuration. Without PIX_API_URL the app runs its own sandbox PSP and talks
 * to it over HTTP exactly as to a real one (`selfUrl`: where this instance listens).
 */
export function pixFromConfig(config: Config, db: Db, log: FastifyBaseLogger, selfUrl: () => string): PixSetup {
  if (config.PIX_API_URL && config.PIX_CLIENT_ID && config.PIX_CLIENT_SECRET && config.PIX_KEY) {
    return {
      pix: createPixApi({
        baseUrl: config.PIX_API_URL,
        clientId: config.PIX_CLIENT_ID,
        clientSecret: config.PIX_CLIENT_SECRET,
        timeoutMs: config.PIX_TIMEOUT_MS,
        certPath: config.PIX_CERT_PATH,
        certPassword: config.PIX_CERT_PASSWORD,
      }),
      pixKey: config.PIX_KEY,
    };
  }
  const clientId = 'petcare-sandbox';
  const clientSecret = derivedSecret(config.JWT_SECRET, 'pix-sandbox-client');
  const sandbox = createPixSandbox({
    db,
    log,
    clientId,
    clientSecret,
    webhookUrl: () => `${selfUrl()}/api/webhooks`,
    webhookSecret: config.PIX_WEBHOOK_SECRET,
  });
  return {
    pix: createPixApi({
      baseUrl: () => `${selfUrl()}/api/sandbox/pix`,
      clientId,
      clientSecret,
      timeoutMs: config.PIX_TIMEOUT_MS,
    }),
    sandbox,
    pixKey: config.PIX_KEY ?? DEMO_PIX_RECEIVER.key,
  };
}
