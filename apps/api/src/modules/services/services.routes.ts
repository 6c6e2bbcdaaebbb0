import { idParam, paginationQuery, service as serviceSchema } from '@petshop/domain';
import type { Db } from '../../db/client';
import { envelope, errorBody, listEnvelope, paged } from '../../lib/http';
import { PUBLIC, routeGroup } from '../../lib/route-group';
import { markCatalogReads } from '../../plugins/catalog-cache';
import { publicRevalidate } from '../../plugins/conditional-get';
import * as service from './services.service';
/** Public reads of the services on offer. */
export const servicesRoutes = routeGroup<{ db: Db }>(PUBLIC, async (app, { db }) => {
  const tags = ['Serviços'];
  app.addHook('onRequest', publicRevalidate);
  app.addHook('onRoute', markCatalogReads);

  app.get(
    '/services',
    {
      schema: {
        operationId: 'listServices',
        tags,
        summary: 'Listar serviços',
        querystring: paginationQuery,
        response: { 200: listEnvelope(serviceSchema), 400: errorBody },
      },
    },
    async (request) => paged(await service.list(db, request.query), request.query),
  );

  app.get(
    '/services/:id',
    {
      schema: {
        operationId: 'getService',
        tags,
        summary: 'Ver um serviço',
        params: idParam,
        response: { 200: envelope(serviceSchema), 400: errorBody, 404: errorBody },
      },
    },
    async (request) => ({ data: await service.get(db, request.params.id) }),
  );
});
