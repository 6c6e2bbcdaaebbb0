import { ROLES } from '@petshop/domain';

/**
 * Where someone who works in the shop lands after signing in, when no page asked for them: a
 * professional and a receptionist on the day's agenda (a professional's has only their column),
 * a manager on the back office. The owner and customers keep their usual destination.
 */
export function staffHome(role: string | undefined): string | undefined {
  switch (role) {
    case ROLES.professional:
    case ROLES.reception:
      return '/adminAgenda';
    case ROLES.manager:
      return '/admin';
    default:
      return undefined;
  }
}
