import { idParam, petBody, petView } from '@petshop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../app-deps';
import { authErrors, envelope, errorBody, listEnvelope, messageOnly } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
import * as service from './pets.service';

/** The caller's own pets; another user's id answers 404. */
export const petsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ['Pets'];
  const security = [{ bearer: [] }];
  const one = { 200: envelope(petView), ...authErrors } as const;

  app.addHook('onRequest', app.authenticate);

  app.get(
    '/pets',
    {
      schema: { tags, summary: 'Listar meus pets', security, response: { 200: listEnvelope(petView), ...authErrors } },
    },
    async (request) => ({ data: await service.list(db, currentUser(request)) }),
  );

  app.get(
    '/pets/:id',
    { schema: { tags, summary: 'Ver um pet meu', security, params: idParam, response: one } },
    async (request) => ({ data: await service.get(db, currentUser(request), request.params.id) }),
  );

  app.post(
    '/pets',
    {
      schema: {
        tags,
        summary: 'Cadastrar pet',
        security,
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
    { schema: { tags, summary: 'Atualizar um pet meu', security, params: idParam, body: petBody, response: one } },
    async (request) => ({
      data: await service.update(db, currentUser(request), request.params.id, request.body),
      message: 'Pet atualizado com sucesso!',
    }),
  );

  app.delete(
    '/pets/:id',
    {
      schema: {
        tags,
        summary: 'Excluir um pet meu (recusado com agendamentos de hoje em diante)',
        security,
        params: idParam,
        response: { 200: messageOnly, ...authErrors, 409: errorBody },
      },
    },
    async (request) => {
      await service.remove(db, currentUser(request), request.params.id);
      return { message: 'Pet deletado com sucesso!' };
    },
  );
};
