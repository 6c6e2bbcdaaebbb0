import { idParam, preferencesBody } from '@petshop/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope } from '../../lib/http';
import { CUSTOMER, routeGroup } from '../../lib/route-group';
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

export const privacyRoutes = routeGroup<{ db: Db }>(CUSTOMER, async (app, { db }) => {
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
});
