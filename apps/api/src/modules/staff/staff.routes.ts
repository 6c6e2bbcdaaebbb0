import {
  acceptInvitationBody,
  idParam,
  loginChallenge,
  ROLES,
  staffInvitation,
  staffInviteBody,
  staffUser,
  userRoleBody,
} from '@petshop/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody } from '../../lib/http';
import type { RateLimiter } from '../../lib/rate-limiter';
import { PUBLIC, routeGroup, staff } from '../../lib/route-group';
import { actorOf } from '../audit/audit.service';
import { session } from '../auth/auth.routes';
import { challengeMessage } from '../auth/challenge-message';
import * as service from './staff.service';
import { acceptInvitation } from './staff-invitation.service';

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
            'Convidar o funcionário (admin; gerente para atendente e profissional das suas lojas): e-mail novo cria a conta e envia o link para criar a senha; conta existente recebe um link para aceitar (72 h, uso único)',
          description:
            'Para uma conta que já existe (`pending: true`), nada muda (perfil, lojas, vínculo com o funcionário) até a pessoa aceitar em POST /auth/invitations/accept.',
          params: idParam,
          body: staffInviteBody,
          response: { 201: envelope(staffInvitation), ...authErrors, 409: errorBody },
        },
      },
      async (request, reply) => {
        const caller = currentUser(request);
        const data = await service.invite(db, config, caller, request.params.id, request.body, actorOf(request));
        // Without SMTP the e-mail waits in 'Mensagens' (the outbox): no e-mail is promised.
        const sent = Boolean(config.SMTP_URL);
        const message = data.pending
          ? sent
            ? 'Esta conta já existe: enviamos um convite por e-mail. O perfil e a loja mudam quando a pessoa aceitar.'
            : 'Esta conta já existe: o convite foi criado e, sem servidor de e-mail configurado, o link está em Mensagens. O perfil e a loja mudam quando a pessoa aceitar.'
          : sent
            ? 'Convite enviado por e-mail. A conta foi criada; a pessoa cria a senha pelo link.'
            : 'Convite criado. A conta foi criada; sem servidor de e-mail configurado, o link para criar a senha está em Mensagens.';
        return reply.status(201).send({ data, message });
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
      data: await service.changeRole(db, currentUser(request), request.params.id, request.body, actorOf(request)),
      message: 'Perfil atualizado.',
    }),
  );
});

/** Accepting an invitation sent to an existing account: the e-mailed link is the proof. */
export const staffInvitationAcceptRoutes = routeGroup<{ db: Db; config: Config; loginLimiter: RateLimiter }>(
  PUBLIC,
  async (app, { db, config, loginLimiter }) => {
    const ctx = { db, config, limiter: loginLimiter, signToken: app.signToken, twoFactor: { db, config } };
    app.post(
      '/auth/invitations/accept',
      {
        schema: {
          operationId: 'acceptStaffInvitation',
          tags: ['Autenticação'],
          summary:
            'Aceitar o convite para a equipe com o link recebido por e-mail (conta existente): aplica perfil, loja e vínculo, uma vez, e entra',
          description:
            'As outras sessões da conta terminam. Conta com verificação em duas etapas: 202 com `challenge` (sem token), ' +
            'a ser respondido em POST /auth/2fa/verify; admin ou gerente sem ela, com STAFF_2FA_REQUIRED: 202 com `enrol`.',
          body: acceptInvitationBody,
          response: {
            200: envelope(session),
            202: envelope(loginChallenge),
            400: errorBody,
            409: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const result = await acceptInvitation(ctx, request.body.token, request.ip);
        if ('challenge' in result) {
          const message = `Convite aceito. ${challengeMessage(result.challenge)}`;
          return reply.status(202).send({ data: result.challenge, message });
        }
        return { data: result.session, message: 'Convite aceito. Bem-vindo(a) à equipe!' };
      },
    );
  },
);
