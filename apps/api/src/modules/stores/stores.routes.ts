import { idParam, ROLES, storeHoursBody, storeView } from '@petshop/domain';
import type { Db } from '../../db/client';
import { authErrors, envelope, errorBody } from '../../lib/http';
import { PUBLIC, routeGroup, staff } from '../../lib/route-group';
import { actorOf } from '../audit/audit.service';
import * as service from './stores.service';

export const storesRoutes = routeGroup<{ db: Db }>(PUBLIC, async (app, { db }) => {
  const tags = ['Lojas'];

  app.get(
    '/stores',
    {
      schema: {
        operationId: 'listStores',
        tags,
        summary: 'Lojas com endereço e horário de funcionamento',
        response: { 200: envelope(storeView.array()) },
      },
    },
    async () => ({ data: await service.list(db) }),
  );
});

export const storesAdminRoutes = routeGroup<{ db: Db }>(staff(ROLES.admin), async (app, { db }) => {
  const tags = ['Lojas'];

  app.put(
    '/stores/:id/hours',
    {
      schema: {
        operationId: 'setStoreHours',
        tags,
        summary: 'Definir o horário de funcionamento da loja (substitui a semana; admin)',
        description:
          'weekday 0 é domingo; um dia fora de `week` é dia fechado. Os horários dos funcionários valem só dentro destes.',
        params: idParam,
        body: storeHoursBody,
        response: { 200: envelope(storeView), ...authErrors, 404: errorBody },
      },
    },
    async (request) => ({
      data: await service.replaceHours(db, request.params.id, request.body, actorOf(request)),
      message: 'Horário da loja salvo com sucesso!',
    }),
  );
});
