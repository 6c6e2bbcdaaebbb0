import { agendaDay, agendaQuery, ROLES } from '@petshop/domain';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, listEnvelope } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
import * as service from './agenda.service';
/** The staff agenda: a day or a week, a column per employee (a professional's own column only). */
export const agendaRoutes = routeGroup<{ db: Db }>(
  staff(ROLES.admin, ROLES.manager, ROLES.reception, ROLES.professional),
  async (app, { db }) => {
    app.get(
      '/admin/agenda',
      {
        schema: {
          operationId: 'getAgenda',
          tags: ['Agendamentos'],
          summary:
            'Agenda da equipe: um dia ou sete a partir de `date`, uma coluna por funcionário (de uma loja com storeId); gerente e atendente veem as suas lojas, o profissional só a própria coluna',
          querystring: agendaQuery,
          response: { 200: listEnvelope(agendaDay), ...authErrors },
        },
      },
      async (request) => ({ data: await service.agenda(db, currentUser(request), request.query) }),
    );
  },
);
