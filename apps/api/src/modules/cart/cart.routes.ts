import { cartChangeBody, cartView } from '@petshop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { authErrors, envelope, errorBody, messageOnly } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
import * as service from './cart.service';

/** The caller's own cart; there is no cart id to name, so no one else's cart is reachable. */
export const cartRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ['Carrinho'];
  const security = [{ bearer: [] }];
  const viewResponse = { 200: envelope(cartView), ...authErrors } as const;

  app.addHook('onRequest', app.authenticate);

  app.get(
    '/carts',
    { schema: { tags, summary: 'Ver o carrinho (criado no primeiro uso)', security, response: viewResponse } },
    async (request) => ({ data: await service.get(db, currentUser(request)) }),
  );

  app.post(
    '/carts/add',
    {
      schema: {
        tags,
        summary: 'Adicionar produto (até 10 unidades no total, sem passar do estoque)',
        security,
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
        tags,
        summary: 'Diminuir a quantidade de um produto (em 0 a linha sai)',
        security,
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
    { schema: { tags, summary: 'Esvaziar o carrinho', security, response: viewResponse } },
    async (request) => ({
      data: await service.clear(db, currentUser(request)),
      message: 'Carrinho limpo com sucesso!',
    }),
  );

  app.delete(
    '/carts/delete',
    {
      schema: {
        tags,
        summary: 'Excluir o carrinho (um novo é criado no próximo uso)',
        security,
        response: { 200: messageOnly, ...authErrors },
      },
    },
    async (request) => {
      await service.deleteCart(db, currentUser(request));
      return { message: 'Carrinho excluído com sucesso!' };
    },
  );
};
