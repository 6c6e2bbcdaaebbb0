import { ROLES, STORE_ROLES } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';
import { findSessionUser } from '../users/users.service';
import * as repo from './staff.repository';

const isStoreRole = (role: string) => (STORE_ROLES as readonly string[]).includes(role);

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
