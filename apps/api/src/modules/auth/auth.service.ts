import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { tooManyRequests, unauthorized } from '../../lib/app-error';
import { decoyHash, verifyPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rate-limiter';
import * as users from '../users/users.service';

const WRONG_CREDENTIALS = 'E-mail ou senha incorretos.';

/** Password and Google sign-in share the per-IP budget and this answer. */
export const tooManyLogins = () =>
  tooManyRequests('Muitas tentativas de login. Aguarde alguns minutos e tente novamente.');

export interface LoginContext {
  db: Db;
  limiter: RateLimiter;
  maxAttempts: number;
  signToken: FastifyInstance['signToken'];
}

/** Failures are counted per IP and per account; either over the limit answers 429 before any check. */
export async function loginWithPassword(ctx: LoginContext, email: string, password: string, ip: string) {
  const ipKey = `login:ip:${ip}`;
  const accountKey = `login:account:${email.toLowerCase()}`;
  const [byIp, byAccount] = await Promise.all([ctx.limiter.count(ipKey), ctx.limiter.count(accountKey)]);
  if (byIp >= ctx.maxAttempts * 4 || byAccount >= ctx.maxAttempts) {
    throw tooManyLogins();
  }
  const found = await users.findCredentialsByEmail(ctx.db, email);
  const ok = await verifyPassword(password, found?.passwordHash ?? (await decoyHash));
  if (!found || !ok) {
    await Promise.all([ctx.limiter.hit(ipKey), ctx.limiter.hit(accountKey)]);
    throw unauthorized(WRONG_CREDENTIALS);
  }
  await ctx.limiter.reset(accountKey);
  const { passwordHash: _hash, emailVerified: _verified, tokenVersion, ...user } = found;
  const token = await ctx.signToken({ id: user.id, role: user.role, tokenVersion });
  return { user, token };
}
