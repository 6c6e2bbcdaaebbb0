import { idParam, ROLES, serviceBody, service as serviceSchema } from '@petshop/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { authErrors, envelope, errorBody } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
import { forgetCachedReadsOnWrite } from '../../plugins/catalog-cache';
import type { CatalogChanges } from '../../plugins/catalog-changes';
import { actorOf } from '../audit/audit.service';
import * as service from './services.service';

const removal = envelope(z.object({ id: z.number(), archived: z.boolean() }));

/** Service management (admin only). */
export const servicesAdminRoutes = routeGroup<{ db: Db; catalogChanges: CatalogChanges }>(
  staff(ROLES.admin, ROLES.manager),
  async (app, { db, catalogChanges }) => {
    app.addHook('onSend', forgetCachedReadsOnWrite(catalogChanges));
    const tags = ['Serviços'];

    app.post(
      '/services',
      {
        schema: {
          operationId: 'createService',
          tags,
          summary: 'Cadastrar serviço',
          body: serviceBody,
          response: { 201: envelope(serviceSchema), ...authErrors },
        },
      },
      async (request, reply) => {
        const created = await service.create(db, request.body, actorOf(request));
        return reply.status(201).send({ data: created, message: 'Serviço cadastrado com sucesso!' });
      },
    );

    app.put(
      '/services/:id',
      {
        schema: {
          operationId: 'updateService',
          tags,
          summary: 'Atualizar serviço',
          params: idParam,
          body: serviceBody,
          response: { 200: envelope(serviceSchema), ...authErrors },
        },
      },
      async (request) => ({
        data: await service.update(db, request.params.id, request.body, actorOf(request)),
        message: 'Serviço atualizado com sucesso!',
      }),
    );

    app.delete(
      '/services/:id',
      {
        schema: {
          operationId: 'deleteService',
          tags,
          summary: 'Excluir serviço (arquiva se funcionários ou agendamentos o citam)',
          params: idParam,
          response: { 200: removal, ...authErrors, 409: errorBody },
        },
      },
      async (request) => {
        const result = await service.remove(db, request.params.id, actorOf(request));
        return {
          data: result,
          message: result.archived
            ? 'Serviço retirado da loja. Os agendamentos já feitos continuam com seus dados.'
            : 'Serviço excluído com sucesso!',
        };
      },
    );
  },
);
