import { employee, employeeBody, employeesQuery, idParam, ROLES, serviceIdParam } from '@petshop/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody, listEnvelope, paged } from '../../lib/http';
import { CUSTOMER, routeGroup, staff } from '../../lib/route-group';
import { actorOf } from '../audit/audit.service';
import { assertEmployeeReach, storeForStaffWrite } from './employee-accounts.service';
import * as service from './employees.service';

const removal = envelope(z.object({ id: z.number(), archived: z.boolean() }));

/** Employees, called employers in the contract: reads for any session, changes for admins. */
export const employeesRoutes = routeGroup<{ db: Db }>(CUSTOMER, async (app, { db }) => {
  const tags = ['Funcionários'];

  app.get(
    '/employers',
    {
      schema: {
        operationId: 'listEmployees',
        tags,
        summary: 'Listar funcionários, de uma loja com storeId (telefone só para admin)',
        querystring: employeesQuery,
        response: { 200: listEnvelope(employee), ...authErrors },
      },
    },
    async (request) => paged(await service.listAll(db, currentUser(request), request.query), request.query),
  );

  app.get(
    '/employers/service/:serviceId',
    {
      schema: {
        operationId: 'listEmployeesByService',
        tags,
        summary: 'Funcionários que realizam um serviço (de uma loja com storeId)',
        params: serviceIdParam,
        querystring: employeesQuery,
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
      schema: {
        operationId: 'getEmployee',
        tags,
        summary: 'Ver um funcionário',
        params: idParam,
        response: { 200: envelope(employee), ...authErrors },
      },
    },
    async (request) => ({
      data: await service.get(db, currentUser(request), request.params.id),
    }),
  );
});

/** The owner any employee; a manager those of their stores (another store's is 404). */
export const employeesAdminRoutes = routeGroup<{ db: Db }>(staff(ROLES.admin, ROLES.manager), async (app, { db }) => {
  const tags = ['Funcionários'];

  app.post(
    '/employers',
    {
      schema: {
        operationId: 'createEmployee',
        tags,
        summary: 'Cadastrar funcionário',
        body: employeeBody,
        response: { 201: envelope(employee), ...authErrors },
      },
    },
    async (request, reply) => {
      const storeId = storeForStaffWrite(currentUser(request), request.body.store_id);
      const created = await service.create(db, { ...request.body, store_id: storeId }, actorOf(request));
      return reply.status(201).send({ data: created, message: 'Funcionário cadastrado com sucesso!' });
    },
  );

  app.put(
    '/employers/:id',
    {
      schema: {
        operationId: 'updateEmployee',
        tags,
        summary: 'Atualizar funcionário',
        params: idParam,
        body: employeeBody,
        response: { 200: envelope(employee), ...authErrors, 409: errorBody },
      },
    },
    async (request) => {
      const auth = currentUser(request);
      await assertEmployeeReach(db, auth, request.params.id);
      const body =
        request.body.store_id === undefined
          ? request.body
          : { ...request.body, store_id: storeForStaffWrite(auth, request.body.store_id) };
      return {
        data: await service.update(db, request.params.id, body, actorOf(request)),
        message: 'Funcionário atualizado com sucesso!',
      };
    },
  );

  app.delete(
    '/employers/:id',
    {
      schema: {
        operationId: 'deleteEmployee',
        tags,
        summary: 'Excluir funcionário (arquiva se agendamentos o citam)',
        params: idParam,
        response: { 200: removal, ...authErrors, 409: errorBody },
      },
    },
    async (request) => {
      await assertEmployeeReach(db, currentUser(request), request.params.id);
      const result = await service.remove(db, request.params.id, actorOf(request));
      return { data: result, message: 'Funcionário excluído com sucesso!' };
    },
  );
});
