import { ROLES } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';
import { canAccessStore } from '../../lib/store-scope';
import * as repo from './appointment-staff.repository';

/** Whether the pet has an appointment with the professional this account is (their pets to see and note on). */
export const petServedBy = (db: Db | Tx, petId: number, userId: number) => repo.petServedBy(db, petId, userId);

/**
 * Whether staff may see and move this appointment: the owner any; a manager or receptionist one of
 * their stores; a professional only their own (the employee their account is). Customers are not
 * staff here: their own appointments are checked by the customer paths.
 */
export function staffReaches(caller: AuthUser, owners: { employeeUserId: number | null; storeId: number }): boolean {
  switch (caller.role) {
    case ROLES.admin:
      return true;
    case ROLES.manager:
    case ROLES.reception:
      return canAccessStore(caller, owners.storeId);
    case ROLES.professional:
      return owners.employeeUserId === caller.id;
    default:
      return false;
  }
}

/** Who an appointment belongs to (customer, employee, the employee's account, store); undefined when there is none. */
export const appointmentOwners = (db: Db | Tx, id: number) => repo.appointmentOwners(db, id);

/**
 * Whether staff reach this appointment: the owner any, a manager or receptionist those of their
 * stores, a professional their own (`professionals` false: not for this use).
 */
export async function staffReach(db: Db | Tx, auth: AuthUser, id: number, professionals: boolean) {
  if (auth.role === ROLES.customer || (!professionals && auth.role === ROLES.professional)) return false;
  const owners = await appointmentOwners(db, id);
  return owners !== undefined && staffReaches(auth, owners);
}
