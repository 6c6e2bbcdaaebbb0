import { reportSummary, reportSummaryQuery } from '@petshop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { authErrors, envelope } from '../../lib/http';
import * as service from './reports.service';

/** The admin dashboard's figures. */
export const reportsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  app.get(
    '/admin/reports/summary',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags: ['Relatórios (admin)'],
        summary:
          'Receita dos pedidos pagos por dia, pedidos por situação, produtos mais vendidos, agendamentos por funcionário ' +
          'e situação, taxa de não comparecimento e estoque baixo, de `from` a `to` (dias de São Paulo, no máximo 366)',
        security: [{ bearer: [] }],
        querystring: reportSummaryQuery,
        response: { 200: envelope(reportSummary), ...authErrors },
      },
    },
    async (request) => ({ data: await service.summary(db, request.query) }),
  );
};
