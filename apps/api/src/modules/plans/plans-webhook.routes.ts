import { timingSafeEqual } from 'node:crypto';
import { cobrWebhookBody, pixWebhookQuery, recWebhookBody } from '@petshop/domain';
import type { FastifyRequest } from 'fastify';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import { errorBody, messageOnly } from '../../lib/http';
import { PUBLIC, routeGroup } from '../../lib/route-group';
import type { PlanPayments } from '../payments/plan-payments';
import { PspUnavailableError } from '../payments/psp-errors';
import { cobrChanged, recChanged } from './recurrence-sync';

const sameSecret = (given: string | undefined, expected: string) => {
  const a = Buffer.from(given ?? '');
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * The PSP's Pix Automático notifications, at the URL registered with `/webhookrec` and
 * `/webhookcobr` with `/rec` or `/cobr` appended: `POST /webhooks/rec|cobr?hmac=<PIX_WEBHOOK_SECRET>`.
 * The body is only a hint: each idRec or txid is asked at the PSP before anything changes.
 */
export const plansWebhookRoutes = routeGroup<{ db: Db; config: Config; planPayments: PlanPayments }>(
  PUBLIC,
  async (app, { db, config, planPayments }) => {
    const checkSecret = async (request: FastifyRequest) => {
      const { hmac } = request.query as { hmac?: unknown };
      if (!sameSecret(typeof hmac === 'string' ? hmac : undefined, config.PIX_WEBHOOK_SECRET)) {
        throw unauthorized('Notificação não autorizada.');
      }
    };
    const tolerant = async (request: FastifyRequest, step: () => Promise<void>) => {
      try {
        await step();
      } catch (error) {
        if (!(error instanceof PspUnavailableError)) throw error;
        request.log.warn('PSP unavailable while checking a Pix Automático notification');
      }
    };

    app.post(
      '/webhooks/rec',
      {
        onRequest: checkSecret,
        schema: {
          operationId: 'receivePixRecNotification',
          tags: ['Pagamentos'],
          summary: 'Webhook do PSP (Pix Automático, recorrências): cada idRec é conferido com o PSP',
          security: [{ pixWebhookSecret: [] }],
          querystring: pixWebhookQuery,
          body: recWebhookBody,
          response: { 200: messageOnly, 400: errorBody, 401: errorBody },
        },
      },
      async (request) => {
        const deps = { db, payments: planPayments, log: request.log };
        for (const idRec of new Set(request.body.recs.map((r) => r.idRec))) {
          await tolerant(request, () => recChanged(deps, idRec));
        }
        return { message: 'Notificação recebida.' };
      },
    );

    app.post(
      '/webhooks/cobr',
      {
        onRequest: checkSecret,
        schema: {
          operationId: 'receivePixCobrNotification',
          tags: ['Pagamentos'],
          summary: 'Webhook do PSP (Pix Automático, cobranças recorrentes): cada txid é conferido com o PSP',
          security: [{ pixWebhookSecret: [] }],
          querystring: pixWebhookQuery,
          body: cobrWebhookBody,
          response: { 200: messageOnly, 400: errorBody, 401: errorBody },
        },
      },
      async (request) => {
        const deps = { db, payments: planPayments, log: request.log };
        for (const txid of new Set(request.body.cobsr.map((c) => c.txid))) {
          await tolerant(request, () => cobrChanged(deps, txid));
        }
        return { message: 'Notificação recebida.' };
      },
    );
  },
);
