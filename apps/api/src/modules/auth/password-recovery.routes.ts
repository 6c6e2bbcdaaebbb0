import { changePasswordBody, forgotPasswordBody, idParam, loginChallenge, resetPasswordBody } from '@petshop/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody, messageOnly } from '../../lib/http';
import type { RateLimiter } from '../../lib/rate-limiter';
import { CUSTOMER, PUBLIC, routeGroup } from '../../lib/route-group';
import { session } from './auth.routes';
import { challengeMessage } from './challenge-message';
import { changePassword, forgotPassword, resetPassword } from './password-recovery.service';

const FORGOT_MESSAGE =
  'Se houver uma conta com este e-mail, enviaremos um link para redefinir a senha. Confira também a caixa de spam.';

export const passwordRecoveryRoutes = routeGroup<{ db: Db; config: Config; loginLimiter: RateLimiter }>(
  PUBLIC,
  async (app, { db, config, loginLimiter }) => {
    const ctx = { db, config, limiter: loginLimiter, signToken: app.signToken, twoFactor: { db, config } };

    app.post(
      '/auth/password/forgot',
      {
        schema: {
          operationId: 'requestPasswordReset',
          tags: ['Autenticação'],
          summary: 'Pedir o link de redefinição de senha (mesma resposta exista ou não a conta)',
          body: forgotPasswordBody,
          response: { 202: messageOnly, 400: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        await forgotPassword(ctx, request.body.email, request.ip);
        return reply.status(202).send({ message: FORGOT_MESSAGE });
      },
    );

    app.post(
      '/auth/password/reset',
      {
        schema: {
          operationId: 'resetPassword',
          tags: ['Autenticação'],
          summary: 'Definir nova senha com o link recebido por e-mail; encerra as outras sessões e entra',
          description:
            'Conta com verificação em duas etapas: a senha é trocada e a resposta é 202 com `challenge` (sem token), ' +
            'a ser respondido em POST /auth/2fa/verify. Admin ou gerente sem ela, com STAFF_2FA_REQUIRED: 202 com ' +
            '`challenge` e `enrol` (o QR a escanear primeiro).',
          body: resetPasswordBody,
          response: { 200: envelope(session), 202: envelope(loginChallenge), 400: errorBody, 429: errorBody },
        },
      },
      async (request, reply) => {
        const result = await resetPassword(ctx, request.body.token, request.body.password, request.ip);
        if ('challenge' in result) {
          const message = `Senha redefinida. ${challengeMessage(result.challenge)}`;
          return reply.status(202).send({ data: result.challenge, message });
        }
        return { data: result.session, message: 'Senha redefinida com sucesso!' };
      },
    );
  },
);

export const passwordChangeRoutes = routeGroup<{ db: Db; config: Config; loginLimiter: RateLimiter }>(
  CUSTOMER,
  async (app, { db, config, loginLimiter }) => {
    const ctx = { db, config, limiter: loginLimiter, signToken: app.signToken };

    app.put(
      '/user/:id/password',
      {
        schema: {
          operationId: 'changePassword',
          tags: ['Usuários'],
          summary: 'Alterar a própria senha; as outras sessões terminam',
          params: idParam,
          body: changePasswordBody,
          response: { 200: envelope(session), ...authErrors, 429: errorBody },
        },
      },
      async (request) => {
        const { currentPassword, newPassword } = request.body;
        const result = await changePassword(ctx, currentUser(request), request.params.id, currentPassword, newPassword);
        return { data: result, message: 'Senha alterada com sucesso!' };
      },
    );
  },
);
