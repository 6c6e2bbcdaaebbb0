import { agendaDay, agendaQuery, ROLES } from '@petshop/domain';
import type { Db } from '../../db/client';
import { authErrors, listEnvelope } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
import * as service from './agenda.service';
/** The staff agenda (admin): a day or a week, a column per employee. */
export const agendaRoutes = routeGroup<{ db: Db }>(staff(ROLES.admin), async (app, { db }) => {
  app.get(
    '/admin/agenda',
    {
      schema: {
        operationId: 'getAgenda',
        tags: ['Agendamentos'],
        summary:
          'Agenda da equipe (admin): um dia ou sete a partir de `date`, uma coluna por funcionário (de uma loja com storeId)',
        querystring: agendaQuery,
        response: { 200: listEnvelope(agendaDay), ...authErrors },
      },
    },
    async (request) => ({ data: await service.agenda(db, request.query) }),
  );
});
