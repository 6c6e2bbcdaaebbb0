import { timingSafeEqual } from 'node:crypto';
import { pixWebhookBody, pixWebhookQuery } from '@petshop/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import { errorBody, messageOnly } from '../../lib/http';
import { PUBLIC, routeGroup } from '../../lib/route-group';
import type { ChargeOutcomes } from './payment-settlement';
import { checkCharge, findChargeByTxid } from './payment-settlement';
import type { PixApi } from './pix-api-client';
import { PspUnavailableError } from './pix-api-client';

const sameSecret = (given: string | undefined, expected: string) => {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/** The PSP's notifications: `POST /webhooks/pix?hmac=<PIX_WEBHOOK_SECRET>`. */
export const pixWebhookRoutes = routeGroup<{ db: Db; config: Config; pix: PixApi; chargeOutcomes: ChargeOutcomes }>(
  PUBLIC,
  async (app, { db, config, pix, chargeOutcomes }) => {
    app.post(
      '/webhooks/pix',
      {
        // The secret is checked before the body: a stranger learns nothing, not even about the shape.
        onRequest: async (request) => {
          const { hmac } = request.query as { hmac?: unknown };
          if (!sameSecret(typeof hmac === 'string' ? hmac : undefined, config.PIX_WEBHOOK_SECRET)) {
            throw unauthorized('Notificação não autorizada.');
          }
        },
        schema: {
          operationId: 'receivePixNotification',
          tags: ['Pagamentos'],
          summary: 'Webhook do PSP (API Pix): cada txid é conferido com o PSP antes de marcar o pedido como pago',
          security: [{ pixWebhookSecret: [] }],
          querystring: pixWebhookQuery,
          body: pixWebhookBody,
          response: { 200: messageOnly, 400: errorBody, 401: errorBody },
        },
      },
      async (request) => {
        const deps = { db, pix, log: request.log, outcomes: chargeOutcomes };
        const txids = new Set(request.body.pix.flatMap((entry) => (entry.txid ? [entry.txid] : [])));
        for (const txid of txids) {
          const charge = await findChargeByTxid(db, txid);
          // Unknown (another system's, or an order not committed yet): reconciliation finds ours later.
          if (!charge) continue;
          try {
            await checkCharge(deps, charge);
          } catch (error) {
            if (!(error instanceof PspUnavailableError)) throw error;
            request.log.warn({ paymentId: charge.id }, 'PSP unavailable while checking a notification');
          }
        }
        return { message: 'Notificação recebida.' };
      },
    );
  },
);
