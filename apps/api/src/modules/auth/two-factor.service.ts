import { randomBytes, randomInt } from 'node:crypto';
import { type LoginChallenge, ROLES, type TwoFactorSetup, type TwoFactorStatus } from '@petshop/domain';
import type { FastifyInstance } from 'fastify';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import QRCode from 'qrcode';
import { type Config, derivedSecret } from '../../config';
import type { Db } from '../../db/client';
import { conflict, fieldError, forbidden, notFound, unauthorized } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { seal, sha256, unseal } from '../../lib/sealed';
import { type Actor, recordChange } from '../audit/audit.service';
import * as users from '../users/users.service';
import { accountTag, knownDevice, newDeviceToken } from './device-token';
import { type LoginThrottle, tooManyLogins } from './login-throttle';
import * as repo from './two-factor.repository';

/** How long the code step of a sign-in may wait, and how many wrong codes it takes. */
const CHALLENGE_MINUTES = 5;
const CHALLENGE_MAX_ATTEMPTS = 5;
const RECOVERY_CODES = 10;
const ISSUER = 'PetCare';
/** One step (30 s) either side: a phone's clock a little off, or a code typed as it turned. */
const TOLERANCE_SECONDS = 30;
/** Base32 letters without 0/O and 1/I/L: read from paper without doubt. */
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

const WRONG_CODE = 'Código inválido. Confira o código do aplicativo e tente de novo.';
const CHALLENGE_GONE = 'O tempo para informar o código acabou. Entre de novo com e-mail e senha.';

/** The roles STAFF_2FA_REQUIRED holds to a second factor. */
const MUST_ENROL: readonly string[] = [ROLES.admin, ROLES.manager];
const isStaff = (role: string) => role !== ROLES.customer;

export interface TwoFactorContext {
  db: Db;
  config: Pick<Config, 'JWT_SECRET' | 'STAFF_2FA_REQUIRED'>;
}

/** The key TOTP secrets are sealed with: derived from the server secret, for this use only. */
const sealKey = (config: TwoFactorContext['config']) => derivedSecret(config.JWT_SECRET, 'totp-secret');
/** Unix seconds, read from the clock each time (tests move it). */
const epochNow = () => Math.floor(Date.now() / 1000);

const required = (ctx: TwoFactorContext, role: string) => ctx.config.STAFF_2FA_REQUIRED && MUST_ENROL.includes(role);

async function newSetup(ctx: TwoFactorContext, userId: number, email: string): Promise<TwoFactorSetup> {
  const secret = generateSecret();
  await repo.savePendingTotp(ctx.db, userId, seal(sealKey(ctx.config), secret));
  const otpauthUrl = generateURI({ issuer: ISSUER, label: email, secret });
  return { otpauthUrl, qrCode: await QRCode.toDataURL(otpauthUrl, { margin: 1, width: 240 }) };
}

/** POST /auth/2fa/setup: a new secret for the caller's app (replacing one never confirmed). */
export async function setup(ctx: TwoFactorContext, auth: AuthUser): Promise<TwoFactorSetup> {
  if (!isStaff(auth.role)) throw forbidden('A verificação em duas etapas é para a equipe da loja.');
  const current = await repo.findTotp(ctx.db, auth.id);
  if (current?.enabledAt) throw conflict('A verificação em duas etapas já está ativa.', 'TWO_FACTOR_ENABLED');
  const profile = await users.findProfile(ctx.db, auth.id);
  if (!profile) throw notFound('Usuário não encontrado.');
  return newSetup(ctx, auth.id, profile.email);
}

export async function status(ctx: TwoFactorContext, auth: AuthUser): Promise<TwoFactorStatus> {
  const current = await repo.findTotp(ctx.db, auth.id);
  const enabled = Boolean(current?.enabledAt);
  return {
    enabled,
    recoveryCodesLeft: enabled ? await repo.recoveryCodesLeft(ctx.db, auth.id) : 0,
    required: required(ctx, auth.role),
  };
}

/** The time step a code from the app matches (past the last one accepted), or undefined. */
async function matchingStep(ctx: TwoFactorContext, sealed: string, code: string, lastStep: number | null) {
  const secret = unseal(sealKey(ctx.config), sealed);
  if (!secret || !/^\d{6}$/.test(code)) return undefined;
  const result = await verifyTotp({
    secret,
    token: code,
    epoch: epochNow(),
    epochTolerance: TOLERANCE_SECONDS,
    ...(lastStep === null ? {} : { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : undefined;
}

function newRecoveryCodes() {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  return { codes, hashes: codes.map(recoveryHash) };
}

/** Case, spaces and dashes do not matter when a recovery code is typed. */
const recoveryHash = (code: string) => sha256(`recovery:${code.toUpperCase().replace(/[^A-Z0-9]/g, '')}`);

/**
 * POST /auth/2fa/enable: the first code from the app confirms the secret; ten recovery codes are
 * made (only their hashes kept) and answered this once.
 */
export async function enable(ctx: TwoFactorContext, auth: AuthUser, code: string, actor: Actor) {
  const current = await repo.findTotp(ctx.db, auth.id);
  if (current?.enabledAt) throw conflict('A verificação em duas etapas já está ativa.', 'TWO_FACTOR_ENABLED');
  if (!current) throw conflict('Gere o QR code primeiro.', 'TWO_FACTOR_NOT_SET_UP');
  // A 400 on the field, not a 401: the session is fine, the code is not.
  const step = await matchingStep(ctx, current.secretSealed, code, current.lastStep);
  if (step === undefined) throw fieldError('code', WRONG_CODE);
  return ctx.db.transaction(async (tx) => {
    if (!(await repo.acceptStep(tx, auth.id, step, true))) throw fieldError('code', WRONG_CODE);
    const { codes, hashes } = newRecoveryCodes();
    await repo.replaceRecoveryCodes(tx, auth.id, hashes);
    await recordChange(tx, actor, {
      action: 'two_factor',
      entity: 'user',
      entityId: auth.id,
      before: { twoFactor: false },
      after: { twoFactor: true },
    });
    return { recoveryCodes: codes };
  });
}

const NOT_ENABLED = 'A verificação em duas etapas não está ativa.';

/**
 * POST /auth/2fa/disable: the caller turns their own second factor off with a code from the app or
 * a recovery code (a session alone is not enough: it may be a stolen one). Where STAFF_2FA_REQUIRED
 * holds the role to it, the next sign-in asks to enrol again.
 */
export async function disable(ctx: TwoFactorContext, auth: AuthUser, rawCode: string, actor: Actor) {
  const code = rawCode.replace(/\s+/g, '');
  await ctx.db.transaction(async (tx) => {
    const current = await repo.findTotp(tx, auth.id);
    if (!current?.enabledAt) throw conflict(NOT_ENABLED, 'TWO_FACTOR_NOT_ENABLED');
    const step = await matchingStep(ctx, current.secretSealed, code, current.lastStep);
    const proven =
      (step !== undefined && (await repo.acceptStep(tx, auth.id, step, false))) ||
      (await repo.useRecoveryCode(tx, auth.id, recoveryHash(code)));
    if (!proven) throw fieldError('code', WRONG_CODE);
    await repo.removeTwoFactor(tx, auth.id);
    await recordChange(tx, actor, {
      action: 'two_factor',
      entity: 'user',
      entityId: auth.id,
      before: { twoFactor: true },
      after: { twoFactor: false },
    });
  });
  return { required: required(ctx, auth.role) };
}

/**
 * DELETE /user/{id}/2fa (admin): another staff member's second factor is reset (a lost phone) and
 * their sessions end; they sign in with the password again and, where STAFF_2FA_REQUIRED holds
 * their role to it, enrol a new phone at that sign-in. One's own goes through `disable`, with a code.
 */
export async function reset(ctx: TwoFactorContext, auth: AuthUser, userId: number, actor: Actor) {
  if (auth.id === userId) {
    throw conflict('Para a sua própria conta, desative com um código em Minha conta.', 'OWN_TWO_FACTOR');
  }
  await ctx.db.transaction(async (tx) => {
    const profile = await users.findProfile(tx, userId);
    if (!profile) throw notFound('Usuário não encontrado.');
    const removed = await repo.removeTwoFactor(tx, userId);
    if (!removed?.enabledAt)
      throw conflict('A verificação em duas etapas não está ativa para este usuário.', 'TWO_FACTOR_NOT_ENABLED');
    await users.endSessions(tx, userId);
    await recordChange(tx, actor, {
      action: 'two_factor_reset',
      entity: 'user',
      entityId: userId,
      before: { twoFactor: true },
      after: { twoFactor: false },
    });
  });
}

/**
 * After a right password (or Google): the second step the account needs, if any. An account with
 * two-factor gets a challenge; an admin or manager without it, while STAFF_2FA_REQUIRED, gets a
 * challenge to enrol with (a QR to scan, then a code).
 */
export async function secondStep(
  ctx: TwoFactorContext,
  user: { id: number; role: string; email: string },
): Promise<LoginChallenge | undefined> {
  const current = await repo.findTotp(ctx.db, user.id);
  const enrolling = !current?.enabledAt;
  if (enrolling && !required(ctx, user.role)) return undefined;
  const enrol = enrolling ? await newSetup(ctx, user.id, user.email) : undefined;
  const challenge = randomBytes(32).toString('base64url');
  const now = new Date();
  await repo.dropStaleChallenges(ctx.db, user.id, now);
  await repo.insertChallenge(ctx.db, {
    userId: user.id,
    tokenHash: sha256(challenge),
    purpose: enrolling ? 'enrol' : 'verify',
    expiresAt: new Date(now.getTime() + CHALLENGE_MINUTES * 60_000),
  });
  return enrol ? { challenge, enrol } : { challenge };
}

/**
 * What a person gets after proving the account is theirs by other means than a password (a reset
 * or invitation link, Google): a session only when the account needs no second step; otherwise the
 * same challenge (or enrolment) as the password login, answered at POST /auth/2fa/verify.
 */
export async function sessionOrChallenge<U extends { id: number; role: string; email: string }>(
  ctx: TwoFactorContext,
  signToken: FastifyInstance['signToken'],
  user: U,
  tokenVersion: number,
): Promise<{ challenge: LoginChallenge } | { session: { user: U; token: string } }> {
  const challenge = await secondStep(ctx, user);
  if (challenge) return { challenge };
  return { session: { user, token: await signToken({ id: user.id, role: user.role, tokenVersion }) } };
}

export interface VerifyContext extends TwoFactorContext {
  throttle: LoginThrottle;
  signToken: FastifyInstance['signToken'];
}

/**
 * POST /auth/2fa/verify: the challenge and a code from the app or a recovery code give the session
 * the login would have. Wrong codes count against the login budgets (429 past them) and the
 * challenge's own few attempts; a challenge answers once.
 */
export async function verify(
  ctx: VerifyContext,
  body: { challenge: string; code: string },
  ip: string,
  deviceToken?: string,
) {
  const tokenHash = sha256(body.challenge);
  const now = new Date();
  const peek = await repo.findLiveChallenge(ctx.db, tokenHash, now, CHALLENGE_MAX_ATTEMPTS);
  const profile = peek ? await users.findProfile(ctx.db, peek.userId) : undefined;
  const account = profile ? accountTag(profile.email) : undefined;
  // The address's login budget, and the account's own budget of codes: a right password (which
  // resets the login budgets) does not refill it, so new challenges bring no new guesses.
  const codeKey = account ? `login:2fa:${account}` : undefined;
  const budgets = [{ key: `login:ip:${ip}`, max: ctx.throttle.config.LOGIN_IP_MAX_ATTEMPTS }];
  if (codeKey) budgets.push({ key: codeKey, max: ctx.throttle.config.LOGIN_MAX_ATTEMPTS });
  const taken = await ctx.throttle.limiter.attempt(budgets);
  if (taken.filled.length > 0) ctx.throttle.log.warn({ ip, account }, 'two-factor code limit reached');
  if (!taken.allowed) throw tooManyLogins();
  if (!peek || !profile || !account) throw unauthorized(CHALLENGE_GONE);
  const deviceId = knownDevice(ctx.config.JWT_SECRET, deviceToken, account);

  const code = body.code.replace(/\s+/g, '');
  const outcome = await ctx.db.transaction(async (tx) => {
    const challenge = await repo.lockLiveChallenge(tx, tokenHash, new Date(), CHALLENGE_MAX_ATTEMPTS);
    if (!challenge) return { gone: true } as const;
    const totp = await repo.findTotp(tx, challenge.userId);
    const enrolling = challenge.purpose === 'enrol';
    let accepted = false;
    if (totp) {
      const step = await matchingStep(ctx, totp.secretSealed, code, totp.lastStep);
      accepted = step !== undefined && (await repo.acceptStep(tx, challenge.userId, step, enrolling));
    }
    if (!accepted && !enrolling && totp?.enabledAt)
      accepted = await repo.useRecoveryCode(tx, challenge.userId, recoveryHash(code));
    if (!accepted) {
      await repo.countFailure(tx, challenge.id);
      return { wrong: true } as const;
    }
    await repo.useChallenge(tx, challenge.id);
    if (!enrolling) return { accepted: true } as const;
    const { codes, hashes } = newRecoveryCodes();
    await repo.replaceRecoveryCodes(tx, challenge.userId, hashes);
    await recordChange(
      tx,
      { userId: profile.id, role: profile.role, storeId: null, ip },
      {
        action: 'two_factor',
        entity: 'user',
        entityId: profile.id,
        before: { twoFactor: false },
        after: { twoFactor: true },
      },
    );
    return { accepted: true, recoveryCodes: codes } as const;
  });
  if ('gone' in outcome) throw unauthorized(CHALLENGE_GONE);
  if ('wrong' in outcome) throw unauthorized(WRONG_CODE);
  await Promise.all([
    ctx.throttle.limiter.refund([`login:ip:${ip}`]),
    codeKey ? ctx.throttle.limiter.reset(codeKey) : undefined,
  ]);

  const session = await users.findSessionUser(ctx.db, profile.id);
  if (!session) throw unauthorized(CHALLENGE_GONE);
  const token = await ctx.signToken({ id: session.id, role: session.role, tokenVersion: session.tokenVersion });
  return {
    session: { user: profile, token, ...(outcome.recoveryCodes ? { recoveryCodes: outcome.recoveryCodes } : {}) },
    deviceToken: deviceId && deviceToken ? deviceToken : newDeviceToken(ctx.config.JWT_SECRET, account),
  };
}
