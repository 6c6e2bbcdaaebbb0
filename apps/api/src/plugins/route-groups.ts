import type { FastifyInstance, FastifyPluginOptions, RouteOptions } from 'fastify';
import { errorBody } from '../lib/http';
import type { Access, RouteGroup } from '../lib/route-group';

/** The OpenAPI security of an access: none, explicitly, for public routes. */
const securityOf = (access: Access) => (access.who === 'public' ? [] : [{ bearer: [] }]);

/**
 * The error answers a route can give before its handler runs: 400 for any input the guard refuses
 * (control characters, malformed URLs), 401 without a valid session, 403 for a role the group does
 * not admit. All in the one error body.
 */
const accessErrors = (access: Access) =>
  access.who === 'public'
    ? { 400: errorBody }
    : access.who === 'customer'
      ? { 400: errorBody, 401: errorBody }
      : { 400: errorBody, 401: errorBody, 403: errorBody };

/**
 * Registers each group in a context of its own: its access hook once for all its routes, and the
 * same access written into each route's OpenAPI `security` and error responses (a route that states
 * its own security or error schema keeps it).
 */
export async function registerRouteGroups<Deps extends FastifyPluginOptions>(
  app: FastifyInstance,
  groups: readonly RouteGroup<Deps>[],
  deps: Deps,
) {
  for (const group of groups) {
    await app.register(async (scope) => {
      const hook = scope.accessHook(group.access);
      if (hook) scope.addHook('onRequest', hook);
      scope.addHook('onRoute', (route: RouteOptions) => {
        route.schema ??= {};
        const schema = route.schema as { security?: unknown; response?: Record<string, unknown> };
        schema.security ??= securityOf(group.access);
        schema.response = { ...accessErrors(group.access), ...schema.response };
      });
      await scope.register(group.routes, deps);
    });
  }
}
