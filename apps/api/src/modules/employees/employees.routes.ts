import { employee, employeeBody, idParam, paginationQuery, serviceIdParam } from '@petshop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authErrors, envelope, errorBody, listEnvelope, paged } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
import * as service from './employees.service';

const removal = envelope(z.object({ id: z.number(), archived: z.boolean() }));

/** Employees, called employers in the contract: reads for any session, changes for admins. */
export const employeesRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ['Funcionários'];
  const security = [{ bearer: [] }];

  app.get(
    '/employers',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Listar funcionários (telefone só para admin)',
        security,
        querystring: paginationQuery,
        response: { 200: listEnvelope(employee), ...authErrors },
      },
    },
    async (request) => paged(await service.listAll(db, currentUser(request), request.query), request.query),
  );

  app.get(
    '/employers/service/:serviceId',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Funcionários que realizam um serviço',
        security,
        params: serviceIdParam,
        querystring: paginationQuery,
        response: { 200: listEnvelope(employee), ...authErrors },
      },
    },
    async (request) =>
      paged(
        await service.listByService(db, currentUser(request), request.params.serviceId, request.query),
        request.query,
      ),
  );

  app.get(
    '/employers/:id',
    {
      onRequest: app.authenticate,
      schema: {
        tags,
        summary: 'Ver um funcionário',
        security,
        params: idParam,
        response: { 200: envelope(employee), ...authErrors },
      },
    },
    async (request) => ({
      data: await service.get(db, currentUser(request), request.params.id),
    }),
  );

  app.post(
    '/employers',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Cadastrar funcionário',
        security,
        body: employeeBody,
        response: { 201: envelope(employee), ...authErrors },
      },
    },
    async (request, reply) => {
      const created = await service.create(db, request.body);
      return reply.status(201).send({ data: created, message: 'Funcionário cadastrado com sucesso!' });
    },
  );

  app.put(
    '/employers/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Atualizar funcionário',
        security,
        params: idParam,
        body: employeeBody,
        response: { 200: envelope(employee), ...authErrors, 409: errorBody },
      },
    },
    async (request) => ({
      data: await service.update(db, request.params.id, request.body),
      message: 'Funcionário atualizado com sucesso!',
    }),
  );

  app.delete(
    '/employers/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Excluir funcionário (arquiva se agendamentos o citam)',
        security,
        params: idParam,
        response: { 200: removal, ...authErrors, 409: errorBody },
      },
    },
    async (request) => {
      const result = await service.remove(db, request.params.id);
      return { data: result, message: 'Funcionário excluído com sucesso!' };
    },
  );
};
