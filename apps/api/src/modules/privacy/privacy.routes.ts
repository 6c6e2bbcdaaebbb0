import { deleteAccountBody, idParam, preferencesBody } from '@petshop/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody, messageOnly } from '../../lib/http';
import { CUSTOMER, routeGroup } from '../../lib/route-group';
import { actorOf } from '../audit/audit.service';
import type { MercadoPago, PixApi } from '../payments/payment-clients';
import * as service from './privacy.service';

const rows = z.array(z.record(z.string(), z.unknown()));

/** Sections are rows as stored (secrets left out), so a column added later is exported without a change here. */
const accountExport = z.object({
  exportedAt: z.string(),
  profile: z.record(z.string(), z.unknown()),
  addresses: rows,
  pets: rows,
  orders: rows,
  appointments: rows,
  messages: rows,
  passwordResets: rows,
  packageCredits: rows,
  subscriptions: rows,
});

export const privacyRoutes = routeGroup<{ db: Db; pix: PixApi; cards: MercadoPago }>(
  CUSTOMER,
  async (app, { db, pix, cards }) => {
    const tags = ['Usuários'];

    app.get(
      '/user/:id/preferences',
      {
        schema: {
          operationId: 'getPreferences',
          tags,
          summary: 'Preferências de mensagens (a própria conta)',
          params: idParam,
          response: { 200: envelope(preferencesBody), ...authErrors },
        },
      },
      async (request) => ({ data: await service.getPreferences(db, currentUser(request), request.params.id) }),
    );

    app.put(
      '/user/:id/preferences',
      {
        schema: {
          operationId: 'updatePreferences',
          tags,
          summary: 'Aceitar ou recusar ofertas e mensagens por WhatsApp (a própria conta)',
          params: idParam,
          body: preferencesBody,
          response: { 200: envelope(preferencesBody), ...authErrors },
        },
      },
      async (request) => ({
        data: await service.updatePreferences(db, currentUser(request), request.params.id, request.body),
        message: 'Preferências salvas!',
      }),
    );

    app.get(
      '/user/:id/export',
      {
        schema: {
          operationId: 'exportUserData',
          tags,
          summary: 'Baixar todos os dados da conta em JSON (LGPD; a própria conta, ou admin)',
          params: idParam,
          response: { 200: accountExport, ...authErrors },
        },
      },
      async (request, reply) => {
        const data = await service.exportData(db, currentUser(request), request.params.id);
        reply
          .header('content-disposition', `attachment; filename="petcare-meus-dados-${request.params.id}.json"`)
          .header('cache-control', 'no-store');
        return data;
      },
    );

    app.delete(
      '/user/:id',
      {
        schema: {
          operationId: 'deleteUser',
          tags,
          summary: 'Excluir a própria conta (dados pessoais apagados, pedidos mantidos) ou, para admin, qualquer uma',
          description:
            'Com pedidos em andamento ou cobrança pendente → 409 com a lista, a menos que o corpo traga ' +
            '{"cancelOpenOrders": true}: então os pedidos que ainda podem ser cancelados o são antes (cobranças ' +
            'pendentes canceladas, valores pagos marcados para reembolso). Pedidos já enviados guardam o endereço até a entrega.',
          params: idParam,
          body: deleteAccountBody,
          response: { 200: messageOnly, ...authErrors, 409: errorBody, 503: errorBody },
        },
      },
      async (request) => {
        const caller = currentUser(request);
        const actor = caller.id === request.params.id ? undefined : actorOf(request);
        await service.deleteAccount(
          { db, pix, cards, log: request.log },
          caller,
          request.params.id,
          request.body,
          actor,
        );
        return {
          message: caller.id === request.params.id ? 'Sua conta foi excluída.' : 'Usuário excluído com sucesso!',
        };
      },
    );
  },
);
