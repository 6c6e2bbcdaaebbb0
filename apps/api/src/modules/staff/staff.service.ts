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
import { issueInvitation } from '../auth/password-recovery.service';
import * as employeeAccounts from '../employees/employee-accounts.service';
import * as stores from '../stores/stores.service';
import { createStaffAccount, findByEmail, findSessionUser, getVisible, setRole } from '../users/users.service';
import * as repo from './staff.repository';

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
 * `POST /employers/{id}/invite`: makes (or finds) the account with this e-mail, gives it the role in
 * the employee's store, links it to the employee, and e-mails a set-password link (72 h, single use).
 * A customer's account becomes staff; an admin's is never demoted by an invitation (409), nor is
 * another store's staff member taken over by a manager (404, as the account is out of their stores).
 */
export async function invite(
  db: Db,
  config: Pick<Config, 'JWT_SECRET'>,
  caller: AuthUser,
  employeeId: number,
  input: StaffInviteBody & { role: Role },
): Promise<StaffInvitation> {
  if (!mayGrant(caller, input.role)) throw forbidden('Seu perfil não pode convidar para este perfil.');
  return db.transaction(async (tx) => {
    const employee = await employeeAccounts.lockForInvite(tx, employeeId);
    if (!employee) throw notFound(EMPLOYEE_NOT_FOUND);
    assertStoreAccess(caller, employee.storeId, EMPLOYEE_NOT_FOUND);
    const existing = await findByEmail(tx, input.email);
    let userId: number;
    if (!existing) {
      userId = await createStaffAccount(tx, {
        name: employee.name,
        email: input.email,
        phone: employee.phone,
        role: input.role,
      });
    } else {
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
      userId = existing.id;
      if (existing.role !== input.role) await setRole(tx, caller, userId, input.role);
    }
    await repo.addStore(tx, userId, employee.storeId);
    if (employee.userId !== userId) await employeeAccounts.linkUser(tx, employee.id, userId);
    const storeIds = await repo.storeIdsOf(tx, userId);
    const { expiresAt } = await issueInvitation(tx, config.JWT_SECRET, userId, {
      roleLabel: ROLE_LABELS[input.role].toLowerCase(),
      storeNames: await storeNames(tx, storeIds),
    });
    return {
      employeeId: employee.id,
      userId,
      email: input.email,
      role: input.role,
      storeIds,
      expiresAt: expiresAt.toISOString(),
    };
  });
}

/**
 * `PUT /user/{id}/role` (owner): the role and, for a store role, its stores; the owner and
 * customers keep no store rows. The last admin stays (409 LAST_ADMIN); nobody changes their own.
 */
export async function changeRole(db: Db, caller: AuthUser, id: number, input: UserRoleBody): Promise<StaffUser> {
  await getVisible(db, caller, id);
  const storeIds = isStoreRole(input.role) ? [...new Set(input.storeIds ?? [])].sort((a, b) => a - b) : [];
  for (const storeId of storeIds) {
    if (!(await stores.exists(db, storeId))) throw fieldError('storeIds', 'Loja não encontrada.');
  }
  return db.transaction(async (tx) => {
    const user = await setRole(tx, caller, id, input.role);
    await repo.replaceStores(tx, id, storeIds);
    return { ...user, storeIds: input.role === ROLES.admin ? 'all' : storeIds };
  });
}

/** A user with their stores, for the back office. */
export async function withStores(db: Db, user: { id: number; role: string }) {
  return storeIdsFor(db, user.id, user.role);
}
