import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, tooManyRequests } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import type { RateLimiter } from '../../lib/rate-limiter';
import { seal, sha256 } from '../../lib/sealed';
import { recordChange } from '../audit/audit.service';
import { INVITE_TOKEN_HOURS } from '../auth/password-recovery.service';
import { sessionOrChallenge, type TwoFactorContext } from '../auth/two-factor.service';
import * as employeeAccounts from '../employees/employee-accounts.service';
import * as messages from '../messages/messages.service';
import * as users from '../users/users.service';
import * as repo from './staff.repository';
import * as invitations from './staff-invitation.repository';

const INVALID_INVITATION = 'Convite inválido, expirado ou já aceito. Peça um novo a quem convidou você.';

/**
 * An invitation to an account that exists: stored (the token's hash only) and e-mailed as a link to
 * accept, in the inviter's transaction. Nothing about the account changes here.
 */
export async function inviteExistingAccount(
  tx: Tx,
  secret: string,
  caller: AuthUser,
  invite: {
    userId: number;
    employeeId: number;
    storeId: number;
    role: string;
    roleLabel: string;
    storeNames: string[];
  },
) {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + INVITE_TOKEN_HOURS * 3_600_000);
  const id = await invitations.insertInvitation(tx, {
    userId: invite.userId,
    employeeId: invite.employeeId,
    storeId: invite.storeId,
    role: invite.role,
    tokenHash: sha256(token),
    invitedBy: caller.id,
    expiresAt,
  });
  await messages.enqueue(tx, {
    kind: 'staff-invite',
    to: await users.messageRecipient(tx, invite.userId),
    eventKey: `staff-invite-accept:${id}`,
    payload: {
      sealedToken: seal(secret, token),
      expiresAt: expiresAt.toISOString(),
      roleLabel: invite.roleLabel,
      storeNames: invite.storeNames,
      accept: true,
    },
  });
  return { expiresAt };
}

export interface AcceptContext {
  db: Db;
  config: Pick<Config, 'JWT_SECRET' | 'LOGIN_MAX_ATTEMPTS'>;
  limiter: RateLimiter;
  signToken: FastifyInstance['signToken'];
  twoFactor: TwoFactorContext;
}

/**
 * `POST /auth/invitations/accept`: the link proves the mailbox is the account's. The role, the store
 * and the employee link are applied in one transaction with the audit entry, once (the token is
 * single use). The account's earlier sessions end: they were made for another role. The person then
 * signs in as after a reset: the login's second step first when the account has one or must enrol.
 */
export async function acceptInvitation(ctx: AcceptContext, token: string, ip: string) {
  // Counted before the token is tried and given back on success, as the reset link is.
  const ipKey = `invite-accept:ip:${ip}`;
  const attempt = await ctx.limiter.attempt([{ key: ipKey, max: ctx.config.LOGIN_MAX_ATTEMPTS * 4 }]);
  if (!attempt.allowed) throw tooManyRequests('Muitas tentativas. Aguarde alguns minutos e tente novamente.');
  const userId = await ctx.db.transaction(async (tx) => {
    const invitation = await invitations.acceptOpenInvitation(tx, sha256(token));
    if (!invitation) return undefined;
    const before = await users.findProfile(tx, invitation.userId);
    if (!before) return undefined;
    const employee = await employeeAccounts.lockForInvite(tx, invitation.employeeId);
    if (!employee) {
      throw conflict('O cadastro de funcionário deste convite não existe mais. Peça um novo convite.', 'EMPLOYEE_GONE');
    }
    const storesBefore = await repo.storeIdsOf(tx, before.id);
    const after = await users.takeInvitedRole(tx, before.id, invitation.role);
    if (!after) return undefined;
    await repo.addStore(tx, before.id, invitation.storeId);
    if (employee.userId !== before.id) await employeeAccounts.linkUser(tx, employee.id, before.id);
    await users.endSessions(tx, before.id);
    await recordChange(
      tx,
      { userId: before.id, role: after.role, storeId: invitation.storeId, ip },
      {
        action: 'invite_accept',
        entity: 'user',
        entityId: before.id,
        before: { role: before.role, storeIds: storesBefore },
        after: { role: after.role, storeIds: await repo.storeIdsOf(tx, before.id), employeeId: employee.id },
      },
    );
    return before.id;
  });
  if (!userId) throw badRequest(INVALID_INVITATION, 'INVALID_INVITATION');
  await ctx.limiter.refund([ipKey]);
  const [profile, session] = await Promise.all([
    users.findProfile(ctx.db, userId),
    users.findSessionUser(ctx.db, userId),
  ]);
  if (!profile || !session) throw badRequest(INVALID_INVITATION, 'INVALID_INVITATION');
  return sessionOrChallenge(ctx.twoFactor, ctx.signToken, profile, session.tokenVersion);
}

/** LGPD erasure, in the account deletion's transaction: its invitations go, open or not. */
export const forget = async (tx: Tx, userId: number) => {
  await invitations.deleteInvitationsTo(tx, userId);
};
