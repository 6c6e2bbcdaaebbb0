import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { jwtVerify, SignJWT } from 'jose';
import type { Config } from '../config';
import { forbidden, unauthorized } from '../lib/app-error';
import type { AuthUser } from '../lib/auth-user';
import type { Access } from '../lib/route-group';

/** What a token is checked against: the account as it is now (role, and a version bumped on password change or deletion). */
export interface SessionUser {
  id: number;
  role: string;
  tokenVersion: number;
}

/** The account behind a request: the session plus the stores it works in. */
export interface SessionUserWithStores extends SessionUser {
  storeIds: AuthUser['storeIds'];
}

export interface AuthOptions {
  config: Config;
  /** the live account behind a token's subject, or undefined when there is none */
  findSessionUser: (id: number) => Promise<SessionUserWithStores | undefined>;
}

type AccessHook = (request: FastifyRequest) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    /** The onRequest hook that enforces an access (none for public routes). */
    accessHook: (access: Access) => AccessHook | undefined;
    signToken: (user: SessionUser) => Promise<string>;
  }
}

const ISSUER = 'petshop';

/** Sessions: signs tokens, and checks them for the route groups that require one. */
export const authPlugin = fp(async (app: FastifyInstance, opts: AuthOptions) => {
  const key = new TextEncoder().encode(opts.config.JWT_SECRET);
  app.decorateRequest('auth', null);

  app.decorate('signToken', (user: SessionUser) =>
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
    const user = Number.isInteger(userId) ? await opts.findSessionUser(userId) : undefined;
    if (!user || user.tokenVersion !== version) throw unauthorized();
    request.auth = { id: user.id, role: user.role, storeIds: user.storeIds };
  };

  app.decorate('accessHook', (access: Access): AccessHook | undefined => {
    if (access.who === 'public') return undefined;
    if (access.who === 'customer') return authenticate;
    const roles: readonly string[] = access.roles;
    return async (request) => {
      await authenticate(request);
      if (!request.auth || !roles.includes(request.auth.role)) throw forbidden();
    };
  });
});
