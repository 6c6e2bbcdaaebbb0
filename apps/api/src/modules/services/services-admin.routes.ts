import { idParam, serviceBody, service as serviceSchema } from '@petshop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authErrors, envelope, errorBody } from '../../lib/http';
import { forgetCachedReadsOnWrite } from '../catalog/catalog-cache';
import * as service from './services.service';

const removal = envelope(z.object({ id: z.number(), archived: z.boolean() }));

/** Service management (admin only). */
export const servicesAdminRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db, catalogChanges }) => {
  app.addHook('onSend', forgetCachedReadsOnWrite(catalogChanges));
  const tags = ['Serviços (admin)'];
  const security = [{ bearer: [] }];

  app.post(
    '/services',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Cadastrar serviço',
        security,
        body: serviceBody,
        response: { 201: envelope(serviceSchema), ...authErrors },
      },
    },
    async (request, reply) => {
      const created = await service.create(db, request.body);
      return reply.status(201).send({ data: created, message: 'Serviço cadastrado com sucesso!' });
    },
  );

  app.put(
    '/services/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Atualizar serviço',
        security,
        params: idParam,
        body: serviceBody,
        response: { 200: envelope(serviceSchema), ...authErrors },
      },
    },
    async (request) => ({
      data: await service.update(db, request.params.id, request.body),
      message: 'Serviço atualizado com sucesso!',
    }),
  );

  app.delete(
    '/services/:id',
    {
      onRequest: app.requireAdmin,
      schema: {
        tags,
        summary: 'Excluir serviço (arquiva se funcionários ou agendamentos o citam)',
        security,
        params: idParam,
        response: { 200: removal, ...authErrors, 409: errorBody },
      },
    },
    async (request) => {
      const result = await service.remove(db, request.params.id);
      return {
        data: result,
        message: result.archived
          ? 'Serviço retirado da loja. Os agendamentos já feitos continuam com seus dados.'
          : 'Serviço excluído com sucesso!',
      };
    },
  );
};
