import { cartChangeBody, cartView } from '@petshop/domain';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody, messageOnly } from '../../lib/http';
import { CUSTOMER, routeGroup } from '../../lib/route-group';
import * as service from './cart.service';
/** The caller's own cart; there is no cart id to name, so no one else's cart is reachable. */
export const cartRoutes = routeGroup<{ db: Db }>(CUSTOMER, async (app, { db }) => {
  const tags = ['Carrinho'];
  const viewResponse = { 200: envelope(cartView), ...authErrors } as const;

  app.get(
    '/carts',
    {
      schema: {
        operationId: 'getCart',
        tags,
        summary: 'Ver o carrinho (criado no primeiro uso)',
        response: viewResponse,
      },
    },
    async (request) => ({ data: await service.get(db, currentUser(request)) }),
  );

  app.post(
    '/carts/add',
    {
      schema: {
        operationId: 'addToCart',
        tags,
        summary: 'Adicionar produto (até 10 unidades no total, sem passar do estoque)',
        body: cartChangeBody,
        response: { ...viewResponse, 409: errorBody },
      },
    },
    async (request) => ({
      data: await service.add(db, currentUser(request), request.body),
      message: 'Produto adicionado ao carrinho!',
    }),
  );

  app.post(
    '/carts/remove',
    {
      schema: {
        operationId: 'removeFromCart',
        tags,
        summary: 'Diminuir a quantidade de um produto (em 0 a linha sai)',
        body: cartChangeBody,
        response: viewResponse,
      },
    },
    async (request) => ({
      data: await service.remove(db, currentUser(request), request.body),
      message: 'Carrinho atualizado!',
    }),
  );

  app.delete(
    '/carts/clear',
    { schema: { operationId: 'clearCart', tags, summary: 'Esvaziar o carrinho', response: viewResponse } },
    async (request) => ({
      data: await service.clear(db, currentUser(request)),
      message: 'Carrinho limpo com sucesso!',
    }),
  );

  app.delete(
    '/carts/delete',
    {
      schema: {
        operationId: 'deleteCart',
        tags,
        summary: 'Excluir o carrinho (um novo é criado no próximo uso)',
        response: { 200: messageOnly, ...authErrors },
      },
    },
    async (request) => {
      await service.deleteCart(db, currentUser(request));
      return { message: 'Carrinho excluído com sucesso!' };
    },
  );
});
