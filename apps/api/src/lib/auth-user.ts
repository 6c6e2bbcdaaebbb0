import type { FastifyRequest } from 'fastify';
import { unauthorized } from './app-error';

/** The caller of a route that requires a session. */
export interface AuthUser {
  id: number;
  role: string;
  /**
   * The stores whose records the caller may see as staff: 'all' for the owner (admin), the ids in
   * `user_stores` for a manager, receptionist or professional, none for a customer.
   */
  storeIds: readonly number[] | 'all';
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthUser | null;
  }
}

/** The caller, for handlers of a group that requires a session. */
export const currentUser = (request: FastifyRequest): AuthUser => {
  if (!request.auth) throw unauthorized();
  return request.auth;
};
