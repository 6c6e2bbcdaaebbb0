import { idField, paymentSummary } from '@petshop/domain';
import { z } from 'zod';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope } from '../../lib/http';
import { CUSTOMER, routeGroup } from '../../lib/route-group';
import * as service from './payments.service';

const cartIdParam = z.object({
  cartId: idField(),
});

/** The caller's own cart only; someone else's cart or address answers 404. */
export const paymentsRoutes = routeGroup<{ db: Db }>(CUSTOMER, async (app, { db }) => {
  const tags = ['Pagamentos'];

  app.get(
    '/payments/:cartId',
    {
      schema: {
        operationId: 'getPaymentSummary',
        tags,
        summary: 'Resumo do carrinho para pagamento (preços atuais)',
        params: cartIdParam,
        response: { 200: envelope(paymentSummary), ...authErrors },
      },
    },
    async (request) => ({ data: await service.summary(db, currentUser(request), request.params.cartId) }),
  );
});
