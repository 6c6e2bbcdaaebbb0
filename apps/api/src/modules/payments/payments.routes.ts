import {
  idempotencyHeaders,
  idField,
  PAYMENT_SUCCESS_MESSAGE,
  payBody,
  paymentResult,
  paymentSummary,
} from '@petshop/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppDeps } from '../../app-deps';
import { authErrors, envelope, errorBody } from '../../lib/http';
import { currentUser } from '../../plugins/auth';
import { defaultPaymentProvider, type PaymentProvider } from './payment-provider';
import * as service from './payments.service';

const cartIdParam = z.object({
  cartId: idField(),
});

/** The caller's own cart only; someone else's cart or address answers 404. */
export const paymentsRoutes: FastifyPluginAsyncZod<AppDeps & { paymentProvider?: PaymentProvider }> = async (
  app,
  { db, paymentProvider },
) => {
  const tags = ['Pagamentos'];
  const security = [{ bearer: [] }];
  const provider = paymentProvider ?? defaultPaymentProvider();

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

  app.post(
    '/payments/pay',
    {
      schema: {
        tags,
        summary:
          'Pagar o carrinho com entrega ou retirada: baixa o estoque, cria o pagamento e o pedido e esvazia o carrinho',
        description:
          'Uma transação. O frete vem da tabela da loja pela UF do endereço (grátis acima do valor da loja; retirada na loja é grátis) e entra no total. Falta de estoque ou UF sem entrega → 409 e nada muda. O cabeçalho opcional Idempotency-Key (por usuário) ' +
          'repete a resposta do primeiro pagamento feito com ela, sem cobrar de novo.',
        security,
        headers: idempotencyHeaders,
        body: payBody,
        response: { 201: envelope(paymentResult), ...authErrors, 402: errorBody, 409: errorBody },
      },
    },
    async (request, reply) => {
      const data = await service.pay(
        db,
        provider,
        currentUser(request),
        request.body,
        request.headers['idempotency-key'],
      );
      return reply.status(201).send({ data, message: PAYMENT_SUCCESS_MESSAGE });
    },
  );
};
