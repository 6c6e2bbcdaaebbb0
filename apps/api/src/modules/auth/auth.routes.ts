import { loginBody, publicUser } from '@petshop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { envelope, errorBody } from '../../lib/http';
import { loginWithPassword } from './auth.service';

export const session = z.object({ user: publicUser, token: z.string() });

export const authRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, config, loginLimiter }) => {
  app.post(
    '/auth/login',
    {
      schema: {
        tags: ['Autenticação'],
        summary: 'Entrar com e-mail e senha',
        body: loginBody,
        response: { 201: envelope(session), 400: errorBody, 401: errorBody, 429: errorBody },
      },
    },
    async (request, reply) => {
      const ctx = { db, limiter: loginLimiter, maxAttempts: config.LOGIN_MAX_ATTEMPTS, signToken: app.signToken };
      const result = await loginWithPassword(ctx, request.body.email, request.body.password, request.ip);
      return reply.status(201).send({ data: result, message: 'Login realizado com sucesso!' });
    },
  );
};
