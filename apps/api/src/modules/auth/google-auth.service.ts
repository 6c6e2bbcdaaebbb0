import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/password';
import { signGoogleTicket } from '../users/google-ticket';
import * as users from '../users/users.service';
import { type GoogleVerifier, INVALID_GOOGLE_TOKEN } from './google-verifier';
import { type LoginThrottle, loginAttempt } from './login-throttle';
import { secondStep, type TwoFactorContext } from './two-factor.service';

export interface GoogleLoginContext {
  db: Db;
  throttle: LoginThrottle;
  signToken: FastifyInstance['signToken'];
  twoFactor: TwoFactorContext;
  ticketSecret: string;
  /** Undefined when the server has no Google client id. */
  verify: GoogleVerifier | undefined;
}

/**
 * A verified Google e-mail with a live account logs in; an unknown one gets what /register needs,
 * including a ticket that lets POST /user mark that e-mail as verified.
 */
export async function loginWithGoogle(ctx: GoogleLoginContext, credential: string, ip: string) {
  if (!ctx.verify) {
    throw new AppError(503, 'GOOGLE_NOT_CONFIGURED', 'Login com o Google não está configurado neste servidor.');
  }
  // The same per-IP failure budget as the password login, so switching method gains nothing.
  const attempt = loginAttempt(ctx.throttle, undefined, ip);
  await attempt.take();
  const identity = await ctx.verify(credential).catch(async (error: unknown) => {
    // Only a bad token is a failed guess; Google being unreachable is not the caller's.
    if (!(error instanceof AppError && error.code === INVALID_GOOGLE_TOKEN)) await attempt.void();
    throw error;
  });
  await attempt.succeeded();

  const found = await users.findCredentialsByEmail(ctx.db, identity.email);
  if (!found) {
    return { registration: { ...identity, googleTicket: await signGoogleTicket(ctx.ticketSecret, identity) } };
  }
  const { passwordHash: _hash, emailVerified, tokenVersion: currentVersion, ...user } = found;
  let tokenVersion = currentVersion;
  if (!emailVerified) {
    // Google proves this e-mail is the caller's. Whoever registered it before without proving it may
    // know the password: that password and every session made with it stop working.
    tokenVersion = await users.claimUnverifiedAccount(
      ctx.db,
      user.id,
      await hashPassword(randomBytes(32).toString('hex')),
    );
  }
  if (identity.photoURL && identity.photoURL !== user.photoURL) {
    await users.setPhoto(ctx.db, user.id, identity.photoURL);
  }
  const challenge = await secondStep(ctx.twoFactor, user);
  if (challenge) return { challenge };
  const token = await ctx.signToken({ id: user.id, role: user.role, tokenVersion });
  return { user: { ...user, photoURL: identity.photoURL ?? user.photoURL }, token };
}
