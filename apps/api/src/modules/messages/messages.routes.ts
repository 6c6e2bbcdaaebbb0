import { adminMessage, adminMessageContent, adminMessagesQuery, idParam } from '@petshop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { authErrors, envelope, errorBody, listEnvelope, paged } from '../../lib/http';
import * as service from './messages.service';

export const messagesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config }) => {
  const tags = ['Mensagens'];
  const security = [{ bearer: [] }];

  app.get(
    '/admin/messages',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Mensagens enviadas e a enviar, com situação e último erro (admin)',
        security,
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
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Abrir uma mensagem como ela é (ou será) enviada: assunto, texto e link (admin)',
        security,
        params: idParam,
        response: { 200: envelope(adminMessageContent), ...authErrors, 404: errorBody },
      },
    },
    async (request) => ({ data: await service.open(db, config, request.params.id) }),
  );

  app.post(
    '/admin/messages/:id/resend',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Reenviar uma mensagem que falhou (admin)',
        security,
        params: idParam,
        response: { 200: envelope(adminMessage), ...authErrors, 409: errorBody },
      },
    },
    async (request) => ({
      data: await service.resend(db, request.params.id),
      message: 'Mensagem colocada na fila de novo.',
    }),
  );
};
