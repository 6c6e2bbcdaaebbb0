import { ROLES, reportSummary, reportSummaryQuery } from '@petshop/domain';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
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
        response: { 200: envelope(reportSummary), ...authErrors, 400: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: await service.summary(db, request.query, currentUser(request)) }),
  );
});
