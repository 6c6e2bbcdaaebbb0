import { DEMO_PIX_RECEIVER, type SandboxOptions } from '@petshop/sandbox';
import { type Config, derivedSecret } from '../../config';
import { pixRail } from './payment-rails';
import { createPixApi, type PixApi, type PixApiOptions, PspUnavailableError } from './pix-api-client';
import { createPixAutomatico, type PixAutomatico } from './pix-automatico-client';

export interface PixSetup {
  pix: PixApi;
  /** the same PSP's Pix Automático endpoints (recurrences and their charges) */
  pixAutomatico: PixAutomatico;
  /** present in sandbox mode only: the Pix stand-in to mount under `/api/sandbox` */
  standIn?: SandboxOptions['pix'];
  pixKey: string;
}

/** Where the embedded stand-ins are mounted; the shop's Pix client reaches its stand-in at `${SANDBOX_PREFIX}/pix`. */
export const SANDBOX_PREFIX = '/api/sandbox';

/**
 * The PSP from the configuration. Without PIX_API_URL the app mounts the Pix PSP stand-in and
 * talks to it over HTTP exactly as to a real one (`selfUrl`: where this instance listens); in
 * production without PAYMENTS_SANDBOX=1 there is no stand-in and Pix is not offered (payment-rails.ts).
 */
export function pixFromConfig(config: Config, selfUrl: () => string): PixSetup {
  const rail = pixRail(config);
  if (rail === 'off') {
    // Never called for a new charge (Pix is not offered); anything left from before finds no PSP.
    const nowhere: PixApiOptions = {
      baseUrl: () => {
        throw new PspUnavailableError('no Pix PSP is configured');
      },
      clientId: '',
      clientSecret: '',
      timeoutMs: config.PIX_TIMEOUT_MS,
    };
    return { pix: createPixApi(nowhere), pixAutomatico: createPixAutomatico(nowhere), pixKey: '' };
  }
  if (rail === 'real' && config.PIX_API_URL && config.PIX_CLIENT_ID && config.PIX_CLIENT_SECRET && config.PIX_KEY) {
    const options: PixApiOptions = {
      baseUrl: config.PIX_API_URL,
      clientId: config.PIX_CLIENT_ID,
      clientSecret: config.PIX_CLIENT_SECRET,
      timeoutMs: config.PIX_TIMEOUT_MS,
      certPath: config.PIX_CERT_PATH,
      certPassword: config.PIX_CERT_PASSWORD,
    };
    return { pix: createPixApi(options), pixAutomatico: createPixAutomatico(options), pixKey: config.PIX_KEY };
  }
  const clientId = 'petcare-sandbox';
  const clientSecret = derivedSecret(config.JWT_SECRET, 'pix-sandbox-client');
  const sandboxOptions: PixApiOptions = {
    baseUrl: () => `${selfUrl()}${SANDBOX_PREFIX}/pix`,
    clientId,
    clientSecret,
    timeoutMs: config.PIX_TIMEOUT_MS,
  };
  return {
    standIn: {
      clientId,
      clientSecret,
      webhookUrl: () => `${selfUrl()}/api/webhooks`,
      webhookSecret: config.PIX_WEBHOOK_SECRET,
    },
    pix: createPixApi(sandboxOptions),
    pixAutomatico: createPixAutomatico(sandboxOptions),
    pixKey: config.PIX_KEY ?? DEMO_PIX_RECEIVER.key,
  };
}
