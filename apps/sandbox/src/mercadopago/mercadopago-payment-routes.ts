import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { boletoBarcode, boletoLineOf } from './boleto-barcode';
import { brandOf, OUTCOMES, payerCosts, round2 } from './mercadopago-cards';
import { DAY_MS, type MercadoPagoState, mpError } from './mercadopago-state';
import type { SandboxPayment } from './mercadopago-types';

/** The access-token API: customers and their cards, payments (card, boleto), search, refunds. */
export function paymentRoutes(api: FastifyInstance, state: MercadoPagoState) {
  const { options, payments, byKey, usedTokens, refundsByKey, customers, readToken, bearer, send, newChallenge } =
    state;
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
      const id = state.counters.nextId;
      state.counters.nextId += 1;
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
      state.counters.created += 1;
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
        id: state.counters.nextRefundId,
        payment_id: payment.id,
        amount,
        status: 'approved' as const,
        date_created: new Date().toISOString(),
      };
      state.counters.nextRefundId += 1;
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
}
