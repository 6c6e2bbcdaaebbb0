import { googleLoginBody, loginBody, loginChallenge, publicUser } from '@petshop/domain';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import { envelope, errorBody } from '../../lib/http';
import type { RateLimiter } from '../../lib/rate-limiter';
import { PUBLIC, routeGroup } from '../../lib/route-group';
import { loginWithPassword } from './auth.service';
import { challengeMessage } from './challenge-message';
import { deviceCookie, deviceCookieOf, newDeviceToken, unlockedAccount } from './device-token';
import { loginWithGoogle } from './google-auth.service';
import { googleVerifierFromConfig } from './google-verifier';
export const session = z.object({ user: publicUser, token: z.string() });

/** What /register needs after a first Google sign-in; `googleTicket` goes back in POST /user. */
export const googleRegistration = z.object({
  registration: z.object({
    email: z.string(),
    name: z.string(),
    photoURL: z.string().nullable(),
    googleTicket: z.string(),
  }),
});

export const authRoutes = routeGroup<{ db: Db; config: Config; loginLimiter: RateLimiter }>(
  PUBLIC,
  async (app, { db, config, loginLimiter }) => {
    const verifyGoogle = googleVerifierFromConfig(config, (err) => app.log.warn({ err }, 'Google key set unavailable'));
    const secureCookies = config.APP_URL.startsWith('https://');

    app.post(
      '/auth/login',
      {
        schema: {
          operationId: 'login',
          tags: ['Autenticação'],
          summary: 'Entrar com e-mail e senha',
          description:
            'Conta com verificação em duas etapas: 202 com `challenge` (sem token), a ser respondido em POST /auth/2fa/verify. ' +
            'Admin ou gerente sem ela, com STAFF_2FA_REQUIRED: 202 com `challenge` e `enrol` (o QR a escanear primeiro).',
          body: loginBody,
          response: {
            201: envelope(session),
            202: envelope(loginChallenge),
            400: errorBody,
            401: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const ctx = {
          db,
          throttle: { limiter: loginLimiter, config, log: request.log },
          signToken: app.signToken,
          secret: config.JWT_SECRET,
          twoFactor: { db, config },
        };
        const result = await loginWithPassword(
          ctx,
          request.body.email,
          request.body.password,
          request.ip,
          deviceCookieOf(request.headers.cookie),
        );
        if (result.challenge) {
          return reply.status(202).send({ data: result.challenge, message: challengeMessage(result.challenge) });
        }
        reply.header('set-cookie', deviceCookie(result.deviceToken, secureCookies));
        return reply.status(201).send({ data: result.session, message: 'Login realizado com sucesso!' });
      },
    );

    app.get(
      '/auth/device',
      {
        schema: {
          operationId: 'trustDeviceByUnlockLink',
          tags: ['Autenticação'],
          summary: 'Link de desbloqueio (e-mail): marca este navegador como aparelho conhecido da conta',
          querystring: z.object({ token: z.string().min(1).max(200) }),
          response: { 303: z.null(), 400: errorBody },
        },
      },
      async (request, reply) => {
        const account = unlockedAccount(config.JWT_SECRET, request.query.token);
        if (!account) throw badRequest('Link de desbloqueio inválido ou expirado. Entre com sua senha ou peça outro.');
        reply.header('set-cookie', deviceCookie(newDeviceToken(config.JWT_SECRET, account), secureCookies));
        return reply.status(303).header('location', '/login').send(null);
      },
    );

    app.get(
      '/auth/google/config',
      {
        schema: {
          operationId: 'getGoogleConfig',
          tags: ['Autenticação'],
          summary: 'Client id do Google para o botão de login (null quando não configurado)',
          response: { 200: envelope(z.object({ clientId: z.string().nullable() })) },
        },
      },
      async () => ({ data: { clientId: config.GOOGLE_CLIENT_ID ?? null } }),
    );

    app.post(
      '/auth/google',
      {
        schema: {
          operationId: 'loginWithGoogle',
          tags: ['Autenticação'],
          summary: 'Entrar com o Google (ID token); e-mail sem conta recebe os dados do cadastro',
          body: googleLoginBody,
          response: {
            200: envelope(z.union([session, googleRegistration])),
            202: envelope(loginChallenge),
            400: errorBody,
            401: errorBody,
            429: errorBody,
            503: errorBody,
          },
        },
      },
      async (request, reply) => {
        const ctx = {
          db,
          throttle: { limiter: loginLimiter, config, log: request.log },
          signToken: app.signToken,
          ticketSecret: config.JWT_SECRET,
          verify: verifyGoogle,
          twoFactor: { db, config },
        };
        const result = await loginWithGoogle(ctx, request.body.credential, request.ip);
        if ('challenge' in result && result.challenge)
          return reply.status(202).send({ data: result.challenge, message: challengeMessage(result.challenge) });
        return 'user' in result ? { data: result, message: 'Login realizado com sucesso!' } : { data: result };
      },
    );
  },
);
