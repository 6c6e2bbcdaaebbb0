import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import { errorBody, messageOnly } from '../../lib/http';
import { PUBLIC, routeGroup } from '../../lib/route-group';
import { checkCardPayment } from './card-settlement';
import type { MercadoPago } from './mercado-pago-client';
import { type ChargeOutcomes, findChargeByPspPayment } from './payment-settlement';
import { PspUnavailableError } from './pix-api-client';

const NOT_SIGNED = 'Notificação não autorizada.';

/**
 * Mercado Pago's signature: `x-signature: ts=…,v1=…`, v1 the HMAC-SHA256 of
 * `id:<data.id>;request-id:<x-request-id>;ts:<ts>;` with the shop's webhook secret.
 */
export function validCardSignature(
  secret: string,
  dataId: string | undefined,
  requestId: string | undefined,
  header: string | undefined,
) {
  if (!dataId || !requestId || !header) return false;
  const parts = Object.fromEntries(
    header.split(',').map((part) => {
      const [key, ...value] = part.trim().split('=');
      return [key, value.join('=')];
    }),
  );
  const { ts, v1 } = parts as { ts?: string; v1?: string };
  if (!ts || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return false;
  // Alphanumeric ids are signed lower-cased, as the PSP documents.
  const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
  const expected = Buffer.from(createHmac('sha256', secret).update(manifest).digest('hex'));
  const given = Buffer.from(v1);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

const webhookQuery = z.looseObject({
  'data.id': z.string().max(64).optional(),
  type: z.string().max(40).optional(),
  topic: z.string().max(40).optional(),
});
const webhookBody = z.looseObject({}).optional();

/** The card PSP's notifications: `POST /webhooks/cards?data.id=…&type=payment`. */
export const cardWebhookRoutes = routeGroup<{
  db: Db;
  config: Config;
  cards: MercadoPago;
  chargeOutcomes: ChargeOutcomes;
}>(PUBLIC, async (app, { db, config, cards, chargeOutcomes }) => {
  app.post(
    '/webhooks/cards',
    {
      // The signature is checked before the body: a stranger learns nothing, not even about the shape.
      onRequest: async (request) => {
        const query = request.query as Record<string, unknown>;
        const dataId = typeof query['data.id'] === 'string' ? query['data.id'] : undefined;
        const header = (name: string) => {
          const value = request.headers[name];
          return typeof value === 'string' ? value : undefined;
        };
        if (!validCardSignature(config.CARD_WEBHOOK_SECRET, dataId, header('x-request-id'), header('x-signature'))) {
          throw unauthorized(NOT_SIGNED);
        }
      },
      schema: {
        tags: ['Pagamentos'],
        operationId: 'receiveCardWebhook',
        summary:
          'Webhook do PSP de cartão (Mercado Pago): assinatura x-signature conferida; o pagamento é lido no PSP antes de mudar o pedido',
        security: [{ cardWebhookSignature: [] }],
        querystring: webhookQuery,
        body: webhookBody,
        response: { 200: messageOnly, 400: errorBody, 401: errorBody },
      },
    },
    async (request) => {
      const id = request.query['data.id'];
      const type = request.query.type ?? request.query.topic;
      if (id && type === 'payment') {
        const charge = await findChargeByPspPayment(db, id);
        // Unknown to the ledger: another system's, or an order not committed yet (reconciliation
        // finds ours later). A plan cycle's card payment is a ledger row like an order's.
        try {
          if (charge) await checkCardPayment({ db, cards, log: request.log, outcomes: chargeOutcomes }, charge);
        } catch (error) {
          if (!(error instanceof PspUnavailableError)) throw error;
          request.log.warn({ pspPaymentId: id }, 'card PSP unavailable while checking a notification');
        }
      }
      return { message: 'Notificação recebida.' };
    },
  );
});
