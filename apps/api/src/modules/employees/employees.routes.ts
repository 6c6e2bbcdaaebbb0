import { employee, employeeBody, idParam, paginationQuery, serviceIdParam } from '@petshop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authErrors, envelope, errorBody, listEnvelope } from '../../lib/http';
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
    async (request) => {
      const { limit, offset } = request.query;
      const isAdmin = currentUser(request).role === 'admin';
      const { items, total } = await service.listAll(db, { limit, offset }, isAdmin);
      return { data: items, meta: { total, limit, offset } };
    },
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
    async (request) => {
      const { limit, offset } = request.query;
      const isAdmin = currentUser(request).role === 'admin';
      const page = { limit, offset };
      const { items, total } = await service.listByService(db, request.params.serviceId, page, isAdmin);
      return { data: items, meta: { total, limit, offset } };
    },
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
      data: await service.get(db, request.params.id, currentUser(request).role === 'admin'),
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
