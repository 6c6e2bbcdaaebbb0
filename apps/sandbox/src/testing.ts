import Fastify from 'fastify';
import {
  type CardSandbox,
  type CardSandboxOptions,
  createMercadoPagoStandIn,
  TEST_CARDS,
} from './mercadopago/mercadopago-stand-in';
import { createPixStandIn, type PixStandIn, type PixStandInOptions } from './pix/pix-stand-in';

export { boletoBarcode, boletoLineOf, mod10, mod11 } from './mercadopago/boleto-barcode';
export type { CardSandbox, CardSandboxFaults, SandboxPayment } from './mercadopago/mercadopago-stand-in';
export { OUTCOMES, TEST_CARDS } from './mercadopago/mercadopago-stand-in';

export type { CycleOutcome, RecurrenceFaults } from './pix/pix-recurrence';
export type { PixStandIn, SandboxFaults, SandboxPayOutcome } from './pix/pix-stand-in';
export { createPixStandIn } from './pix/pix-stand-in';

export interface RunningPixStandIn {
  url: string;
  /** the stand-in with its test switches (faults, token revocation, paying regardless) */
  pix: PixStandIn;
  /** requests for a token so far */
  tokenRequests(): number;
  stop(): Promise<void>;
}

/**
 * The Pix PSP stand-in on a loopback port of its own, as an outside PSP: the shop reaches it only
 * over HTTP (PIX_API_URL) and it calls the shop's webhook over HTTP. For tests; refused in production.
 */
export async function startPixStandIn(options: Omit<PixStandInOptions, 'log'>): Promise<RunningPixStandIn> {
  if (process.env.NODE_ENV === 'production') throw new Error('the PSP stand-ins are for tests, not production');
  const server = Fastify({ logger: false });
  let tokens = 0;
  server.addHook('onRequest', async (request) => {
    if (request.url.endsWith('/oauth/token')) tokens += 1;
  });
  const pix = createPixStandIn({ ...options, log: server.log });
  await server.register(pix.routes);
  await server.listen({ port: 0, host: '127.0.0.1' });
  const { port } = server.server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    pix,
    tokenRequests: () => tokens,
    async stop() {
      await pix.whenIdle();
      await server.close();
    },
  };
}

export interface RunningCardStandIn {
  url: string;
  /** the stand-in with its test switches (faults, lost webhooks, moving a payment as the PSP would) */
  cards: CardSandbox;
  /** A card token as the browser gets it; the holder's name decides the outcome (APRO, FUND…). */
  token(holder: string, card?: keyof typeof TEST_CARDS): Promise<string>;
  stop(): Promise<void>;
}

/**
 * The Mercado Pago stand-in on a loopback port of its own, as an outside PSP: the shop reaches it
 * only over HTTP (CARD_PSP_URL) and it calls the shop's webhook over HTTP. For tests.
 */
export async function startCardStandIn(
  options: Omit<CardSandboxOptions, 'log' | 'publicUrl' | 'tokenSecret'> & { tokenSecret?: string },
): Promise<RunningCardStandIn> {
  if (process.env.NODE_ENV === 'production') throw new Error('the PSP stand-ins are for tests, not production');
  const server = Fastify({ logger: false, forceCloseConnections: true });
  let url = '';
  const cards = createMercadoPagoStandIn({
    tokenSecret: 'stand-in-token-secret',
    ...options,
    log: server.log,
    publicUrl: () => url,
  });
  await server.register(cards.routes);
  await server.listen({ port: 0, host: '127.0.0.1' });
  url = `http://127.0.0.1:${(server.server.address() as { port: number }).port}`;
  return {
    url,
    cards,
    async token(holder, card = 'master') {
      const res = await fetch(`${url}/v1/card_tokens?public_key=${encodeURIComponent(options.publicKey)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          card_number: TEST_CARDS[card].number,
          expiration_month: 11,
          expiration_year: new Date().getFullYear() + 2,
          security_code: TEST_CARDS[card].cvv,
          cardholder: { name: holder, identification: { type: 'CPF', number: '12345678909' } },
        }),
      });
      if (res.status !== 201) throw new Error(`token failed: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { id: string }).id;
    },
    async stop() {
      await cards.whenIdle();
      await server.close();
    },
  };
}
