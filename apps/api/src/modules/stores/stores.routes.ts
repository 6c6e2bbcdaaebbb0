import { idParam, ROLES, storeBody, storeCreateBody, storeHoursBody, storeView } from '@petshop/domain';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
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
        summary: 'Lojas ativas com endereço e horário de funcionamento',
        description: 'A loja principal primeiro. Com uma só loja ativa, nenhuma tela mostra escolha de loja.',
        response: { 200: envelope(storeView.array()) },
      },
    },
    async () => ({ data: await service.list(db) }),
  );
});

export const storesAdminRoutes = routeGroup<{ db: Db }>(staff(ROLES.admin), async (app, { db }) => {
  const tags = ['Lojas'];

  app.post(
    '/stores',
    {
      schema: {
        operationId: 'createStore',
        tags,
        summary: 'Cadastrar loja (admin)',
        description:
          'Endereço validado como em /addresses (a cidade pertence ao estado, o CEP também). Sem `hours`, a loja abre de segunda a sábado, das 08:00 às 18:00.',
        body: storeCreateBody,
        response: { 201: envelope(storeView), ...authErrors },
      },
    },
    async (request, reply) =>
      reply.status(201).send({
        data: await service.create(db, request.body, actorOf(request)),
        message: 'Loja cadastrada com sucesso!',
      }),
  );

  app.put(
    '/stores/:id',
    {
      schema: {
        operationId: 'updateStore',
        tags,
        summary: 'Atualizar loja: nome, endereço, telefone, retirada, ativa (admin)',
        description: 'A loja principal não pode ser desativada (409 `MAIN_STORE`).',
        params: idParam,
        body: storeBody,
        response: { 200: envelope(storeView), ...authErrors, 404: errorBody, 409: errorBody },
      },
    },
    async (request) => ({
      data: await service.update(db, request.params.id, request.body, actorOf(request)),
      message: 'Loja atualizada com sucesso!',
    }),
  );
});

/** The stores a back-office user runs and their week: the owner's every one, a manager's own. */
export const storeHoursRoutes = routeGroup<{ db: Db }>(staff(ROLES.admin, ROLES.manager), async (app, { db }) => {
  const tags = ['Lojas'];

  app.get(
    '/admin/stores',
    {
      schema: {
        operationId: 'listAllStores',
        tags,
        summary: 'As lojas que o usuário administra, inclusive as inativas (admin: todas; gerente: as suas)',
        response: { 200: envelope(storeView.array()), ...authErrors },
      },
    },
    async (request) => ({ data: await service.listRunBy(db, currentUser(request)) }),
  );

  app.put(
    '/stores/:id/hours',
    {
      schema: {
        operationId: 'setStoreHours',
        tags,
        summary: 'Definir o horário de funcionamento da loja (substitui a semana; admin, ou gerente das suas lojas)',
        description:
          'weekday 0 é domingo; um dia fora de `week` é dia fechado. Os horários dos funcionários da loja valem só dentro destes. ' +
          'A loja de outro gerente → 404.',
        params: idParam,
        body: storeHoursBody,
        response: { 200: envelope(storeView), ...authErrors, 404: errorBody },
      },
    },
    async (request) => ({
      data: await service.replaceHours(db, request.params.id, request.body, currentUser(request), actorOf(request)),
      message: 'Horário da loja salvo com sucesso!',
    }),
  );
});
