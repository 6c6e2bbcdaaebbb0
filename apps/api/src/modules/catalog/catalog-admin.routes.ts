import { idParam, product, productWriteBody, ROLES } from '@petshop/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
import { forgetCachedReadsOnWrite } from '../../plugins/catalog-cache';
import type { CatalogChanges } from '../../plugins/catalog-changes';
import { actorOf } from '../audit/audit.service';
import * as service from './catalog.service';

const removal = envelope(z.object({ id: z.number(), archived: z.boolean() }));

/** Product management (admin only). */
export const catalogAdminRoutes = routeGroup<{ db: Db; catalogChanges: CatalogChanges }>(
  staff(ROLES.admin, ROLES.manager),
  async (app, { db, catalogChanges }) => {
    app.addHook('onSend', forgetCachedReadsOnWrite(catalogChanges));
    const tags = ['Catálogo'];

    app.post(
      '/products',
      {
        schema: {
          operationId: 'createProduct',
          tags,
          summary: 'Cadastrar produto',
          body: productWriteBody,
          response: { 201: envelope(product), ...authErrors, 409: errorBody },
        },
      },
      async (request, reply) => {
        const created = await service.createProduct(db, currentUser(request), request.body, actorOf(request));
        return reply.status(201).send({ data: created, message: 'Produto cadastrado com sucesso!' });
      },
    );

    app.put(
      '/products/:id',
      {
        schema: {
          operationId: 'updateProduct',
          tags,
          summary: 'Atualizar produto (aceita category_id/species_id ou categoryId/speciesId)',
          params: idParam,
          body: productWriteBody,
          response: { 200: envelope(product), ...authErrors, 409: errorBody },
        },
      },
      async (request) => ({
        data: await service.updateProduct(db, currentUser(request), request.params.id, request.body, actorOf(request)),
        message: 'Produto atualizado com sucesso!',
      }),
    );

    app.delete(
      '/products/:id',
      {
        schema: {
          operationId: 'deleteProduct',
          tags,
          summary: 'Excluir produto (arquiva se pedidos ou carrinhos o citam)',
          params: idParam,
          response: { 200: removal, ...authErrors, 409: errorBody },
        },
      },
      async (request) => {
        const result = await service.removeProduct(db, currentUser(request), request.params.id, actorOf(request));
        return {
          data: result,
          message: result.archived
            ? 'Produto retirado da loja. Os pedidos já feitos continuam com seus dados.'
            : 'Produto excluído com sucesso!',
        };
      },
    );
  },
);
