import {
  expiringLot,
  idParam,
  optionalStoreQuery,
  purchaseOrder,
  purchaseOrderBody,
  purchaseOrdersQuery,
  ROLES,
  stockMinimumBody,
  stockSuggestion,
  storeQuery,
  supplier,
  supplierBody,
} from '@petshop/domain';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
import { forgetCachedReadsOnWrite } from '../../plugins/catalog-cache';
import type { CatalogChanges } from '../../plugins/catalog-changes';
import { actorOf } from '../audit/audit.service';
import * as service from './purchasing.service';
import * as suppliers from './suppliers.service';

const tags = ['Compras'];

/** Suppliers, purchase orders, lots and reorder suggestions: managers in their stores, the owner. */
export const purchasingRoutes = routeGroup<{ db: Db; catalogChanges: CatalogChanges }>(
  staff(ROLES.admin, ROLES.manager),
  async (app, { db, catalogChanges }) => {
    // Receiving a purchase changes the public catalogue's stock: this instance forgets it at once.
    app.addHook('onSend', forgetCachedReadsOnWrite(catalogChanges));

    app.get(
      '/suppliers',
      {
        schema: {
          operationId: 'listSuppliers',
          tags,
          summary: 'Fornecedores, por nome',
          response: { 200: envelope(supplier.array()), ...authErrors },
        },
      },
      async () => ({ data: await suppliers.listSuppliers(db) }),
    );

    app.get(
      '/suppliers/:id',
      {
        schema: {
          operationId: 'getSupplier',
          tags,
          summary: 'Um fornecedor',
          params: idParam,
          response: { 200: envelope(supplier), ...authErrors },
        },
      },
      async (request) => ({ data: await suppliers.getSupplier(db, request.params.id) }),
    );

    app.post(
      '/suppliers',
      {
        schema: {
          operationId: 'createSupplier',
          tags,
          summary: 'Cadastrar fornecedor (CNPJ com letras aceito, formato novo da Receita Federal)',
          body: supplierBody,
          response: { 201: envelope(supplier), ...authErrors, 409: errorBody },
        },
      },
      async (request, reply) => {
        const data = await suppliers.createSupplier(db, actorOf(request), request.body);
        return reply.status(201).send({ data, message: 'Fornecedor cadastrado com sucesso!' });
      },
    );

    app.put(
      '/suppliers/:id',
      {
        schema: {
          operationId: 'updateSupplier',
          tags,
          summary: 'Atualizar fornecedor',
          params: idParam,
          body: supplierBody,
          response: { 200: envelope(supplier), ...authErrors, 409: errorBody },
        },
      },
      async (request) => ({
        data: await suppliers.updateSupplier(db, actorOf(request), request.params.id, request.body),
        message: 'Fornecedor atualizado com sucesso!',
      }),
    );

    app.get(
      '/purchase-orders',
      {
        schema: {
          operationId: 'listPurchaseOrders',
          tags,
          summary: 'Pedidos de compra das suas lojas (os 200 mais recentes)',
          querystring: purchaseOrdersQuery,
          response: { 200: envelope(purchaseOrder.array()), ...authErrors },
        },
      },
      async (request) => ({ data: await service.listPurchaseOrders(db, currentUser(request), request.query) }),
    );

    app.get(
      '/purchase-orders/:id',
      {
        schema: {
          operationId: 'getPurchaseOrder',
          tags,
          summary: 'Um pedido de compra',
          params: idParam,
          response: { 200: envelope(purchaseOrder), ...authErrors },
        },
      },
      async (request) => ({ data: await service.getPurchaseOrder(db, currentUser(request), request.params.id) }),
    );

    app.post(
      '/purchase-orders',
      {
        schema: {
          operationId: 'createPurchaseOrder',
          tags,
          summary: 'Criar pedido de compra (Rascunho)',
          description: 'Itens com custo unitário em reais; lote e validade (AAAA-MM-DD) opcionais.',
          body: purchaseOrderBody,
          response: { 201: envelope(purchaseOrder), ...authErrors },
        },
      },
      async (request, reply) => {
        const data = await service.createPurchaseOrder(db, currentUser(request), actorOf(request), request.body);
        return reply.status(201).send({ data, message: 'Pedido de compra criado.' });
      },
    );

    const moves = [
      ['send', 'sendPurchaseOrder', 'Enviar o pedido ao fornecedor (Rascunho → Enviado)', 'Pedido enviado.'],
      [
        'receive',
        'receivePurchaseOrder',
        'Receber o pedido (Enviado → Recebido): entra no estoque da loja, uma vez só',
        'Pedido recebido: estoque atualizado.',
      ],
      ['cancel', 'cancelPurchaseOrder', 'Cancelar o pedido (Rascunho ou Enviado → Cancelado)', 'Pedido cancelado.'],
    ] as const;
    for (const [move, operationId, summary, message] of moves) {
      app.post(
        `/purchase-orders/:id/${move}`,
        {
          schema: {
            operationId,
            tags,
            summary,
            params: idParam,
            response: { 200: envelope(purchaseOrder), ...authErrors, 409: errorBody },
          },
        },
        async (request) => ({
          data: await service.movePurchaseOrder(db, currentUser(request), actorOf(request), request.params.id, move),
          message,
        }),
      );
    }

    app.get(
      '/stock/lots/expiring',
      {
        schema: {
          operationId: 'listExpiringLots',
          tags,
          summary: 'Vencendo em 30 dias: lotes que vencem nos próximos 30 dias (e os já vencidos)',
          querystring: optionalStoreQuery,
          response: { 200: envelope(expiringLot.array()), ...authErrors },
        },
      },
      async (request) => ({ data: await service.expiringLots(db, currentUser(request), request.query.storeId) }),
    );

    app.get(
      '/stock/suggestions',
      {
        schema: {
          operationId: 'listStockSuggestions',
          tags,
          summary: 'Sugestões de compra: produtos abaixo do mínimo, pelas vendas das últimas 8 semanas',
          querystring: storeQuery,
          response: { 200: envelope(stockSuggestion.array()), ...authErrors },
        },
      },
      async (request) => ({ data: await service.suggestions(db, currentUser(request), request.query.storeId) }),
    );

    app.put(
      '/stock/minimums',
      {
        schema: {
          operationId: 'setStockMinimum',
          tags,
          summary: 'Definir o estoque mínimo de um produto numa loja',
          body: stockMinimumBody,
          response: { 200: envelope(stockMinimumBody), ...authErrors },
        },
      },
      async (request) => ({
        data: await service.setMinimum(db, currentUser(request), actorOf(request), request.body),
        message: 'Estoque mínimo salvo.',
      }),
    );
  },
);
