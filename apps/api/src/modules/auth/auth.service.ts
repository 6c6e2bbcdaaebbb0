import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { unauthorized } from '../../lib/app-error';
import { decoyHash, verifyPassword } from '../../lib/password';
import { seal } from '../../lib/sealed';
import * as messages from '../messages/messages.service';
import * as users from '../users/users.service';
import { accountTag, knownDevice, newDeviceToken, newUnlockToken, UNLOCK_MINUTES } from './device-token';
import { type LoginThrottle, loginAttempt } from './login-throttle';
import { secondStep, type TwoFactorContext } from './two-factor.service';

const WRONG_CREDENTIALS = 'E-mail ou senha incorretos.';

export interface LoginContext {
  db: Db;
  throttle: LoginThrottle;
  signToken: FastifyInstance['signToken'];
  /** signs device tokens and unlock links */
  secret: string;
  twoFactor: TwoFactorContext;
}

/**
 * Every attempt counts until it succeeds; over a budget answers 429 before the password is checked.
 * An account with two-factor (or one that must enrol) gets a challenge instead of a session.
 * `deviceToken`: the browser's device cookie, if any. A successful login returns the device token
 * to set (a new one when the browser had none for this account).
 */
export async function loginWithPassword(
  ctx: LoginContext,
  email: string,
  password: string,
  ip: string,
  deviceToken?: string,
) {
  const account = accountTag(email);
  const deviceId = knownDevice(ctx.secret, deviceToken, account);
  const attempt = loginAttempt(ctx.throttle, email, ip, deviceId);
  const { underAttack } = await attempt.take();
  const found = await users.findCredentialsByEmail(ctx.db, email);
  if (underAttack && found) await sendUnlockLink(ctx, found.id, account);
  const ok = await verifyPassword(password, found?.passwordHash ?? (await decoyHash));
  if (!found || !ok) throw unauthorized(WRONG_CREDENTIALS);
  await attempt.succeeded();
  const { passwordHash: _hash, emailVerified: _verified, tokenVersion, ...user } = found;
  const challenge = await secondStep(ctx.twoFactor, user);
  if (challenge) return { challenge };
  const token = await ctx.signToken({ id: user.id, role: user.role, tokenVersion });
  return {
    session: { user, token },
    deviceToken: deviceId && deviceToken ? deviceToken : newDeviceToken(ctx.secret, account),
  };
}

/**
 * The owner of an account under attack gets one unlock link per window (the limiter keeps the
 * count, so many instances send one too). Written to the outbox; the token is sealed in it.
 */
async function sendUnlockLink(ctx: LoginContext, userId: number, account: string) {
  const once = await ctx.throttle.limiter.attempt([{ key: `login:unlock-sent:${account}`, max: 1 }]);
  if (!once.allowed) return;
  const expiresAt = new Date(Date.now() + UNLOCK_MINUTES * 60_000);
  const token = newUnlockToken(ctx.secret, account);
  await ctx.db.transaction(async (tx) => {
    await messages.enqueue(tx, {
      kind: 'account-unlock',
      to: await users.messageRecipient(tx, userId),
      eventKey: `account-unlock:${account}:${expiresAt.getTime()}`,
      payload: { sealedToken: seal(ctx.secret, token), expiresAt: expiresAt.toISOString() },
    });
  });
}
