import {
  idParam,
  publicUser,
  ROLES,
  recoveryCodes,
  twoFactorDisableBody,
  twoFactorDisabled,
  twoFactorEnableBody,
  twoFactorSetup,
  twoFactorStatus,
  twoFactorVerifyBody,
} from '@petshop/domain';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody, messageOnly } from '../../lib/http';
import type { RateLimiter } from '../../lib/rate-limiter';
import { PUBLIC, routeGroup, staff } from '../../lib/route-group';
import { actorOf } from '../audit/audit.service';
import { deviceCookie, deviceCookieOf } from './device-token';
import * as service from './two-factor.service';

const tags = ['Autenticação'];

/** A staff member's own second factor: status, setup, enable. */
export const twoFactorRoutes = routeGroup<{ db: Db; config: Config }>(
  staff(ROLES.admin, ROLES.manager, ROLES.reception, ROLES.professional),
  async (app, { db, config }) => {
    const ctx = { db, config };

    app.get(
      '/auth/2fa',
      {
        schema: {
          operationId: 'getTwoFactorStatus',
          tags,
          summary: 'Se a verificação em duas etapas está ativa na minha conta (equipe)',
          response: { 200: envelope(twoFactorStatus), ...authErrors },
        },
      },
      async (request) => ({ data: await service.status(ctx, currentUser(request)) }),
    );

    app.post(
      '/auth/2fa/setup',
      {
        schema: {
          operationId: 'setUpTwoFactor',
          tags,
          summary: 'Gerar o segredo TOTP (RFC 6238): otpauthUrl e o QR code para o aplicativo autenticador',
          description: 'Substitui um segredo ainda não confirmado; com a verificação já ativa → 409.',
          response: { 200: envelope(twoFactorSetup), ...authErrors, 409: errorBody },
        },
      },
      async (request) => ({ data: await service.setup(ctx, currentUser(request)) }),
    );

    app.post(
      '/auth/2fa/enable',
      {
        schema: {
          operationId: 'enableTwoFactor',
          tags,
          summary: 'Ativar a verificação em duas etapas com o primeiro código; responde os 10 códigos de recuperação',
          description:
            'Os códigos de recuperação valem uma vez cada e só aparecem nesta resposta. Código errado → 400 no campo `code`.',
          body: twoFactorEnableBody,
          response: { 200: envelope(recoveryCodes), ...authErrors, 409: errorBody },
        },
      },
      async (request) => ({
        data: await service.enable(ctx, currentUser(request), request.body.code, actorOf(request)),
        message: 'Verificação em duas etapas ativada. Guarde os códigos de recuperação.',
      }),
    );

    app.post(
      '/auth/2fa/disable',
      {
        schema: {
          operationId: 'disableTwoFactor',
          tags,
          summary: 'Desativar a minha verificação em duas etapas com um código do aplicativo ou de recuperação',
          description:
            'Código errado → 400 no campo `code`; sem a verificação ativa → 409. Se ela é obrigatória para o perfil ' +
            '(`required`), o próximo login pede o cadastro de novo.',
          body: twoFactorDisableBody,
          response: { 200: envelope(twoFactorDisabled), ...authErrors, 400: errorBody, 409: errorBody },
        },
      },
      async (request) => ({
        data: await service.disable(ctx, currentUser(request), request.body.code, actorOf(request)),
        message: 'Verificação em duas etapas desativada.',
      }),
    );
  },
);

/** The owner resets another staff member's second factor (a lost phone). */
export const twoFactorResetRoutes = routeGroup<{ db: Db; config: Config }>(
  staff(ROLES.admin),
  async (app, { db, config }) => {
    app.delete(
      '/user/:id/2fa',
      {
        schema: {
          operationId: 'resetTwoFactor',
          tags,
          summary: 'Redefinir a verificação em duas etapas de outro membro da equipe (admin; ex.: celular perdido)',
          description:
            'Apaga o segredo e os códigos de recuperação e encerra as sessões da pessoa. Onde STAFF_2FA_REQUIRED a ' +
            'obriga, o próximo login pede o cadastro de um novo celular. A própria conta → 409 `OWN_TWO_FACTOR` ' +
            '(desative com um código); sem a verificação ativa → 409 `TWO_FACTOR_NOT_ENABLED`.',
          params: idParam,
          response: { 200: messageOnly, ...authErrors, 404: errorBody, 409: errorBody },
        },
      },
      async (request) => {
        await service.reset({ db, config }, currentUser(request), request.params.id, actorOf(request));
        return { message: 'Verificação em duas etapas redefinida. A pessoa vai configurá-la de novo ao entrar.' };
      },
    );
  },
);

/** The code step of a sign-in (the challenge is the credential). */
export const twoFactorVerifyRoutes = routeGroup<{ db: Db; config: Config; loginLimiter: RateLimiter }>(
  PUBLIC,
  async (app, { db, config, loginLimiter }) => {
    const secureCookies = config.APP_URL.startsWith('https://');

    app.post(
      '/auth/2fa/verify',
      {
        schema: {
          operationId: 'verifyTwoFactor',
          tags,
          summary: 'Segunda etapa do login: o challenge e um código do aplicativo (ou de recuperação) → {user, token}',
          description:
            'O challenge vale 5 minutos e uma vez; código errado → 401 e conta como tentativa de login (429 além do limite). ' +
            'Um challenge de cadastro (`enrol`) ativa a verificação e responde também os códigos de recuperação.',
          body: twoFactorVerifyBody,
          response: {
            200: envelope(
              z.object({ user: publicUser, token: z.string(), recoveryCodes: z.array(z.string()).optional() }),
            ),
            400: errorBody,
            401: errorBody,
            429: errorBody,
          },
        },
      },
      async (request, reply) => {
        const ctx = {
          db,
          config,
          throttle: { limiter: loginLimiter, config, log: request.log },
          signToken: app.signToken,
        };
        const { session, deviceToken } = await service.verify(
          ctx,
          request.body,
          request.ip,
          deviceCookieOf(request.headers.cookie),
        );
        reply.header('set-cookie', deviceCookie(deviceToken, secureCookies));
        return { data: session, message: 'Login realizado com sucesso!' };
      },
    );
  },
);
