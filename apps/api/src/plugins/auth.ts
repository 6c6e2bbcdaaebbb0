import { ROLES } from '@petshop/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config';
import type { Db } from '../db/client';
import { forbidden, unauthorized } from '../lib/app-error';
import { findSessionUser } from '../modules/users/users.service';

export interface AuthUser {
  id: number;
  role: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
  interface FastifyInstance {
    /** onRequest hook: a valid token of a live account is required. */
    authenticate: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /** onRequest hook: as authenticate, and role must be admin. */
    requireAdmin: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    signToken: (user: { id: number; role: string; tokenVersion: number }) => Promise<string>;
  }
}

const ISSUER = 'petshop';

export const authPlugin = fp(async (app: FastifyInstance, opts: { config: Config; db: Db }) => {
  const key = new TextEncoder().encode(opts.config.JWT_SECRET);
  app.decorateRequest('auth', null);

  app.decorate('signToken', (user: { id: number; role: string; tokenVersion: number }) =>
    new SignJWT({ role: user.role, tv: user.tokenVersion })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(user.id))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(opts.config.JWT_EXPIRES_IN)
      .sign(key),
  );

  const authenticate = async (request: FastifyRequest) => {
    const header = request.headers.authorization;
    const token = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
    if (!token) throw unauthorized('Faça login para continuar.');
    let userId: number;
    let version: unknown;
    try {
      const { payload } = await jwtVerify(token, key, { issuer: ISSUER, algorithms: ['HS256'] });
      userId = Number(payload.sub);
      version = payload.tv;
    } catch {
      throw unauthorized();
    }
    // The role and token version come from the database, so a demotion or deletion takes effect at once.
    const user = Number.isInteger(userId) ? await findSessionUser(opts.db, userId) : undefined;
    if (!user || user.tokenVersion !== version) throw unauthorized();
    request.auth = { id: user.id, role: user.role };
  };

  app.decorate('authenticate', authenticate);
  app.decorate('requireAdmin', async (request: FastifyRequest) => {
    await authenticate(request);
    if (request.auth?.role !== ROLES.admin) throw forbidden();
  });
});

/** The caller, for handlers behind `authenticate`. */
export const currentUser = (request: FastifyRequest): AuthUser => {
  if (!request.auth) throw unauthorized();
  return request.auth;
};
