import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import { decoyHash, verifyPassword } from '../../lib/password';
import * as users from '../users/users.service';
import { type LoginThrottle, loginAttempt } from './login-throttle';

const WRONG_CREDENTIALS = 'E-mail ou senha incorretos.';

export interface LoginContext {
  db: Db;
  throttle: LoginThrottle;
  signToken: FastifyInstance['signToken'];
}

/** Every attempt counts until it succeeds; over any budget answers 429 before the password is checked. */
export async function loginWithPassword(ctx: LoginContext, email: string, password: string, ip: string) {
  const attempt = loginAttempt(ctx.throttle, email, ip);
  await attempt.take();
  const found = await users.findCredentialsByEmail(ctx.db, email);
  const ok = await verifyPassword(password, found?.passwordHash ?? (await decoyHash));
  if (!found || !ok) throw unauthorized(WRONG_CREDENTIALS);
  await attempt.succeeded();
  const { passwordHash: _hash, emailVerified: _verified, tokenVersion, ...user } = found;
  const token = await ctx.signToken({ id: user.id, role: user.role, tokenVersion });
  return { user, token };
}
