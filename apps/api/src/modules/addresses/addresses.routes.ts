import { addressBody, addressView, idParam } from '@petshop/domain';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody, listEnvelope, messageOnly } from '../../lib/http';
import { CUSTOMER, routeGroup } from '../../lib/route-group';
import * as service from './addresses.service';
/** The caller's own addresses; another user's id answers 404. */
export const addressesRoutes = routeGroup<{ db: Db }>(CUSTOMER, async (app, { db }) => {
  const tags = ['Endereços'];
  const one = { 200: envelope(addressView), ...authErrors } as const;

  app.get(
    '/addresses',
    {
      schema: {
        operationId: 'listAddresses',
        tags,
        summary: 'Listar meus endereços',
        response: { 200: listEnvelope(addressView), ...authErrors },
      },
    },
    async (request) => ({ data: await service.list(db, currentUser(request)) }),
  );

  app.get(
    '/addresses/:id',
    { schema: { operationId: 'getAddress', tags, summary: 'Ver um endereço meu', params: idParam, response: one } },
    async (request) => ({ data: await service.get(db, currentUser(request), request.params.id) }),
  );

  app.post(
    '/addresses',
    {
      schema: {
        operationId: 'createAddress',
        tags,
        summary: 'Cadastrar endereço (a cidade deve ser do estado)',
        body: addressBody,
        response: { 201: envelope(addressView), ...authErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const data = await service.create(db, currentUser(request), request.body);
      return reply.status(201).send({ data, message: 'Endereço cadastrado com sucesso!' });
    },
  );

  app.put(
    '/addresses/:id',
    {
      schema: {
        operationId: 'updateAddress',
        tags,
        summary: 'Atualizar um endereço meu',
        params: idParam,
        body: addressBody,
        response: one,
      },
    },
    async (request) => ({
      data: await service.update(db, currentUser(request), request.params.id, request.body),
      message: 'Endereço atualizado com sucesso!',
    }),
  );

  app.delete(
    '/addresses/:id',
    {
      schema: {
        operationId: 'deleteAddress',
        tags,
        summary: 'Excluir um endereço meu',
        params: idParam,
        response: { 200: messageOnly, ...authErrors },
      },
    },
    async (request) => {
      await service.remove(db, currentUser(request), request.params.id);
      return { message: 'Endereço deletado com sucesso!' };
    },
  );
});
