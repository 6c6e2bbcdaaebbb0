import { createHmac, randomBytes, randomInt, randomUUID, timingSafeEqual } from 'node:crypto';
import type { FastifyBaseLogger, FastifyPluginAsync, FastifyReply } from 'fastify';
import { boletoBarcode, boletoLineOf } from './boleto-barcode';
import { boletoPdf } from './boleto-pdf';

/**
 * A stand-in for Mercado Pago's Payments API v1: the subset a shop uses, over HTTP, with the PSP's
 * own test cards. The cardholder name decides the outcome, as on Mercado Pago's test accounts.
 * It keeps its payments in memory (one process); tokens carry what they need, signed, so a token
 * made on one instance pays on another.
 */

/** The test cards of the PSP's documentation: number, brand (payment_method_id), issuer. */
export const TEST_CARDS = {
  master: { number: '5031433215406351', cvv: '123', paymentMethodId: 'master' },
  visa: { number: '4235647728025682', cvv: '123', paymentMethodId: 'visa' },
  amex: { number: '375365153556885', cvv: '1234', paymentMethodId: 'amex' },
  eloDebit: { number: '5067766783888311', cvv: '123', paymentMethodId: 'debelo' },
} as const;

type Outcome = { status: SandboxStatus; detail: string };
export type SandboxStatus =
  | 'approved'
  | 'pending'
  | 'in_process'
  | 'rejected'
  | 'cancelled'
  | 'refunded'
  | 'charged_back';

/** The first word of the cardholder's name, as the PSP's test accounts read it. */
export const OUTCOMES: Record<string, Outcome> = {
  APRO: { status: 'approved', detail: 'accredited' },
  CONT: { status: 'in_process', detail: 'pending_contingency' },
  OTHE: { status: 'rejected', detail: 'cc_rejected_other_reason' },
  CALL: { status: 'rejected', detail: 'cc_rejected_call_for_authorize' },
  FUND: { status: 'rejected', detail: 'cc_rejected_insufficient_amount' },
  SECU: { status: 'rejected', detail: 'cc_rejected_bad_filled_security_code' },
  EXPI: { status: 'rejected', detail: 'cc_rejected_bad_filled_date' },
  FORM: { status: 'rejected', detail: 'cc_rejected_bad_filled_other' },
  /** not one of the PSP's names: the issuer asks for 3-D Secure (pending until the challenge ends) */
  CHAL: { status: 'pending', detail: 'pending_challenge' },
};

const BRANDS: { prefix: RegExp; id: string; type: 'credit_card' | 'debit_card' }[] = [
  { prefix: /^(506776|4011|4389|5041|5066|5067|509)/, id: 'debelo', type: 'debit_card' },
  { prefix: /^3[47]/, id: 'amex', type: 'credit_card' },
  { prefix: /^4/, id: 'visa', type: 'credit_card' },
  { prefix: /^(5[1-5]|2[2-7]|503)/, id: 'master', type: 'credit_card' },
];
export const brandOf = (number: string) => BRANDS.find((brand) => brand.prefix.test(number));

const luhn = (number: string) =>
  [...number].reverse().reduce((sum, char, i) => {
    const d = Number(char) * (i % 2 === 1 ? 2 : 1);
    return sum + (d > 9 ? d - 9 : d);
  }, 0) %
    10 ===
  0;

export interface SandboxPayment {
  id: number;
  status: SandboxStatus;
  status_detail: string;
  date_created: string;
  date_approved: string | null;
  date_of_expiration: string | null;
  transaction_amount: number;
  transaction_amount_refunded: number;
  installments: number;
  payment_method_id: string;
  payment_type_id: string;
  external_reference: string | null;
  description: string;
  payer: unknown;
  card: { first_six_digits: string; last_four_digits: string; cardholder: { name: string } } | Record<string, never>;
  transaction_details: {
    installment_amount: number;
    total_paid_amount: number;
    net_received_amount: number;
    external_resource_url: string | null;
    digitable_line: string | null;
    barcode: { content: string } | null;
  };
  three_ds_info: { external_resource_url: string; creq: string } | null;
  refunds: { id: number; payment_id: number; amount: number; status: 'approved'; date_created: string }[];
  notification_url: string | null;
  live_mode: false;
}

/** How the stand-in misbehaves, for tests of a PSP that is down, slow or loses its webhooks. */
export interface CardSandboxFaults {
  mode: 'ok' | 'down' | 'slow';
  slowMs: number;
  /** webhooks are not sent at all (the shop's reconciliation must find the change) */
  webhookLost: boolean;
}

export interface CardSandboxOptions {
  accessToken: string;
  publicKey: string;
  /** signs the webhooks (the shop's CARD_WEBHOOK_SECRET) */
  webhookSecret: string;
  /** used when a payment carries no notification_url */
  webhookUrl?: () => string | undefined;
  /** where this stand-in is reached from outside, for links it answers (boleto PDF, 3DS page) */
  publicUrl: () => string;
  /** signs card tokens, so any instance sharing it accepts them */
  tokenSecret: string;
  log?: FastifyBaseLogger;
}

export interface CardSandbox {
  /** The API: `/v1/...` plus the stand-in's own `/sandbox/...` controls; register under a prefix. */
  routes: FastifyPluginAsync;
  /** Moves a payment as the PSP would (a boleto paid, a pending card approved, a chargeback), then notifies. */
  settle(id: number, to: SandboxStatus, detail?: string): SandboxPayment | undefined;
  /** The payer's side: a pending boleto paid at a bank, or a 3-D Secure challenge passed. */
  payAsCustomer(id: string): 'paid' | 'unknown' | 'not-payable';
  payment(id: number): SandboxPayment | undefined;
  faults: CardSandboxFaults;
  /** Tests: how many POST /v1/payments created a payment (replays excluded). */
  paymentsCreated(): number;
  whenIdle(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const round2 = (value: number) => Math.round(value * 100) / 100;
const DAY_MS = 86_400_000;

/** A Mercado Pago style error body. */
const mpError = (reply: FastifyReply, status: number, message: string, code = 'bad_request') =>
  reply.status(status).send({ message, error: code, status, cause: [{ code, description: message }] });

/** Fixed monthly rate above the interest-free installments, as the PSP's default table does. */
const INTEREST_FREE = 3;
const MONTHLY_RATE = 0.0199;

export function payerCosts(amount: number, max: number) {
  const costs = [];
  for (let n = 1; n <= max; n += 1) {
    const rate = n <= INTEREST_FREE ? 0 : MONTHLY_RATE;
    const each = rate === 0 ? amount / n : (amount * rate) / (1 - (1 + rate) ** -n);
    const installmentAmount = round2(each);
    const total = rate === 0 ? amount : round2(installmentAmount * n);
    const brl = (v: number) => `R$ ${v.toFixed(2).replace('.', ',')}`;
    costs.push({
      installments: n,
      installment_rate: rate === 0 ? 0 : round2(((total - amount) / amount) * 100),
      discount_rate: 0,
      min_allowed_amount: 1,
      max_allowed_amount: 100_000,
      installment_amount: installmentAmount,
      total_amount: total,
      recommended_message: `${n} parcela${n > 1 ? 's' : ''} de ${brl(installmentAmount)} (${brl(total)})`,
    });
  }
  return costs;
}

interface TokenData {
  /** bin and last four */
  b: string;
  l: string;
  /** cardholder name and CPF */
  n: string;
  c: string;
  /** expiry YYYY-MM */
  x: string;
  /** made at, ms */
  t: number;
  /** a nonce: two tokens of one card made in the same millisecond are two tokens, as at the PSP */
  r?: string;
}

export function createMercadoPagoStandIn(options: CardSandboxOptions): CardSandbox {
  const payments = new Map<number, SandboxPayment>();
  const byKey = new Map<string, number>();
  const usedTokens = new Set<string>();
  const refundsByKey = new Map<string, SandboxPayment['refunds'][number]>();
  const faults: CardSandboxFaults = { mode: 'ok', slowMs: 0, webhookLost: false };
  const inFlight = new Set<Promise<void>>();
  let nextId = 1_300_000_000 + randomInt(0, 1_000_000) * 100;
  let nextRefundId = 2_000_000_000 + randomInt(0, 1_000_000);
  let created = 0;
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

  const routes: FastifyPluginAsync = async (api) => {
    // The 3-D Secure page's form posts (the creq, the cardholder's decision).
    if (!api.hasContentTypeParser('application/x-www-form-urlencoded')) {
      api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
    }
    api.addHook('onRequest', async (request, reply) => {
      // The browser calls /v1/card_tokens from the shop's page, as it calls the PSP's.
      reply.header('access-control-allow-origin', '*');
      if (request.method === 'OPTIONS') {
        return reply
          .status(204)
          .header('access-control-allow-methods', 'GET, POST')
          .header('access-control-allow-headers', 'content-type')
          .send();
      }
      if (faults.mode === 'down') return mpError(reply, 503, 'Service unavailable', 'service_unavailable');
    });
    // Slow: the work is done, the answer comes late (a payment made that the shop may never hear of).
    api.addHook('onSend', async () => {
      if (faults.mode === 'slow') await sleep(faults.slowMs);
    });

    api.post<{ Querystring: { public_key?: string } }>('/v1/card_tokens', async (request, reply) => {
      const byServer = bearer(request.headers.authorization);
      if (!byServer && !sameSecret(request.query.public_key, options.publicKey)) {
        return mpError(reply, 401, 'invalid public_key', 'unauthorized');
      }
      const saved = (request.body ?? {}) as { card_id?: unknown; customer_id?: unknown };
      // A saved card: a new token for it (a recurring charge needs no security code again).
      if (typeof saved.card_id === 'string' && typeof saved.customer_id === 'string') {
        const card = customers.get(saved.customer_id)?.cards.get(saved.card_id);
        if (!card) return mpError(reply, 404, 'card not found', 'not_found');
        const token = makeToken({ ...card, t: Date.now(), r: randomBytes(6).toString('base64url') });
        return reply.status(201).send({
          id: token,
          card_id: saved.card_id,
          first_six_digits: card.b,
          last_four_digits: card.l,
          status: 'active',
          live_mode: false,
        });
      }
      const body = (request.body ?? {}) as {
        card_number?: string;
        expiration_month?: number | string;
        expiration_year?: number | string;
        security_code?: string;
        cardholder?: { name?: string; identification?: { type?: string; number?: string } };
      };
      const number = String(body.card_number ?? '').replace(/\D/g, '');
      const month = Number(body.expiration_month);
      const year = Number(body.expiration_year);
      const cvv = String(body.security_code ?? '');
      const name = String(body.cardholder?.name ?? '').trim();
      const cpf = String(body.cardholder?.identification?.number ?? '').replace(/\D/g, '');
      if (!/^\d{13,19}$/.test(number) || !luhn(number) || !brandOf(number)) {
        return mpError(reply, 400, 'invalid card_number', 'invalid_card_number');
      }
      const now = new Date();
      const expired = year < now.getUTCFullYear() || (year === now.getUTCFullYear() && month < now.getUTCMonth() + 1);
      if (!Number.isInteger(month) || month < 1 || month > 12 || !Number.isInteger(year) || expired) {
        return mpError(reply, 400, 'invalid expiration date', 'invalid_expiration_date');
      }
      if (!/^\d{3,4}$/.test(cvv)) return mpError(reply, 400, 'invalid security_code', 'invalid_security_code');
      if (!name) return mpError(reply, 400, 'invalid cardholder.name', 'invalid_cardholder_name');
      if (!/^\d{11}$/.test(cpf)) return mpError(reply, 400, 'invalid identification number', 'invalid_identification');
      const token = makeToken({
        b: number.slice(0, 6),
        l: number.slice(-4),
        n: name,
        c: cpf,
        x: `${year}-${String(month).padStart(2, '0')}`,
        t: Date.now(),
        r: randomBytes(6).toString('base64url'),
      });
      return reply.status(201).send({
        id: token,
        first_six_digits: number.slice(0, 6),
        last_four_digits: number.slice(-4),
        expiration_month: month,
        expiration_year: year,
        cardholder: { name, identification: { type: 'CPF', number: cpf } },
        status: 'active',
        date_created: now.toISOString(),
        live_mode: false,
      });
    });

    api.get<{ Querystring: { amount?: string; payment_method_id?: string; bin?: string; public_key?: string } }>(
      '/v1/payment_methods/installments',
      async (request, reply) => {
        if (!bearer(request.headers.authorization) && !sameSecret(request.query.public_key, options.publicKey)) {
          return mpError(reply, 401, 'unauthorized', 'unauthorized');
        }
        const amount = Number(request.query.amount);
        if (!Number.isFinite(amount) || amount <= 0) return mpError(reply, 400, 'invalid amount');
        const brand = request.query.bin ? brandOf(request.query.bin) : undefined;
        const methodId = request.query.payment_method_id ?? brand?.id;
        if (!methodId) return mpError(reply, 400, 'payment_method_id or bin required');
        const type = methodId.startsWith('deb') ? 'debit_card' : 'credit_card';
        return [
          {
            payment_method_id: methodId,
            payment_type_id: type,
            issuer: { id: '24', name: methodId },
            processing_mode: 'aggregator',
            payer_costs: payerCosts(round2(amount), type === 'debit_card' ? 1 : 12),
          },
        ];
      },
    );

    api.register(async (v1) => {
      v1.addHook('onRequest', async (request, reply) => {
        if (!bearer(request.headers.authorization)) return mpError(reply, 401, 'invalid access token', 'unauthorized');
      });

      // Customers API: a customer and the cards saved for them, charged later without the card again.
      v1.post('/v1/customers', async (request, reply) => {
        const body = (request.body ?? {}) as { email?: unknown };
        if (typeof body.email !== 'string' || !body.email.includes('@')) return mpError(reply, 400, 'invalid email');
        const id = `${randomInt(100_000_000, 999_999_999)}-${randomBytes(6).toString('hex')}`;
        customers.set(id, { email: body.email, cards: new Map() });
        return reply
          .status(201)
          .send({ id, email: body.email, date_created: new Date().toISOString(), live_mode: false });
      });

      v1.post<{ Params: { id: string } }>('/v1/customers/:id/cards', async (request, reply) => {
        const customer = customers.get(request.params.id);
        if (!customer) return mpError(reply, 404, 'customer not found', 'not_found');
        const token = String((request.body as { token?: unknown } | undefined)?.token ?? '');
        const card = readToken(token);
        if (!card) return mpError(reply, 400, 'invalid or expired card token', 'invalid_token');
        const brand = brandOf(card.b);
        const id = String(randomInt(1_000_000_000, 9_999_999_999));
        customer.cards.set(id, card);
        return reply.status(201).send({
          id,
          customer_id: request.params.id,
          first_six_digits: card.b,
          last_four_digits: card.l,
          payment_method: { id: brand?.id ?? '', payment_type_id: brand?.type ?? '' },
          cardholder: { name: card.n },
          live_mode: false,
        });
      });

      v1.post('/v1/payments', async (request, reply) => {
        const key = request.headers['x-idempotency-key'];
        if (typeof key !== 'string' || key.length === 0 || key.length > 255) {
          return mpError(reply, 400, 'X-Idempotency-Key header is required', 'idempotency_key_required');
        }
        const earlier = byKey.get(key);
        if (earlier !== undefined) return reply.status(201).send(payments.get(earlier));
        const body = (request.body ?? {}) as {
          transaction_amount?: number;
          token?: string;
          installments?: number;
          payment_method_id?: string;
          description?: string;
          external_reference?: string;
          notification_url?: string;
          date_of_expiration?: string;
          payer?: {
            email?: string;
            first_name?: string;
            last_name?: string;
            identification?: { type?: string; number?: string };
            address?: Record<string, string>;
          };
        };
        const amount = body.transaction_amount;
        if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0 || round2(amount) !== amount) {
          return mpError(reply, 400, 'invalid transaction_amount');
        }
        if (!body.payer?.email) return mpError(reply, 400, 'payer.email is required');
        const now = new Date();
        const id = nextId;
        nextId += 1;
        const base: SandboxPayment = {
          id,
          status: 'pending',
          status_detail: 'pending_waiting_payment',
          date_created: now.toISOString(),
          date_approved: null,
          date_of_expiration: null,
          transaction_amount: amount,
          transaction_amount_refunded: 0,
          installments: 1,
          payment_method_id: String(body.payment_method_id ?? ''),
          payment_type_id: 'ticket',
          external_reference: body.external_reference ?? null,
          description: String(body.description ?? ''),
          payer: body.payer,
          card: {},
          transaction_details: {
            installment_amount: amount,
            total_paid_amount: amount,
            net_received_amount: amount,
            external_resource_url: null,
            digitable_line: null,
            barcode: null,
          },
          three_ds_info: null,
          refunds: [],
          notification_url: body.notification_url ?? null,
          live_mode: false,
        };

        if (body.payment_method_id === 'bolbradesco' || body.payment_method_id === 'pec') {
          const payer = body.payer;
          const address = payer.address ?? {};
          const cpf = String(payer.identification?.number ?? '');
          if (!payer.first_name || !payer.last_name || payer.identification?.type !== 'CPF' || !/^\d{11}$/.test(cpf)) {
            return mpError(reply, 400, 'payer.first_name, payer.last_name and payer.identification are required');
          }
          for (const field of ['zip_code', 'street_name', 'street_number', 'neighborhood', 'city', 'federal_unit']) {
            if (!address[field]) return mpError(reply, 400, `payer.address.${field} is required`);
          }
          const expiration = body.date_of_expiration
            ? new Date(body.date_of_expiration)
            : new Date(now.getTime() + 3 * DAY_MS);
          if (Number.isNaN(expiration.getTime()) || expiration.getTime() <= now.getTime()) {
            return mpError(reply, 400, 'invalid date_of_expiration');
          }
          const barcode = boletoBarcode({
            bank: '237',
            due: expiration,
            amountCents: Math.round(amount * 100),
            freeField: String(id).padStart(11, '0').slice(-11) + String(randomInt(0, 1e14)).padStart(14, '0'),
          });
          Object.assign(base, {
            payment_method_id: body.payment_method_id,
            date_of_expiration: expiration.toISOString(),
            transaction_details: {
              ...base.transaction_details,
              external_resource_url: `${options.publicUrl().replace(/\/+$/, '')}/sandbox/boletos/${id}.pdf`,
              digitable_line: boletoLineOf(barcode),
              barcode: { content: barcode },
            },
          });
        } else {
          const token = typeof body.token === 'string' ? body.token : '';
          const card = token ? readToken(token) : undefined;
          if (!card) return mpError(reply, 400, 'invalid or expired card token', 'invalid_token');
          if (usedTokens.has(token)) return mpError(reply, 400, 'card token already used', 'used_token');
          const brand = brandOf(card.b);
          if (!brand || brand.id !== body.payment_method_id) {
            return mpError(reply, 400, 'payment_method_id does not match the card', 'diff_param_bins');
          }
          const installments = Number(body.installments ?? 1);
          const maxInstallments = brand.type === 'debit_card' ? 1 : 12;
          if (!Number.isInteger(installments) || installments < 1 || installments > maxInstallments) {
            return mpError(reply, 400, 'invalid installments', 'invalid_installments');
          }
          usedTokens.add(token);
          const cost = payerCosts(amount, maxInstallments)[installments - 1];
          const outcome = OUTCOMES[card.n.split(/\s+/)[0]?.toUpperCase() ?? ''] ?? OUTCOMES.APRO;
          if (!cost || !outcome) return mpError(reply, 400, 'invalid installments');
          Object.assign(base, {
            status: outcome.status,
            status_detail: outcome.detail,
            date_approved: outcome.status === 'approved' ? now.toISOString() : null,
            installments,
            payment_method_id: brand.id,
            payment_type_id: brand.type,
            card: { first_six_digits: card.b, last_four_digits: card.l, cardholder: { name: card.n } },
            transaction_details: {
              ...base.transaction_details,
              installment_amount: cost.installment_amount,
              total_paid_amount: cost.total_amount,
            },
            three_ds_info: outcome.detail === 'pending_challenge' ? newChallenge(id) : null,
          });
        }
        payments.set(id, base);
        byKey.set(key, id);
        created += 1;
        send(base, 'payment.created');
        return reply.status(201).send(base);
      });

      // Registered before /v1/payments/:id, as the PSP's own path: the payments made with a reference.
      v1.get<{ Querystring: { external_reference?: string; limit?: string; offset?: string } }>(
        '/v1/payments/search',
        async (request) => {
          const reference = request.query.external_reference;
          const limit = Math.min(Math.max(Number(request.query.limit ?? 30) || 30, 1), 1000);
          const offset = Math.max(Number(request.query.offset ?? 0) || 0, 0);
          const found = [...payments.values()]
            .filter((payment) => reference === undefined || payment.external_reference === reference)
            .sort((a, b) => b.date_created.localeCompare(a.date_created) || b.id - a.id);
          return { paging: { total: found.length, limit, offset }, results: found.slice(offset, offset + limit) };
        },
      );

      v1.get<{ Params: { id: string } }>('/v1/payments/:id', async (request, reply) => {
        const payment = payments.get(Number(request.params.id));
        if (!payment) return mpError(reply, 404, 'Payment not found', 'not_found');
        return payment;
      });

      v1.post<{ Params: { id: string } }>('/v1/payments/:id/refunds', async (request, reply) => {
        const key = request.headers['x-idempotency-key'];
        if (typeof key !== 'string' || key.length === 0) {
          return mpError(reply, 400, 'X-Idempotency-Key header is required', 'idempotency_key_required');
        }
        const earlier = refundsByKey.get(key);
        if (earlier) return reply.status(201).send(earlier);
        const payment = payments.get(Number(request.params.id));
        if (!payment) return mpError(reply, 404, 'Payment not found', 'not_found');
        if (payment.status !== 'approved') return mpError(reply, 400, 'Payment is not refundable', 'invalid_status');
        const left = round2(payment.transaction_amount - payment.transaction_amount_refunded);
        const { amount: asked } = (request.body ?? {}) as { amount?: number };
        const amount = asked === undefined ? left : asked;
        if (typeof amount !== 'number' || amount <= 0 || round2(amount) !== amount || amount > left) {
          return mpError(reply, 400, 'Invalid refund amount', 'invalid_refund_amount');
        }
        const refund = {
          id: nextRefundId,
          payment_id: payment.id,
          amount,
          status: 'approved' as const,
          date_created: new Date().toISOString(),
        };
        nextRefundId += 1;
        payment.refunds.push(refund);
        refundsByKey.set(key, refund);
        payment.transaction_amount_refunded = round2(payment.transaction_amount_refunded + amount);
        if (payment.transaction_amount_refunded === payment.transaction_amount) {
          payment.status = 'refunded';
          payment.status_detail = 'refunded';
        } else {
          payment.status_detail = 'partially_refunded';
        }
        send(payment, 'payment.updated');
        return reply.status(201).send(refund);
      });
    });

    // The stand-in's own pages and controls: not part of the PSP's API.
    api.get<{ Params: { id: string } }>('/sandbox/boletos/:id.pdf', async (request, reply) => {
      const payment = payments.get(Number(request.params.id));
      if (!payment?.transaction_details.digitable_line) return mpError(reply, 404, 'Boleto not found', 'not_found');
      return reply
        .type('application/pdf')
        .send(
          boletoPdf(
            payment.transaction_details.digitable_line,
            payment.transaction_amount,
            payment.date_of_expiration ?? '',
          ),
        );
    });
    // The issuer's challenge page, as the browser opens it (the creq posted to it): a test
    // cardholder approves or refuses, and the PSP notifies the shop.
    const challengePage = (id: string, creq: string, returnUrl: string) => `<!doctype html>
<html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
<title>Confirmação do banco (ambiente de testes)</title>
<style>body{font-family:system-ui,sans-serif;margin:16px;color:#1f2a2e}button{min-height:44px;margin:4px 8px 0 0;padding:0 16px;font:inherit}</style>
</head><body><main><h1 style="font-size:1.1rem">Banco emissor — ambiente de testes</h1>
<p>Confirme a compra com o cartão. Nenhum pagamento é real.</p>
<form method="post" action="${id}/decision"><input type="hidden" name="creq" value="${creq.replace(/[^\w-]/g, '')}"><input type="hidden" name="return_url" value="${returnUrl}">
<button name="decision" value="approve">Confirmar compra</button><button name="decision" value="reject">Recusar</button></form>
</main></body></html>`;
    /** Only a path of the shop that opened the challenge (no other site), made safe for HTML. */
    const shopPath = (value: unknown) => {
      const path = typeof value === 'string' ? value : '';
      return /^\/(?!\/)[\w/-]{0,200}$/.test(path) ? path : '';
    };
    /**
     * The pending challenge of this id whose creq is the one given: what only its payer holds. No
     * creq, a wrong one or an unknown id are alike: not found.
     */
    const pendingChallenge = (id: string, creq: unknown) => {
      const paymentId = challenges.get(id);
      const payment = paymentId === undefined ? undefined : payments.get(paymentId);
      if (payment?.status_detail !== 'pending_challenge' || typeof creq !== 'string') return undefined;
      return sameSecret(creq, payment.three_ds_info?.creq ?? '') ? payment : undefined;
    };
    // The browser's form post of the creq shows the page; there is no page for a plain GET.
    api.post<{ Params: { id: string } }>('/sandbox/3ds/:id', async (request, reply) => {
      const body = (request.body ?? {}) as { creq?: unknown; return_url?: unknown };
      const payment = pendingChallenge(request.params.id, body.creq);
      if (!payment) return mpError(reply, 404, 'Challenge not found', 'not_found');
      return reply
        .type('text/html; charset=utf-8')
        .send(challengePage(request.params.id, String(body.creq), shopPath(body.return_url)));
    });
    api.post<{ Params: { id: string } }>('/sandbox/3ds/:id/decision', async (request, reply) => {
      const body = (request.body ?? {}) as { decision?: unknown; creq?: unknown; return_url?: unknown };
      const payment = pendingChallenge(request.params.id, body.creq);
      if (!payment) return mpError(reply, 404, 'Challenge not found', 'not_found');
      const back = shopPath(body.return_url);
      const approved = body.decision === 'approve';
      settle(payment.id, approved ? 'approved' : 'rejected', approved ? undefined : 'cc_rejected_3ds_challenge');
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Banco emissor</title></head><body><main><p role="status">${
            approved ? 'Compra confirmada.' : 'Compra recusada.'
          }</p>${back ? `<p><a href="${back}">Voltar à loja</a></p>` : ''}</main></body></html>`,
        );
    });
  };

  return {
    routes,
    settle,
    payAsCustomer(id) {
      const payment = payments.get(Number(id));
      if (!payment) return 'unknown';
      const payable =
        payment.status === 'pending' &&
        ['pending_waiting_payment', 'pending_challenge'].includes(payment.status_detail);
      if (!payable) return 'not-payable';
      settle(payment.id, 'approved');
      return 'paid';
    },
    payment: (id) => payments.get(id),
    faults,
    paymentsCreated: () => created,
    async whenIdle() {
      await Promise.allSettled([...inFlight]);
    },
  };
}
