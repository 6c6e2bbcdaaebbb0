import { agendaDay, agendaQuery } from '@petshop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { authErrors, listEnvelope } from '../../lib/http';
import * as service from './agenda.service';

/** The staff agenda (admin): a day or a week, a column per employee. */
export const agendaRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/admin/agenda',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['Agendamentos'],
        summary: 'Agenda da equipe (admin): um dia ou sete a partir de `date`, uma coluna por funcionário',
        security: [{ bearer: [] }],
        querystring: agendaQuery,
        response: { 200: listEnvelope(agendaDay), ...authErrors },
      },
    },
    async (request) => ({ data: await service.agenda(db, request.query) }),
  );
};
