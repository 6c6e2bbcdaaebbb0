import { idField, paymentSummary } from '@petshop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authErrors, envelope } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
import * as service from './payments.service';

const cartIdParam = z.object({
  cartId: idField(),
});

/** The caller's own cart only; someone else's cart or address answers 404. */
export const paymentsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, { db }) => {
  const tags = ['Pagamentos'];
  const security = [{ bearer: [] }];

  app.addHook('onRequest', app.authenticate);

  app.get(
    '/payments/:cartId',
    {
      schema: {
        tags,
        summary: 'Resumo do carrinho para pagamento (preços atuais)',
        security,
        params: cartIdParam,
        response: { 200: envelope(paymentSummary), ...authErrors },
      },
    },
    async (request) => ({ data: await service.summary(db, currentUser(request), request.params.cartId) }),
  );
};
