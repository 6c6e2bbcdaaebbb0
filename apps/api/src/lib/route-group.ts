import type { Role } from '@petshop/domain';
import type { FastifyPluginOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** Who may call a group of routes: the columns of API.md's 'Who may call what'. */
export type Access =
  | { readonly who: 'public' }
  /** any valid token of a live account; what it may touch (its own, or any for staff) is the service's rule */
  | { readonly who: 'customer' }
  /** a valid token whose role is one of these */
  | { readonly who: 'staff'; readonly roles: readonly Role[] };

export const PUBLIC: Access = { who: 'public' };
export const CUSTOMER: Access = { who: 'customer' };
export const staff = (...roles: [Role, ...Role[]]): Access => ({ who: 'staff', roles });

/**
 * Routes that share who may call them, and what they need from the app (only that). The access is
 * applied once for the whole group when it is registered (plugins/route-groups.ts), and written
 * into the OpenAPI document from the same value, so the two cannot disagree.
 */
export interface RouteGroup<Deps extends FastifyPluginOptions> {
  access: Access;
  routes: FastifyPluginAsyncZod<Deps>;
}

export const routeGroup = <Deps extends FastifyPluginOptions>(
  access: Access,
  routes: FastifyPluginAsyncZod<Deps>,
): RouteGroup<Deps> => ({
  access,
  routes,
});
