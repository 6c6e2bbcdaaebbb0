import {
  idParam,
  paginationQuery,
  productStockRow,
  ROLES,
  stockAdjustmentBody,
  stockMovement,
  stockMovementsQuery,
  stockTransfer,
  transferBody,
} from '@petshop/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody, listEnvelope, paged } from '../../lib/http';
import { PUBLIC, routeGroup, staff } from '../../lib/route-group';
import { forgetCachedReadsOnWrite } from '../../plugins/catalog-cache';
import type { CatalogChanges } from '../../plugins/catalog-changes';
import { actorOf } from '../audit/audit.service';
import * as service from './stock-admin.service';

const tags = ['Estoque'];

/** Each store's units of a product: public, as the product page says where it is available. */
export const stockPublicRoutes = routeGroup<{ db: Db }>(PUBLIC, async (app, { db }) => {
  app.get(
    '/products/:id/stock',
    {
      schema: {
        operationId: 'getProductStock',
        tags,
        summary: 'Estoque do produto por loja',
        params: idParam,
        response: { 200: envelope(productStockRow.array()), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: await service.productStock(db, request.params.id) }),
  );
});

/** The ledger's reads: staff who sell or run a store (their stores only; the owner every store). */
export const stockStaffRoutes = routeGroup<{ db: Db }>(
  staff(ROLES.admin, ROLES.manager, ROLES.reception),
  async (app, { db }) => {
    app.get(
      '/stock/movements',
      {
        schema: {
          operationId: 'listStockMovements',
          tags,
          summary: 'Movimentações de estoque (filtros por produto, loja e período), da mais recente à mais antiga',
          description: '`from` e `to` são dias de São Paulo, ambos incluídos. Loja fora das suas → 404.',
          querystring: stockMovementsQuery,
          response: { 200: listEnvelope(stockMovement), ...authErrors },
        },
      },
      async (request) => paged(await service.listMovements(db, currentUser(request), request.query), request.query),
    );

    app.get(
      '/transfers',
      {
        schema: {
          operationId: 'listStockTransfers',
          tags,
          summary: 'Transferências entre lojas (das suas lojas), da mais recente à mais antiga',
          querystring: paginationQuery,
          response: { 200: envelope(stockTransfer.array()), ...authErrors },
        },
      },
      async (request) => ({ data: await service.listTransfers(db, currentUser(request), request.query) }),
    );

    app.get(
      '/transfers/:id',
      {
        schema: {
          operationId: 'getStockTransfer',
          tags,
          summary: 'Uma transferência entre lojas',
          params: idParam,
          response: { 200: envelope(stockTransfer), ...authErrors },
        },
      },
      async (request) => ({ data: await service.getTransfer(db, currentUser(request), request.params.id) }),
    );
  },
);

/** Writes of the ledger by hand: managers in their stores, the owner anywhere. */
export const stockManagerRoutes = routeGroup<{ db: Db; catalogChanges: CatalogChanges }>(
  staff(ROLES.admin, ROLES.manager),
  async (app, { db, catalogChanges }) => {
    // Stock is in the public catalogue's answers: this instance forgets them at once.
    app.addHook('onSend', forgetCachedReadsOnWrite(catalogChanges));

    app.post(
      '/stock/adjustments',
      {
        schema: {
          operationId: 'createStockAdjustment',
          tags,
          summary: 'Ajuste de estoque de uma loja (contagem, perda ou devolução)',
          description: 'Uma movimentação com o motivo; o estoque da loja nunca fica negativo (409).',
          body: stockAdjustmentBody,
          response: {
            201: envelope(z.object({ productId: z.number(), storeId: z.number(), quantity: z.number() })),
            ...authErrors,
            409: errorBody,
          },
        },
      },
      async (request, reply) => {
        const data = await service.adjust(db, currentUser(request), actorOf(request), request.body);
        return reply.status(201).send({ data, message: 'Ajuste de estoque registrado.' });
      },
    );

    app.post(
      '/stores/:id/transfers',
      {
        schema: {
          operationId: 'sendStockTransfer',
          tags,
          summary: 'Transferir estoque para outra loja (sai desta loja na hora)',
          params: idParam,
          body: transferBody,
          response: { 201: envelope(stockTransfer), ...authErrors, 409: errorBody },
        },
      },
      async (request, reply) => {
        const data = await service.sendTransfer(
          db,
          currentUser(request),
          actorOf(request),
          request.params.id,
          request.body,
        );
        return reply.status(201).send({ data, message: 'Transferência enviada.' });
      },
    );

    app.post(
      '/transfers/:id/receive',
      {
        schema: {
          operationId: 'receiveStockTransfer',
          tags,
          summary: 'Receber uma transferência na loja de destino (uma vez só; depois, 409)',
          params: idParam,
          response: { 200: envelope(stockTransfer), ...authErrors, 409: errorBody },
        },
      },
      async (request) => ({
        data: await service.receiveTransfer(db, currentUser(request), actorOf(request), request.params.id),
        message: 'Transferência recebida.',
      }),
    );
  },
);
