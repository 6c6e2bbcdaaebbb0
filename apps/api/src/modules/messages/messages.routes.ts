import { adminMessage, adminMessageContent, adminMessagesQuery, idParam, ROLES } from '@petshop/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { authErrors, envelope, errorBody, listEnvelope, paged } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
import { actorOf } from '../audit/audit.service';
import * as service from './messages.service';
export const messagesRoutes = routeGroup<{ db: Db; config: Config }>(
  staff(ROLES.admin),
  async (app, { db, config }) => {
    const tags = ['Mensagens'];

    app.get(
      '/admin/messages',
      {
        schema: {
          operationId: 'listMessages',
          tags,
          summary: 'Mensagens enviadas e a enviar, com situação e último erro (admin)',
          querystring: adminMessagesQuery,
          response: { 200: listEnvelope(adminMessage), ...authErrors },
        },
      },
      async (request) => {
        const { status, channel, limit, offset } = request.query;
        return paged(await service.list(db, { status, channel }, { limit, offset }), { limit, offset });
      },
    );

    app.get(
      '/admin/messages/:id',
      {
        schema: {
          operationId: 'getMessage',
          tags,
          summary: 'Abrir uma mensagem como ela é (ou será) enviada: assunto, texto e link (admin)',
          params: idParam,
          response: { 200: envelope(adminMessageContent), ...authErrors, 404: errorBody },
        },
      },
      async (request) => ({ data: await service.open(db, config, request.params.id) }),
    );

    app.post(
      '/admin/messages/:id/resend',
      {
        schema: {
          operationId: 'resendMessage',
          tags,
          summary: 'Reenviar uma mensagem que falhou (admin)',
          params: idParam,
          response: { 200: envelope(adminMessage), ...authErrors, 409: errorBody },
        },
      },
      async (request) => ({
        data: await service.resend(db, request.params.id, actorOf(request)),
        message: 'Mensagem colocada na fila de novo.',
      }),
    );
  },
);
