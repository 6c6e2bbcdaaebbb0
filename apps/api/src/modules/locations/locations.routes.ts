import { cityView, stateIdParam, stateView } from '@petshop/domain';
import type { Db } from '../../db/client';
import { errorBody, listEnvelope } from '../../lib/http';
import { PUBLIC, routeGroup } from '../../lib/route-group';
import * as service from './locations.service';

/** IBGE reference data changes only with a new release, so browsers and proxies may keep it for a day. */
const CACHE_CONTROL = 'public, max-age=86400';

/** Public reads of the 27 states and their municipalities (ids are IBGE codes). */
export const locationsRoutes = routeGroup<{ db: Db }>(PUBLIC, async (app, { db }) => {
  const tags = ['Localidades'];

  app.get(
    '/states',
    {
      schema: {
        operationId: 'listStates',
        tags,
        summary: 'Listar os estados (UFs), por nome',
        response: { 200: listEnvelope(stateView) },
      },
    },
    async (_request, reply) => {
      reply.header('cache-control', CACHE_CONTROL);
      return { data: await service.listStates(db) };
    },
  );

  app.get(
    '/cities/cityToState/:stateId',
    {
      schema: {
        operationId: 'listCities',
        tags,
        summary: 'Listar as cidades de um estado, por nome',
        params: stateIdParam,
        response: { 200: listEnvelope(cityView), 400: errorBody, 404: errorBody },
      },
    },
    async (request, reply) => {
      const data = await service.listCities(db, request.params.stateId);
      reply.header('cache-control', CACHE_CONTROL);
      return { data };
    },
  );
});
