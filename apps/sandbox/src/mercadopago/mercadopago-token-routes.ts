import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { brandOf, luhn, payerCosts, round2 } from './mercadopago-cards';
import { type MercadoPagoState, mpError } from './mercadopago-state';

/** Card tokens (from the shop's page or, for a saved card, its server) and the installments table. */
export function tokenRoutes(api: FastifyInstance, state: MercadoPagoState) {
  const { options, customers, makeToken, sameSecret, bearer } = state;
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
}
