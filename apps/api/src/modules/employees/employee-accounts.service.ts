import type { Db, Tx } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';
import { assertStoreAccess } from '../../lib/store-scope';
import * as repo from './employee-accounts.repository';

/** The employee (agenda column) a user account is, if any: a professional sees only this column. */
export const employeeOfUser = (db: Db | Tx, userId: number) => repo.employeeOfUser(db, userId);

/** Locks a live employee for an invitation; undefined when there is none. */
export const lockForInvite = (tx: Tx, id: number) => repo.lockEmployeeForInvite(tx, id);

/** Links the employee to the account (the account's previous employee, if any, lets go). */
export const linkUser = (tx: Tx, employeeId: number, userId: number) => repo.linkUser(tx, employeeId, userId);

/** The store of an employee, archived or not; undefined for an id that does not exist. */
const storeOfEmployee = async (db: Db | Tx, id: number) => (await repo.storesOfEmployees(db, [id]))[0]?.storeId;

const EMPLOYEE_NOT_FOUND = 'Funcionário não encontrado.';

/** Staff paths: an employee of another store than a manager's is a 404, as one that does not exist. */
export async function assertEmployeeReach(db: Db | Tx, auth: AuthUser, id: number) {
  if (auth.storeIds === 'all') return;
  assertStoreAccess(auth, await storeOfEmployee(db, id), EMPLOYEE_NOT_FOUND);
}

/**
 * The store a manager's new or moved employee goes to: the one sent, which must be theirs (404
 * otherwise), or their first store; the owner's choice is left as sent.
 */
export function storeForStaffWrite(auth: AuthUser, storeId: number | undefined): number | undefined {
  if (auth.storeIds === 'all') return storeId;
  const chosen = storeId ?? auth.storeIds[0];
  assertStoreAccess(auth, chosen, 'Loja não encontrada.');
  return chosen;
}
