import { ROLES } from '@petshop/domain';
import { forbidden, notFound } from './app-error';
import type { AuthUser } from './auth-user';

/** Which stores' records a caller sees: every store, or only these (possibly none). */
export type StoreScope = { readonly all: true } | { readonly all: false; readonly storeIds: readonly number[] };

/** The caller's stores as a filter for lists: `all` for the owner, else the ids to keep. */
export const storeScopeOf = (user: Pick<AuthUser, 'storeIds'>): StoreScope =>
  user.storeIds === 'all' ? { all: true } : { all: false, storeIds: user.storeIds };

/** Whether the caller may see records of this store (a null store, a record of no store, only the owner). */
export const canAccessStore = (user: Pick<AuthUser, 'storeIds'>, storeId: number | null | undefined) =>
  user.storeIds === 'all' || (storeId != null && user.storeIds.includes(storeId));

/**
 * Refuses a record of another store with the record's own 404, as if it did not exist: a
 * non-admin outside their stores learns nothing of it.
 */
export function assertStoreAccess(
  user: Pick<AuthUser, 'storeIds'>,
  storeId: number | null | undefined,
  message = 'Registro não encontrado.',
): void {
  if (!canAccessStore(user, storeId)) throw notFound(message);
}

/** The owner: every store, every setting. */
export const isAdmin = (user: Pick<AuthUser, 'role'>) => user.role === ROLES.admin;

/**
 * Inside a route group open to several staff roles, a route only some of them may use: 403 for the
 * others (as the group's own check answers).
 */
export function requireRole(user: Pick<AuthUser, 'role'>, ...roles: string[]): void {
  if (!roles.includes(user.role)) throw forbidden();
}
