import type { SandboxOptions } from '@petshop/sandbox';
import { type Config, derivedSecret } from '../../config';
import { createMercadoPago, type MercadoPago } from './mercado-pago-client';
import { cardRail } from './payment-rails';
import { PspUnavailableError } from './pix-api-client';
import { SANDBOX_PREFIX } from './pix-setup';

export const CARD_SANDBOX_PREFIX = `${SANDBOX_PREFIX}/cards`;

export interface CardSetup {
  cards: MercadoPago;
  /** present in sandbox mode only: the Mercado Pago stand-in to mount under `/api/sandbox` */
  standIn?: SandboxOptions['cards'];
  /** what the browser tokenizes with ('' when cards are not offered) */
  publicKey: string;
  tokenizeUrl: string;
}

/**
 * The card PSP from the configuration. Without CARD_PSP_ACCESS_TOKEN the app runs its own
 * Mercado Pago stand-in and talks to it over HTTP exactly as to the real one (`selfUrl`: where
 * this instance listens); in production without PAYMENTS_SANDBOX=1 there is no stand-in and neither
 * cards nor boleto are offered (payment-rails.ts).
 */
export function cardsFromConfig(config: Config, selfUrl: () => string): CardSetup {
  const rail = cardRail(config);
  if (rail === 'off') {
    const cards = createMercadoPago({
      baseUrl: () => {
        throw new PspUnavailableError('no card PSP is configured');
      },
      accessToken: '',
      timeoutMs: config.CARD_PSP_TIMEOUT_MS,
    });
    return { cards, publicKey: '', tokenizeUrl: '' };
  }
  if (rail === 'real' && config.CARD_PSP_ACCESS_TOKEN && config.CARD_PSP_PUBLIC_KEY) {
    const base = config.CARD_PSP_URL.replace(/\/+$/, '');
    return {
      cards: createMercadoPago({
        baseUrl: base,
        accessToken: config.CARD_PSP_ACCESS_TOKEN,
        timeoutMs: config.CARD_PSP_TIMEOUT_MS,
      }),
      publicKey: config.CARD_PSP_PUBLIC_KEY,
      tokenizeUrl: `${base}/v1/card_tokens`,
    };
  }
  const accessToken = `TEST-${derivedSecret(config.JWT_SECRET, 'card-sandbox-access-token')}`;
  const publicKey = `TEST-${derivedSecret(config.JWT_SECRET, 'card-sandbox-public-key').slice(0, 32)}`;
  const standIn = {
    accessToken,
    publicKey,
    webhookSecret: config.CARD_WEBHOOK_SECRET,
    webhookUrl: () => `${selfUrl()}/api/webhooks/cards`,
    // Links it answers (boleto PDF, 3-D Secure page) are opened by the browser on the shop's own origin.
    publicUrl: () => CARD_SANDBOX_PREFIX,
    tokenSecret: derivedSecret(config.JWT_SECRET, 'card-sandbox-tokens'),
  };
  return {
    cards: createMercadoPago({
      baseUrl: () => `${selfUrl()}${CARD_SANDBOX_PREFIX}`,
      accessToken,
      timeoutMs: config.CARD_PSP_TIMEOUT_MS,
    }),
    standIn,
    publicKey,
    tokenizeUrl: `${CARD_SANDBOX_PREFIX}/v1/card_tokens`,
  };
}
