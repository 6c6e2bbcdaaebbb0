import { ROLES, shippingQuote, shippingQuoteQuery, shippingTable } from '@petshop/domain';
import type { Db } from '../../db/client';
import { authErrors, envelope, errorBody } from '../../lib/http';
import { PUBLIC, routeGroup, staff } from '../../lib/route-group';
import { actorOf } from '../audit/audit.service';
import * as service from './shipping.service';
/** The admin's delivery table and the public quote computed from it. */
export const shippingRoutes = routeGroup<{ db: Db }>(PUBLIC, async (app, { db }) => {
  app.get(
    '/shipping/quote',
    {
      schema: {
        operationId: 'quoteShipping',
        tags: ['Entrega'],
        summary: 'Frete e prazo de entrega para um CEP e um subtotal (grátis a partir do valor da loja)',
        querystring: shippingQuoteQuery,
        response: { 200: envelope(shippingQuote), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: await service.quote(db, request.query.cep, request.query.subtotal) }),
  );
});

export const shippingAdminRoutes = routeGroup<{ db: Db }>(staff(ROLES.admin), async (app, { db }) => {
  app.get(
    '/admin/shipping',
    {
      schema: {
        operationId: 'getShippingTable',
        tags: ['Entrega'],
        summary: 'Tabela de fretes por UF e valor para frete grátis',
        response: { 200: envelope(shippingTable), ...authErrors },
      },
    },
    async () => ({ data: await service.getTable(db) }),
  );

  app.put(
    '/admin/shipping',
    {
      schema: {
        operationId: 'replaceShippingTable',
        tags: ['Entrega'],
        summary: 'Substituir a tabela de fretes (UF fora da tabela: sem entrega)',
        body: shippingTable,
        response: { 200: envelope(shippingTable), ...authErrors },
      },
    },
    async (request) => ({
      data: await service.replaceTable(db, request.body, actorOf(request)),
      message: 'Tabela de fretes atualizada com sucesso!',
    }),
  );
});
