import { idParam, publicUser, ROLES, registerBody, updateUserBody, userListQuery } from '@petshop/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody, listEnvelope, paged } from '../../lib/http';
import type { RateLimiter } from '../../lib/rate-limiter';
import { CUSTOMER, PUBLIC, routeGroup, staff } from '../../lib/route-group';
import { staffActor } from '../audit/audit.service';
import * as service from './users.service';
export const signUpRoutes = routeGroup<{ db: Db; config: Config; loginLimiter: RateLimiter }>(
  PUBLIC,
  async (app, { db, config, loginLimiter }) => {
    const tags = ['Usuários'];

    app.post(
      '/user',
      {
        schema: {
          operationId: 'registerUser',
          tags,
          summary: 'Cadastrar conta',
          body: registerBody,
          response: { 201: envelope(publicUser), 400: errorBody, 409: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const user = await service.register({ db, config, limiter: loginLimiter }, request.body, request.ip);
        return reply.status(201).send({ data: user, message: 'Cadastro realizado com sucesso!' });
      },
    );
  },
);

export const usersRoutes = routeGroup<{ db: Db }>(CUSTOMER, async (app, { db }) => {
  const tags = ['Usuários'];

  app.get(
    '/user/:id',
    {
      schema: {
        operationId: 'getUser',
        tags,
        summary: 'Ver usuário (o próprio, ou qualquer um para admin)',
        params: idParam,
        response: { 200: envelope(publicUser), ...authErrors },
      },
    },
    async (request) => ({ data: await service.getVisible(db, currentUser(request), request.params.id) }),
  );

  app.put(
    '/user/:id',
    {
      schema: {
        operationId: 'updateUser',
        tags,
        summary: 'Atualizar dados pessoais',
        params: idParam,
        body: updateUserBody,
        response: { 200: envelope(publicUser), ...authErrors, 409: errorBody },
      },
    },
    async (request) => {
      const user = await service.update(db, currentUser(request), request.params.id, request.body, staffActor(request));
      return { data: user, message: 'Dados atualizados com sucesso!' };
    },
  );
});

export const usersAdminRoutes = routeGroup<{ db: Db }>(
  staff(ROLES.admin, ROLES.manager, ROLES.reception),
  async (app, { db }) => {
    const tags = ['Usuários'];

    app.get(
      '/user',
      {
        schema: {
          operationId: 'listUsers',
          tags,
          summary:
            'Listar usuários (admin; gerente e atendente veem os clientes); `q` busca por nome, e-mail, CPF ou telefone',
          querystring: userListQuery,
          response: { 200: listEnvelope(publicUser), ...authErrors },
        },
      },
      async (request) => paged(await service.list(db, currentUser(request), request.query), request.query),
    );
  },
);
