import { idParam, ROLES, staffInvitation, staffInviteBody, staffUser, userRoleBody } from '@petshop/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
import * as service from './staff.service';

/** Invitations: the owner for any store role, a manager for reception and professionals of their stores. */
export const staffInviteRoutes = routeGroup<{ db: Db; config: Config }>(
  staff(ROLES.admin, ROLES.manager),
  async (app, { db, config }) => {
    app.post(
      '/employers/:id/invite',
      {
        schema: {
          operationId: 'inviteEmployee',
          tags: ['Funcionários'],
          summary:
            'Convidar o funcionário (admin; gerente para atendente e profissional das suas lojas): cria ou liga a conta e envia o link para criar a senha (72 h, uso único)',
          params: idParam,
          body: staffInviteBody,
          response: { 201: envelope(staffInvitation), ...authErrors, 409: errorBody },
        },
      },
      async (request, reply) => {
        const data = await service.invite(db, config, currentUser(request), request.params.id, request.body);
        return reply.status(201).send({ data, message: 'Convite enviado por e-mail.' });
      },
    );
  },
);

/** Roles and stores of an account: the owner only. */
export const userRoleRoutes = routeGroup<{ db: Db }>(staff(ROLES.admin), async (app, { db }) => {
  app.put(
    '/user/:id/role',
    {
      schema: {
        operationId: 'setUserRole',
        tags: ['Usuários'],
        summary: 'Mudar o perfil e as lojas de uma conta (admin); o último administrador fica',
        params: idParam,
        body: userRoleBody,
        response: { 200: envelope(staffUser), ...authErrors, 409: errorBody },
      },
    },
    async (request) => ({
      data: await service.changeRole(db, currentUser(request), request.params.id, request.body),
      message: 'Perfil atualizado.',
    }),
  );
});
