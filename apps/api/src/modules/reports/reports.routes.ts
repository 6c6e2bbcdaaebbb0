import { ROLES, reportSummary, reportSummaryQuery } from '@petshop/domain';
import type { Db } from '../../db/client';
import { authErrors, envelope } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
import * as service from './reports.service';
/** The admin dashboard's figures. */
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
    async (request) => ({ data: await service.summary(db, request.query) }),
  );
});
