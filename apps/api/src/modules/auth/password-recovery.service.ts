import { randomBytes } from 'node:crypto';
import { ROLES } from '@petshop/domain';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest, forbidden, notFound, tooManyRequests } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { hashPassword, verifyPassword } from '../../lib/password';
import type { RateLimiter } from '../../lib/rate-limiter';
import { seal, sha256 } from '../../lib/sealed';
import * as messages from '../messages/messages.service';
import * as users from '../users/users.service';
import * as repo from './password-recovery.repository';
import { sessionOrChallenge, type TwoFactorContext } from './two-factor.service';

const RESET_TOKEN_MINUTES = 30;
/** Both answers of forgot-password take at least this long, so timing does not tell whether the e-mail exists. */
const FORGOT_MIN_MS = 400;

const INVALID_TOKEN = 'Link de redefinição inválido ou expirado. Peça um novo.';
const tooManyAttempts = () => tooManyRequests('Muitas tentativas. Aguarde alguns minutos e tente novamente.');

export interface RecoveryContext {
  db: Db;
  config: Pick<Config, 'JWT_SECRET' | 'FORGOT_PASSWORD_MAX' | 'LOGIN_MAX_ATTEMPTS'>;
  limiter: RateLimiter;
  signToken: FastifyInstance['signToken'];
}

/** A reset may end in the login's second step. */
export interface ResetContext extends RecoveryContext {
  twoFactor: TwoFactorContext;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Writes a reset link to the outbox when the e-mail has an account; says nothing either way. Every
 * request counts against the e-mail typed and the IP, so the limit cannot tell accounts apart either.
 */
export async function forgotPassword(ctx: RecoveryContext, email: string, ip: string) {
  const started = Date.now();
  const ipKey = `forgot:ip:${ip}`;
  const accountKey = `forgot:account:${email}`;
  const [byIp, byAccount] = await Promise.all([ctx.limiter.hit(ipKey), ctx.limiter.hit(accountKey)]);
  if (byIp > ctx.config.FORGOT_PASSWORD_MAX * 4 || byAccount > ctx.config.FORGOT_PASSWORD_MAX) {
    throw tooManyRequests('Muitos pedidos de redefinição. Aguarde alguns minutos e tente novamente.');
  }
  const user = await users.findCredentialsByEmail(ctx.db, email);
  if (user) {
    const token = randomBytes(32).toString('base64url');
    const expiresAt = new Date(Date.now() + RESET_TOKEN_MINUTES * 60_000);
    await ctx.db.transaction(async (tx) => {
      const tokenId = await repo.insertResetToken(tx, user.id, sha256(token), expiresAt);
      await messages.enqueue(tx, {
        kind: 'password-reset',
        to: await users.messageRecipient(tx, user.id),
        eventKey: `password-reset:${tokenId}`,
        payload: { sealedToken: seal(ctx.config.JWT_SECRET, token), expiresAt: expiresAt.toISOString() },
      });
    });
  }
  const elapsed = Date.now() - started;
  if (elapsed < FORGOT_MIN_MS) await sleep(FORGOT_MIN_MS - elapsed);
}

/** How long an invitation's set-password link works. */
export const INVITE_TOKEN_HOURS = 72;

/**
 * An invited staff member's set-password link: a reset token (single use, 72 h) e-mailed in the
 * caller's transaction. `POST /auth/password/reset {token, password}` sets the password, as for a
 * forgotten one; the link points at the same page.
 */
export async function issueInvitation(
  tx: Tx,
  secret: string,
  userId: number,
  invite: { roleLabel: string; storeNames: string[] },
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITE_TOKEN_HOURS * 3_600_000);
  const tokenId = await repo.insertResetToken(tx, userId, sha256(token), expiresAt);
  await messages.enqueue(tx, {
    kind: 'staff-invite',
    to: await users.messageRecipient(tx, userId),
    eventKey: `staff-invite:${tokenId}`,
    payload: { sealedToken: seal(secret, token), expiresAt: expiresAt.toISOString(), ...invite },
  });
  return { expiresAt };
}

/**
 * Sets the new password and ends every session. The link proved the e-mail, not the second factor:
 * an account with two-factor (or one STAFF_2FA_REQUIRED holds to it) gets the login's challenge
 * instead of a session; the password is changed either way, as the link was used.
 */
export async function resetPassword(ctx: ResetContext, token: string, password: string, ip: string) {
  // Counted before the token is tried and given back on success, so parallel guesses cannot share one count.
  const ipKey = `reset:ip:${ip}`;
  const attempt = await ctx.limiter.attempt([{ key: ipKey, max: ctx.config.LOGIN_MAX_ATTEMPTS * 4 }]);
  if (!attempt.allowed) throw tooManyAttempts();
  const passwordHash = await hashPassword(password);
  const changed = await ctx.db.transaction(async (tx) => {
    const used = await repo.consumeResetToken(tx, sha256(token));
    if (!used) return undefined;
    const user = await users.setPassword(tx, used.userId, passwordHash, true);
    if (!user) return undefined;
    await repo.revokeOpenResetTokens(tx, used.userId);
    await messages.enqueue(tx, {
      kind: 'password-changed',
      to: await users.messageRecipient(tx, user.id),
      eventKey: `password-changed:${user.id}:${user.tokenVersion}`,
      payload: { changedAt: new Date().toISOString() },
    });
    return user;
  });
  if (!changed) throw badRequest(INVALID_TOKEN, 'INVALID_RESET_TOKEN');
  await ctx.limiter.refund([ipKey]);
  const { tokenVersion, ...user } = changed;
  return sessionOrChallenge(ctx.twoFactor, ctx.signToken, user, tokenVersion);
}

/**
 * Own account only; a wrong current password is a 400 and counts towards a limit. The new token
 * needs no second step: the caller's session already passed it (every route that makes one asks
 * for it), and the new token replaces that session with no more rights than it had.
 */
export async function changePassword(
  ctx: RecoveryContext,
  caller: AuthUser,
  id: number,
  currentPassword: string,
  newPassword: string,
) {
  if (caller.id !== id) {
    throw caller.role === ROLES.admin
      ? forbidden('Cada pessoa altera a própria senha.')
      : notFound('Usuário não encontrado.');
  }
  const key = `password-change:${id}`;
  if (!(await ctx.limiter.attempt([{ key, max: ctx.config.LOGIN_MAX_ATTEMPTS }])).allowed) throw tooManyAttempts();
  const stored = await users.findPasswordHash(ctx.db, id);
  if (!stored) throw notFound('Usuário não encontrado.');
  if (!(await verifyPassword(currentPassword, stored))) {
    throw new AppError(400, 'WRONG_PASSWORD', 'Senha atual incorreta.', [
      { field: 'currentPassword', message: 'Senha atual incorreta.' },
    ]);
  }
  const passwordHash = await hashPassword(newPassword);
  const changed = await ctx.db.transaction(async (tx) => {
    const user = await users.setPassword(tx, id, passwordHash, false);
    if (!user) return undefined;
    await repo.revokeOpenResetTokens(tx, id);
    await messages.enqueue(tx, {
      kind: 'password-changed',
      to: await users.messageRecipient(tx, id),
      eventKey: `password-changed:${id}:${user.tokenVersion}`,
      payload: { changedAt: new Date().toISOString() },
    });
    return user;
  });
  if (!changed) throw notFound('Usuário não encontrado.');
  await ctx.limiter.reset(key);
  const { tokenVersion, ...user } = changed;
  return { user, token: await ctx.signToken({ id: user.id, role: user.role, tokenVersion }) };
}

/** LGPD erasure, in the account deletion's transaction. */
export const forget = async (tx: Tx, userId: number) => {
  await repo.deleteTokensOf(tx, userId);
};

/** LGPD export. */
export const exportOf = (db: Db, userId: number) => repo.exportOf(db, userId);
