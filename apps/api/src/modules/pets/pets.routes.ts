import { idParam, petBody, petView, ROLES } from '@petshop/domain';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody, listEnvelope, messageOnly } from '../../lib/http';
import { CUSTOMER, routeGroup, staff } from '../../lib/route-group';
import { actorOf } from '../audit/audit.service';
import * as service from './pets.service';
/** The caller's own pets; another user's id answers 404. */
export const petsRoutes = routeGroup<{ db: Db }>(CUSTOMER, async (app, { db }) => {
  const tags = ['Pets'];
  const one = { 200: envelope(petView), ...authErrors } as const;

  app.get(
    '/pets',
    {
      schema: {
        operationId: 'listPets',
        tags,
        summary: 'Listar meus pets',
        response: { 200: listEnvelope(petView), ...authErrors },
      },
    },
    async (request) => ({ data: await service.list(db, currentUser(request)) }),
  );

  app.get(
    '/pets/:id',
    { schema: { operationId: 'getPet', tags, summary: 'Ver um pet meu', params: idParam, response: one } },
    async (request) => ({ data: await service.get(db, currentUser(request), request.params.id) }),
  );

  app.post(
    '/pets',
    {
      schema: {
        operationId: 'createPet',
        tags,
        summary: 'Cadastrar pet',
        body: petBody,
        response: { 201: envelope(petView), ...authErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const data = await service.create(db, currentUser(request), request.body);
      return reply.status(201).send({ data, message: 'Pet cadastrado com sucesso!' });
    },
  );

  app.put(
    '/pets/:id',
    {
      schema: {
        operationId: 'updatePet',
        tags,
        summary: 'Atualizar um pet meu',
        params: idParam,
        body: petBody,
        response: one,
      },
    },
    async (request) => ({
      data: await service.update(db, currentUser(request), request.params.id, request.body),
      message: 'Pet atualizado com sucesso!',
    }),
  );

  app.delete(
    '/pets/:id',
    {
      schema: {
        operationId: 'deletePet',
        tags,
        summary: 'Excluir um pet meu (recusado com agendamentos de hoje em diante)',
        params: idParam,
        response: { 200: messageOnly, ...authErrors, 409: errorBody },
      },
    },
    async (request) => {
      await service.remove(db, currentUser(request), request.params.id);
      return { message: 'Pet deletado com sucesso!' };
    },
  );
});

/** A customer's pets, for staff who book and register on their behalf (owner; manager, reception). */
export const customerPetsRoutes = routeGroup<{ db: Db }>(
  staff(ROLES.admin, ROLES.manager, ROLES.reception),
  async (app, { db }) => {
    const tags = ['Pets'];

    app.get(
      '/user/:id/pets',
      {
        schema: {
          operationId: 'listCustomerPets',
          tags,
          summary: 'Listar os pets de um cliente (admin; gerente e atendente: contas de clientes)',
          params: idParam,
          response: { 200: listEnvelope(petView), ...authErrors },
        },
      },
      async (request) => ({ data: await service.listOf(db, currentUser(request), request.params.id) }),
    );

    app.post(
      '/user/:id/pets',
      {
        schema: {
          operationId: 'createCustomerPet',
          tags,
          summary: 'Cadastrar um pet para um cliente (admin; gerente e atendente: contas de clientes)',
          params: idParam,
          body: petBody,
          response: { 201: envelope(petView), ...authErrors, 409: errorBody },
        },
      },
      async (request, reply) => {
        const data = await service.createFor(
          db,
          currentUser(request),
          request.params.id,
          request.body,
          actorOf(request),
        );
        return reply.status(201).send({ data, message: 'Pet cadastrado com sucesso!' });
      },
    );
  },
);
