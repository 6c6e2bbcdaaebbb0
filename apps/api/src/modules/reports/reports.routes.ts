import { ROLES, reportSummary, reportSummaryQuery } from '@petshop/domain';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
import { assertStoreAccess } from '../../lib/store-scope';
import * as service from './reports.service';
/** The dashboard's figures: the owner's of any store or all; a manager's of their stores. */
export const reportsRoutes = routeGroup<{ db: Db }>(staff(ROLES.admin, ROLES.manager), async (app, { db }) => {
  app.get(
    '/admin/reports/summary',
    {
      schema: {
        operationId: 'getReportSummary',
        tags: ['Relatórios'],
        summary:
          'Receita dos pedidos pagos por dia, pedidos por situação, produtos mais vendidos, agendamentos por funcionário ' +
          'e situação, taxa de não comparecimento e estoque baixo, de `from` a `to` (dias de São Paulo, no máximo 366)',
        querystring: reportSummaryQuery,
        response: { 200: envelope(reportSummary), ...authErrors },
      },
    },
    async (request) => {
      // A manager sees their stores only: the store asked for must be theirs (404 otherwise), and
      // without one, their first store.
      const auth = currentUser(request);
      const storeId = auth.storeIds === 'all' ? request.query.storeId : (request.query.storeId ?? auth.storeIds[0]);
      if (auth.storeIds !== 'all') assertStoreAccess(auth, storeId, 'Loja não encontrada.');
      return { data: await service.summary(db, { ...request.query, storeId }) };
    },
  );
});
