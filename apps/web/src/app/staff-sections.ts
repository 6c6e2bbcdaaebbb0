import { isStaffRole, ROLES, type Role } from '@petshop/domain';

/**
 * The back-office sections each staff role uses, as the server allows them (API.md 'Staff, roles
 * and stores'): a section not listed here is the owner's only. The server checks every route
 * anyway; this only keeps a role's navigation to what it may use.
 */
const SECTION_ROLES: Readonly<Record<string, readonly Role[]>> = {
  '/admin': [ROLES.manager, ROLES.reception, ROLES.professional],
  '/adminDashboard': [ROLES.manager],
  '/adminProducts': [ROLES.manager],
  '/adminStock': [ROLES.manager],
  '/adminEmployers': [ROLES.manager],
  // A manager's own stores only (the server lists no other), for their opening hours.
  '/adminStores': [ROLES.manager],
  '/adminSales': [ROLES.manager, ROLES.reception],
  // The payments ledger of a manager's own stores (the server lists no other).
  '/adminPayments': [ROLES.manager],
  '/adminAgenda': [ROLES.manager, ROLES.reception, ROLES.professional],
  '/adminAppointments': [ROLES.manager, ROLES.reception],
  '/adminUsers': [ROLES.manager, ROLES.reception],
  '/pos': [ROLES.manager, ROLES.reception],
};

/** Whether this role may open the back-office page at `path` (the owner opens every one). */
export function mayOpen(role: string, path: string): boolean {
  if (role === ROLES.admin) return true;
  if (!isStaffRole(role)) return false;
  const section = Object.keys(SECTION_ROLES).find((prefix) => path === prefix || path.startsWith(`${prefix}/`));
  if (section !== undefined) return SECTION_ROLES[section]?.includes(role as Role) ?? false;
  // Other links out of the back office (the own profile's two-factor card) are every staff member's.
  return !/^\/admin/.test(path);
}

/** The entries of a navigation list this role may open. */
export const visibleTo = <T extends { to: string }>(role: string | undefined, items: readonly T[]): T[] =>
  role ? items.filter((item) => mayOpen(role, item.to)) : [];
