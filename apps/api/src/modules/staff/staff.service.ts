import {
  ROLE_LABELS,
  ROLES,
  type Role,
  STORE_ROLES,
  type StaffInvitation,
  type StaffInviteBody,
  type StaffUser,
  type UserRoleBody,
} from '@petshop/domain';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { conflict, fieldError, forbidden, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { assertStoreAccess, isAdmin } from '../../lib/store-scope';
import { type Actor, recordChange } from '../audit/audit.service';
import { issueInvitation } from '../auth/password-recovery.service';
import * as employeeAccounts from '../employees/employee-accounts.service';
import * as stores from '../stores/stores.service';
import {
  createStaffAccount,
  findByEmail,
  findProfile,
  findSessionUser,
  getVisible,
  setRole,
} from '../users/users.service';
import * as repo from './staff.repository';
import { inviteExistingAccount } from './staff-invitation.service';

const isStoreRole = (role: string) => (STORE_ROLES as readonly string[]).includes(role);
const EMPLOYEE_NOT_FOUND = 'Funcionário não encontrado.';

/** The stores of an account of this role: every store for the owner, its rows for store staff, none for a customer. */
export async function storeIdsFor(db: Db | Tx, userId: number, role: string): Promise<AuthUser['storeIds']> {
  if (role === ROLES.admin) return 'all';
  if (!isStoreRole(role)) return [];
  return repo.storeIdsOf(db, userId);
}

/** What a token is checked against, with the stores the account works in (one more query, for store staff only). */
export async function sessionUser(db: Db, id: number) {
  const user = await findSessionUser(db, id);
  if (!user) return undefined;
  return { ...user, storeIds: await storeIdsFor(db, user.id, user.role) };
}

export const storeIdsOfMany = repo.storeIdsOfMany;

/** Sets the stores a user works in (none for the owner and customers). */
export const setStores = (tx: Tx, userId: number, storeIds: readonly number[]) =>
  repo.replaceStores(tx, userId, storeIds);

/** Adds one store to a user's stores (kept when already there). */
export const addStore = (tx: Tx, userId: number, storeId: number) => repo.addStore(tx, userId, storeId);

/** Who may give a role: the owner any store role; a manager the roles below theirs. */
const mayGrant = (caller: AuthUser, role: Role) =>
  isAdmin(caller) || (caller.role === ROLES.manager && (role === ROLES.reception || role === ROLES.professional));

async function storeNames(db: Db | Tx, ids: readonly number[]) {
  return Promise.all(ids.map(async (id) => (await stores.get(db, id)).name));
}

/**
 * `POST /employers/{id}/invite`. A new e-mail: makes the account in the role and the employee's
 * store, links it to the employee, and e-mails a set-password link (72 h, single use). An existing
 * account changes nothing now: the person is e-mailed a link to accept (`pending`), and the role,
 * store and link come then (staff-invitation.service.ts). An admin's account is never invited (409),
 * nor is another store's staff member taken over by a manager (400 on the e-mail, 403 for a manager).
 */
export async function invite(
  db: Db,
  config: Pick<Config, 'JWT_SECRET'>,
  caller: AuthUser,
  employeeId: number,
  input: StaffInviteBody & { role: Role },
  actor: Actor,
): Promise<StaffInvitation> {
  if (!mayGrant(caller, input.role)) throw forbidden('Seu perfil não pode convidar para este perfil.');
  return db.transaction(async (tx) => {
    const employee = await employeeAccounts.lockForInvite(tx, employeeId);
    if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
    assertStoreAccess(caller, employee.storeId, EMPLOYEE_NOT_FOUND);
    const existing = await findByEmail(tx, input.email);
    const roleLabel = ROLE_LABELS[input.role].toLowerCase();
    const audit = { action: 'invite', entity: 'user', storeId: employee.storeId } as const;
    if (existing) {
      if (existing.role === ROLES.admin) {
        throw conflict('Esta conta é de um administrador: mude o perfil dela em Usuários.', 'ACCOUNT_IS_ADMIN');
      }
      if (existing.id === caller.id) throw forbidden('Ninguém altera o próprio perfil.');
      if (isStoreRole(existing.role) && !isAdmin(caller)) {
        const theirs = await repo.storeIdsOf(tx, existing.id);
        if (!theirs.every((id) => caller.storeIds === 'all' || caller.storeIds.includes(id))) {
          throw fieldError('email', 'Esta conta pertence à equipe de outra loja.');
        }
        if (existing.role === ROLES.manager) throw forbidden('Seu perfil não pode alterar um gerente.');
      }
      const storeIds = [...new Set([...(await repo.storeIdsOf(tx, existing.id)), employee.storeId])].sort(
        (a, b) => a - b,
      );
      const { expiresAt } = await inviteExistingAccount(tx, config.JWT_SECRET, caller, {
        userId: existing.id,
        employeeId: employee.id,
        storeId: employee.storeId,
        role: input.role,
        roleLabel,
        storeNames: await storeNames(tx, [employee.storeId]),
      });
      await recordChange(tx, actor, {
        ...audit,
        entityId: existing.id,
        after: { invitation: 'pendente', role: input.role, storeId: employee.storeId, employeeId: employee.id },
      });
      const expires = expiresAt.toISOString();
      return {
        employeeId,
        userId: existing.id,
        email: input.email,
        role: input.role,
        storeIds,
        expiresAt: expires,
        pending: true,
      };
    }
    const userId = await createStaffAccount(tx, {
      name: employee.name,
      email: input.email,
      phone: employee.phone,
      role: input.role,
    });
    await repo.addStore(tx, userId, employee.storeId);
    await employeeAccounts.linkUser(tx, employee.id, userId);
    const storeIds = await repo.storeIdsOf(tx, userId);
    const { expiresAt } = await issueInvitation(tx, config.JWT_SECRET, userId, {
      roleLabel,
      storeNames: await storeNames(tx, storeIds),
    });
    await recordChange(tx, actor, {
      ...audit,
      entityId: userId,
      after: { role: input.role, storeIds, employeeId: employee.id },
    });
    return {
      employeeId: employee.id,
      userId,
      email: input.email,
      role: input.role,
      storeIds,
      expiresAt: expiresAt.toISOString(),
      pending: false,
    };
  });
}

/**
 * `PUT /user/{id}/role` (owner): the role and, for a store role, its stores; the owner and
 * customers keep no store rows. The last admin stays (409 LAST_ADMIN); nobody changes their own.
 */
export async function changeRole(
  db: Db,
  caller: AuthUser,
  id: number,
  input: UserRoleBody,
  actor: Actor,
): Promise<StaffUser> {
  await getVisible(db, caller, id);
  const storeIds = isStoreRole(input.role) ? [...new Set(input.storeIds ?? [])].sort((a, b) => a - b) : [];
  for (const storeId of storeIds) {
    if (!(await stores.exists(db, storeId))) throw fieldError('storeIds', 'Loja não encontrada.');
  }
  return db.transaction(async (tx) => {
    const before = await findProfile(tx, id);
    const storesBefore = before ? await storeIdsFor(tx, id, before.role) : [];
    const user = await setRole(tx, caller, id, input.role);
    await repo.replaceStores(tx, id, storeIds);
    const storesAfter = input.role === ROLES.admin ? 'all' : storeIds;
    await recordChange(tx, actor, {
      action: 'role',
      entity: 'user',
      entityId: id,
      before: { role: before?.role, storeIds: storesBefore },
      after: { role: user.role, storeIds: storesAfter },
      storeId: null,
    });
    return { ...user, storeIds: storesAfter };
  });
}
