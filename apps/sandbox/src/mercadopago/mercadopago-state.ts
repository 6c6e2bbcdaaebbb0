import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import type {
  CardSandboxFaults,
  CardSandboxOptions,
  SandboxPayment,
  SandboxStatus,
  TokenData,
} from './mercadopago-types';

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const DAY_MS = 86_400_000;

/** A Mercado Pago style error body. */
export const mpError = (reply: FastifyReply, status: number, message: string, code = 'bad_request') =>
  reply.status(status).send({ message, error: code, status, cause: [{ code, description: message }] });

/** One stand-in's memory (payments, keys, customers, challenges) and what every route shares. */
export type MercadoPagoState = ReturnType<typeof createMercadoPagoState>;

export function createMercadoPagoState(options: CardSandboxOptions) {
  const payments = new Map<number, SandboxPayment>();
  const byKey = new Map<string, number>();
  const usedTokens = new Set<string>();
  const refundsByKey = new Map<string, SandboxPayment['refunds'][number]>();
  const faults: CardSandboxFaults = { mode: 'ok', slowMs: 0, webhookLost: false };
  const inFlight = new Set<Promise<void>>();
  const counters = {
    nextId: 1_300_000_000 + randomInt(0, 1_000_000) * 100,
    nextRefundId: 2_000_000_000 + randomInt(0, 1_000_000),
    created: 0,
  };
  /**
   * 3-D Secure challenges by their id: random, not the payment's, so nobody reaches another payer's
   * challenge by counting. Passing one also takes its creq, which only the payer's shop hands them.
   */
  const challenges = new Map<string, number>();

  /** Customers and their saved cards (Customers API), kept by this process only, as a sandbox may. */
  const customers = new Map<string, { email: string; cards: Map<string, TokenData> }>();
  const sign = (payload: string) => createHmac('sha256', options.tokenSecret).update(payload).digest('base64url');
  const makeToken = (data: TokenData) => {
    const payload = Buffer.from(JSON.stringify(data)).toString('base64url');
    return `${payload}.${sign(payload)}`;
  };
  function readToken(token: string): TokenData | undefined {
    const [payload, signature] = token.split('.');
    if (!payload || !signature) return undefined;
    const expected = Buffer.from(sign(payload));
    const given = Buffer.from(signature);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
    const data = JSON.parse(Buffer.from(payload, 'base64url').toString()) as TokenData;
    // Like the PSP's: a card token is good for 7 days.
    return Date.now() - data.t < 7 * DAY_MS ? data : undefined;
  }

  const sameSecret = (given: string | undefined, expected: string) => {
    const a = Buffer.from(given ?? '');
    const b = Buffer.from(expected);
    return a.length === b.length && timingSafeEqual(a, b);
  };
  const bearer = (header: string | undefined) =>
    sameSecret(header?.startsWith('Bearer ') ? header.slice(7) : undefined, options.accessToken);

  async function notify(payment: SandboxPayment, action: string) {
    if (faults.webhookLost) return;
    let url: string | undefined;
    try {
      url = payment.notification_url ?? options.webhookUrl?.();
    } catch {
      return;
    }
    if (!url) return;
    const dataId = String(payment.id);
    const requestId = randomUUID();
    const ts = String(Date.now());
    const v1 = createHmac('sha256', options.webhookSecret)
      .update(`id:${dataId};request-id:${requestId};ts:${ts};`)
      .digest('hex');
    const target = new URL(url);
    target.searchParams.set('data.id', dataId);
    target.searchParams.set('type', 'payment');
    const body = JSON.stringify({
      id: randomInt(1, 2 ** 47),
      live_mode: false,
      type: 'payment',
      date_created: new Date().toISOString(),
      user_id: 1,
      api_version: 'v1',
      action,
      data: { id: dataId },
    });
    // Like the PSP: a few tries with growing pauses; after that the shop's reconciliation finds it.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      try {
        const res = await fetch(target, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-signature': `ts=${ts},v1=${v1}`,
            'x-request-id': requestId,
          },
          body,
          signal: AbortSignal.timeout(5000),
        });
        await res.body?.cancel();
        if (res.ok) return;
      } catch {
        // try again
      }
      await sleep(500 * 2 ** attempt);
    }
    options.log?.warn({ paymentId: payment.id }, 'card sandbox gave up sending a webhook');
  }

  function send(payment: SandboxPayment, action: string) {
    const running = notify(payment, action).finally(() => inFlight.delete(running));
    inFlight.add(running);
  }

  function newChallenge(paymentId: number) {
    const challengeId = randomBytes(18).toString('base64url');
    challenges.set(challengeId, paymentId);
    return {
      external_resource_url: `${options.publicUrl().replace(/\/+$/, '')}/sandbox/3ds/${challengeId}`,
      creq: randomBytes(24).toString('base64url'),
    };
  }

  function settle(id: number, to: SandboxStatus, detail?: string) {
    const payment = payments.get(id);
    if (!payment) return undefined;
    payment.status = to;
    payment.status_detail = detail ?? (to === 'approved' ? 'accredited' : to);
    if (to === 'approved') {
      payment.date_approved = new Date().toISOString();
      payment.three_ds_info = null;
    }
    send(payment, 'payment.updated');
    return payment;
  }

  return {
    options,
    payments,
    byKey,
    usedTokens,
    refundsByKey,
    faults,
    inFlight,
    counters,
    challenges,
    customers,
    makeToken,
    readToken,
    sameSecret,
    bearer,
    send,
    newChallenge,
    settle,
  };
}
