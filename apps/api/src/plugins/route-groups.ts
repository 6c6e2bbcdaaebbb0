import type { FastifyInstance, FastifyPluginOptions, RouteOptions } from 'fastify';
import { errorBody } from '../lib/http';
import type { Access, RouteGroup } from '../lib/route-group';

/** The OpenAPI security of an access: none, explicitly, for public routes. */
const securityOf = (access: Access) => (access.who === 'public' ? [] : [{ bearer: [] }]);

/** The error answers an access can give before the handler runs (401, and 403 for staff). */
const accessErrors = (access: Access) =>
  access.who === 'public' ? {} : access.who === 'customer' ? { 401: errorBody } : { 401: errorBody, 403: errorBody };

/**
 * Registers each group in a context of its own: its access hook once for all its routes, and the
 * same access written into each route's OpenAPI `security` and error responses (a route that states
 * its own security, e.g. a webhook's secret, keeps it).
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
        const errors = accessErrors(group.access);
        if (Object.keys(errors).length > 0) schema.response = { ...errors, ...schema.response };
      });
      await scope.register(group.routes, deps);
    });
  }
}
