import { randomBytes } from 'node:crypto';
import { type Preferences, ROLES, type registerBody, type UserListQuery, type updateUserBody } from '@petshop/domain';
import type { z } from 'zod';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { conflict, forbidden, notFound, tooManyRequests } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { hashPassword } from '../../lib/password';
import { type ConstraintErrors, withConstraintErrors } from '../../lib/pg-error';
import type { RateLimiter } from '../../lib/rate-limiter';
import { type Actor, recordChange } from '../audit/audit.service';
import * as messages from '../messages/messages.service';
import { verifyGoogleTicket } from './google-ticket';
import * as repo from './users.repository';

const NOT_FOUND = 'Usuário não encontrado.';
const EMAIL_TAKEN = 'Este e-mail já está cadastrado.';
const CPF_TAKEN = 'Este CPF já está cadastrado.';

const emailTaken = () => conflict(EMAIL_TAKEN, 'EMAIL_TAKEN');
const cpfTaken = () => conflict(CPF_TAKEN, 'CPF_TAKEN');

/** A parallel request that took the e-mail or CPF after our check gets the same 409 the check gives. */
const uniqueIndexes: ConstraintErrors = {
  users_email_lower_active_uq: emailTaken,
  users_cpf_active_uq: cpfTaken,
  users_cpf_customer_ck: () =>
    conflict('Esta conta não tem CPF: a pessoa precisa informá-lo antes de virar cliente.', 'CPF_REQUIRED'),
};

type RegisterInput = z.output<typeof registerBody>;
type UpdateInput = z.output<typeof updateUserBody>;

export interface SignupContext {
  db: Db;
  config: Config;
  limiter: RateLimiter;
}

/**
 * A duplicate e-mail or CPF answers 409 (API contract), which tells an anonymous caller that the
 * account exists; so every sign-up counts per IP until it succeeds, and past the budget the answer is
 * 429 before anything is looked up.
 */
export async function register(ctx: SignupContext, input: RegisterInput, ip: string) {
  const key = `signup:ip:${ip}`;
  const attempt = await ctx.limiter.attempt([{ key, max: ctx.config.SIGNUP_IP_MAX_ATTEMPTS }]);
  if (!attempt.allowed) {
    throw tooManyRequests('Muitas tentativas de cadastro. Aguarde alguns minutos e tente novamente.');
  }
  const user = await createAccount(ctx.db, ctx.config, input);
  await ctx.limiter.refund([key]);
  return user;
}

async function createAccount(db: Db, config: Config, input: RegisterInput) {
  let emailVerified = false;
  let photoUrl: string | null = null;
  if (input.googleTicket) {
    const ticket = await verifyGoogleTicket(config.JWT_SECRET, input.googleTicket);
    if (ticket.email !== input.email.toLowerCase()) {
      throw conflict('O e-mail não corresponde à conta Google usada.', 'GOOGLE_EMAIL_MISMATCH');
    }
    emailVerified = true;
    photoUrl = ticket.photoURL;
  }
  if (await repo.emailTaken(db, input.email)) throw emailTaken();
  if (await repo.cpfTaken(db, input.cpf)) throw cpfTaken();
  const values = {
    email: input.email,
    name: input.name,
    cpf: input.cpf,
    phone: input.phone,
    passwordHash: await hashPassword(input.password),
    emailVerified,
    photoUrl,
  };
  return db.transaction(async (tx) => {
    const user = await withConstraintErrors(uniqueIndexes, () => repo.insertUser(tx, values));
    if (!user) throw new Error('insert returned nothing');
    await accountCreated(tx, user.id);
    return user;
  });
}

/** The welcome message, written in the transaction that creates the account. */
export async function accountCreated(tx: Db | Tx, userId: number) {
  await messages.enqueue(tx, {
    kind: 'account-created',
    to: await repo.findRecipient(tx, userId),
    eventKey: `user:${userId}:created`,
    payload: {},
  });
}

/** Staff who serve customers (a manager or a receptionist) see customers' accounts, not other staff's. */
const servesCustomers = (auth: AuthUser) => auth.role === ROLES.manager || auth.role === ROLES.reception;

/**
 * Customers see only themselves; a manager or receptionist also customers' accounts; the owner any.
 * Any other id is a 404 so its existence is not revealed.
 */
export async function getVisible(db: Db, auth: AuthUser, id: number) {
  if (auth.role !== ROLES.admin && auth.id !== id && !servesCustomers(auth)) throw notFound(NOT_FOUND);
  const user = await repo.findById(db, id);
  if (!user) throw notFound(NOT_FOUND);
  if (auth.role !== ROLES.admin && auth.id !== id && user.role !== ROLES.customer) throw notFound(NOT_FOUND);
  return user;
}

/** `actor`: a staff member's edit, written to the audit log with the change. */
export async function update(db: Db, auth: AuthUser, id: number, input: UpdateInput, actor?: Actor) {
  const current = await getVisible(db, auth, id);
  if (await repo.emailTaken(db, input.email, id)) throw emailTaken();
  if (input.cpf && (await repo.cpfTaken(db, input.cpf, id))) throw cpfTaken();
  const changes: Partial<repo.NewUser> = { name: input.name, email: input.email, phone: input.phone };
  if (input.cpf) changes.cpf = input.cpf;
  if (input.email.toLowerCase() !== current.email.toLowerCase()) changes.emailVerified = false;
  // Only an admin may change a role, and never their own (so the last admin cannot lock everyone out).
  if (auth.role === ROLES.admin && input.role && auth.id !== id) changes.role = input.role;
  const demotes = current.role === ROLES.admin && changes.role !== undefined && changes.role !== ROLES.admin;
  const user = await db.transaction(async (tx) => {
    if (demotes) await keepOneAdmin(tx, id);
    const updated = await withConstraintErrors(uniqueIndexes, () => repo.updateUser(tx, id, changes));
    if (updated && changes.role !== undefined && changes.role !== current.role) await repo.endSessions(tx, id);
    if (updated && actor) {
      await recordChange(tx, actor, {
        action: 'update',
        entity: 'user',
        entityId: id,
        before: current,
        after: updated,
      });
    }
    return updated;
  });
  if (!user) throw notFound(NOT_FOUND);
  return user;
}

/** Decided on locked rows, so two admins removing each other at once cannot leave none. */
async function keepOneAdmin(tx: Tx, leavingId: number) {
  const admins = await repo.lockActiveAdmins(tx);
  if (admins.includes(leavingId) && admins.length <= 1) {
    throw conflict('A loja precisa de ao menos um administrador.', 'LAST_ADMIN');
  }
}

/**
 * Who may delete this account: the owner (LGPD: leaving the shop) or an admin; another customer's id
 * is a 404. An admin leaves through another admin, so nobody removes their own access to the back
 * office by mistake.
 */
export async function checkRemovable(db: Db, caller: AuthUser, id: number) {
  if (caller.role === ROLES.admin && caller.id === id) {
    throw forbidden('Um administrador não pode excluir a própria conta. Peça a outro administrador.');
  }
  // Only the owner deletes someone else's account; staff who serve customers may not.
  if (caller.role !== ROLES.admin && caller.id !== id) throw notFound(NOT_FOUND);
  await getVisible(db, caller, id);
}

/**
 * The account row's part of a deletion, in its transaction: never the last admin; false when the
 * account was already gone (a parallel deletion).
 */
export async function softDelete(tx: Tx, id: number) {
  await keepOneAdmin(tx, id);
  return Boolean(await repo.softDeleteUser(tx, id));
}

/** True once the account is deleted: what is kept for an open order is erased when it closes. */
export const isGone = (db: Db | Tx, id: number) => repo.isGone(db, id);

export const findPreferences = (db: Db, id: number) => repo.findPreferences(db, id);

export const updatePreferences = (db: Db, id: number, values: Preferences) => repo.updatePreferences(db, id, values);

/** LGPD export: the profile, without secrets. */
export const exportProfile = (db: Db, id: number) => repo.exportProfile(db, id);

/** Every account for the owner; customers only for a manager or receptionist. */
export async function list(db: Db, auth: AuthUser, query: UserListQuery) {
  const role = auth.role === ROLES.admin ? undefined : ROLES.customer;
  const [items, total] = await Promise.all([repo.listUsers(db, query, role), repo.countUsers(db, query.q, role)]);
  return { items, total };
}

/** For the auth plugin: the live account behind a token, with the role and token version to check. */
/** A live account's public profile (what a login answers as `user`). */
export const findProfile = (db: Db | Tx, id: number) => repo.findById(db, id);

/** Every token of the account stops working (a second factor reset: sign in again). */
export const endSessions = (tx: Db | Tx, id: number) => repo.endSessions(tx, id);

export const findSessionUser = (db: Db, id: number) => repo.findSessionUser(db, id);

/** Who a message goes to: undefined for an account that was deleted. */
export const messageRecipient = (db: Db | Tx, id: number): Promise<messages.Recipient | undefined> =>
  repo.findRecipient(db, id);

/** At sending time: the account is still there and still opted in to WhatsApp. */
export const takesWhatsapp = async (db: Db, id: number) => (await repo.findRecipient(db, id))?.whatsappOptIn === true;

/** For sign-in: the live account with this e-mail (any case), with what a login must check. */
export const findCredentialsByEmail = (db: Db, email: string) => repo.findCredentialsByEmail(db, email);

/** Marks the e-mail verified, replaces the password and ends every session; returns the new token version. */
export const claimUnverifiedAccount = (db: Db, id: number, passwordHash: string) =>
  repo.claimUnverifiedAccount(db, id, passwordHash);

export async function setPhoto(db: Db, id: number, photoUrl: string) {
  await repo.updateUser(db, id, { photoUrl });
}

export const findPasswordHash = (db: Db, id: number) => repo.findPasswordHash(db, id);

/** Sets a new password in the caller's transaction; every session of the account ends. */
export const setPassword = (tx: Db | Tx, id: number, passwordHash: string, emailProven: boolean) =>
  repo.setPassword(tx, id, passwordHash, emailProven);

/** E-mail, name and CPF of a payer, for the card PSP. */
export const findPayer = (db: Db | Tx, id: number) => repo.findPayer(db, id);

/** The live admins' ids. */
export const listAdminIds = (db: Db | Tx) => repo.listAdminIds(db);

/** The live account with this e-mail, for an invitation: who it is and its role. */
export async function findByEmail(db: Db | Tx, email: string) {
  return repo.findByEmail(db, email);
}

/**
 * A staff account made by an invitation: the employee's name and phone, no CPF yet, and a password
 * nobody knows until the set-password link is used.
 */
export async function createStaffAccount(
  tx: Tx,
  input: { name: string; email: string; phone: string; role: string },
): Promise<number> {
  const values = {
    name: input.name,
    email: input.email,
    cpf: null,
    phone: input.phone,
    role: input.role,
    passwordHash: await hashPassword(randomBytes(32).toString('base64url')),
  };
  const user = await withConstraintErrors(uniqueIndexes, () => repo.insertUser(tx, values));
  if (!user) throw new Error('insert returned nothing');
  return user.id;
}

/**
 * The store role a person takes by accepting an invitation sent to their account (the inviter's
 * rights were checked when it was sent). An admin's account is never changed this way.
 */
export async function takeInvitedRole(tx: Tx, id: number, role: string) {
  const current = await repo.findById(tx, id);
  if (!current) return undefined;
  if (current.role === ROLES.admin) {
    throw conflict('Esta conta é de um administrador: o perfil dela muda em Usuários.', 'ACCOUNT_IS_ADMIN');
  }
  return current.role === role ? current : repo.updateUser(tx, id, { role });
}

/**
 * Sets an account's role (its stores are the staff module's). Nobody changes their own; an admin
 * leaving the role keeps at least one admin, decided on locked rows. Sessions read the role on every
 * request, so the new one applies at once.
 */
export async function setRole(tx: Tx, caller: AuthUser, id: number, role: string) {
  if (caller.id === id) throw forbidden('Ninguém altera o próprio perfil. Peça a outro administrador.');
  const current = await repo.findById(tx, id);
  if (!current) throw notFound(NOT_FOUND);
  if (current.role === ROLES.admin && role !== ROLES.admin) await keepOneAdmin(tx, id);
  const user = await withConstraintErrors(uniqueIndexes, () => repo.updateUser(tx, id, { role }));
  if (!user) throw notFound(NOT_FOUND);
  // A session opened for the old role (maybe without the second factor the new one needs) ends:
  // the new role starts with a sign-in and its second step.
  if (role !== current.role) await repo.endSessions(tx, id);
  return user;
}
