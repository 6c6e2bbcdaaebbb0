import { idParam, preferencesBody } from '@petshop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authErrors, envelope } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
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
});

export const privacyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ['Usuários'];
  const security = [{ bearer: [] }];

  app.get(
    '/user/:id/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Preferências de mensagens (a própria conta)',
        security,
        params: idParam,
        response: { 200: envelope(preferencesBody), ...authErrors },
      },
    },
    async (request) => ({ data: await service.getPreferences(db, currentUser(request), request.params.id) }),
  );

  app.put(
    '/user/:id/preferences',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Aceitar ou recusar ofertas e mensagens por WhatsApp (a própria conta)',
        security,
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
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Baixar todos os dados da conta em JSON (LGPD; a própria conta, ou admin)',
        security,
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
};
