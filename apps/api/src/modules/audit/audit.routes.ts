import { auditEntry, auditQuery, ROLES } from '@petshop/domain';
import type { Db } from '../../db/client';
import { authErrors, listEnvelope, paged } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
import * as service from './audit.service';

export const auditRoutes = routeGroup<{ db: Db }>(staff(ROLES.admin), async (app, { db }) => {
  app.get(
    '/admin/audit',
    {
      schema: {
        operationId: 'listAuditLog',
        tags: ['Auditoria'],
        summary: 'Trilha de auditoria: cada alteração feita pela equipe, com antes e depois (admin)',
        description:
          'Mais recentes primeiro. `before`/`after` trazem só os campos alterados, nos nomes e unidades da API; nunca um segredo. `from`/`to` são dias no fuso America/Sao_Paulo, inclusive.',
        querystring: auditQuery,
        response: { 200: listEnvelope(auditEntry), ...authErrors },
      },
    },
    async (request) => paged(await service.list(db, request.query), request.query),
  );
});
