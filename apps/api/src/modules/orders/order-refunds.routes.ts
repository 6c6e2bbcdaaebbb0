import { idempotencyHeaders, idField, idParam, ROLES, refundBody, refundResult, refundView } from '@petshop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { type AuthUser, currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody, listEnvelope } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
import { actorOf } from '../audit/audit.service';
import type { MercadoPago, PixApi } from '../payments/payment-clients';
import type { ChargeOutcomes } from '../payments/payment-settlement';
import * as refunds from '../payments/refunds.service';
import * as repo from './orders.repository';
import { assertOrderReach } from './orders.service';

const refundParams = idParam.extend({ refundId: idField() });

/** The order's payment; an order of another store than a manager's is a 404. */
async function paymentOf(db: Db, auth: AuthUser, orderId: number) {
  await assertOrderReach(db, auth, orderId);
  const order = await repo.findState(db, undefined, orderId);
  if (!order) throw notFound('Pedido não encontrado.');
  return order.paymentId;
}

/** The owner, or a manager for orders of their stores: gives an order's money back (card: PSP refund; Pix: devolução; boleto: transfer by hand). */
export const orderRefundsRoutes = routeGroup<{
  db: Db;
  cards: MercadoPago;
  pix: PixApi;
  chargeOutcomes: ChargeOutcomes;
}>(staff(ROLES.admin, ROLES.manager), async (app, { db, cards, pix, chargeOutcomes }) => {
  const tags = ['Pedidos'];
  const deps = (log: FastifyBaseLogger) => ({ db, cards, pix, log, outcomes: chargeOutcomes });

  app.post(
    '/orders/:id/refund',
    {
      schema: {
        tags,
        operationId: 'refundOrder',
        summary: 'Reembolsar um pedido, todo ou em parte (sem amount: o que resta)',
        description:
          'Cartão: estorno no PSP; Pix: devolução (API Pix v2); boleto: registrado para transferência manual, confirmada pelo administrador. ' +
          'A soma dos reembolsos nunca passa do valor pago; o cabeçalho Idempotency-Key repete a resposta sem reembolsar de novo (outro corpo com a mesma chave → 409). ' +
          'Devolve também o que foi comprado: os créditos sem uso de um pacote são anulados antes (créditos inteiros que valham ao menos o valor; 409 se restarem menos), ' +
          'e o reembolso de tudo o que foi pago cancela o pedido ainda não enviado nem entregue (estoque de volta uma vez); enviado ou entregue, o status fica.',
        params: idParam,
        headers: idempotencyHeaders,
        body: refundBody,
        response: { 201: envelope(refundResult), ...authErrors, 409: errorBody },
      },
    },
    async (request, reply) => {
      const data = await refunds.refundPayment(
        deps(request.log),
        currentUser(request).id,
        await paymentOf(db, currentUser(request), request.params.id),
        request.body,
        request.headers['idempotency-key'],
        { actor: actorOf(request), orderId: request.params.id },
      );
      const message =
        data.refund.status === 'concluido'
          ? 'Reembolso feito! O cliente foi avisado.'
          : data.refund.status === 'falhou'
            ? 'O PSP recusou o reembolso.'
            : data.refund.kind === 'manual'
              ? 'Reembolso registrado: faça a transferência ao cliente e confirme aqui.'
              : 'Reembolso pedido ao PSP; a confirmação chega em instantes.';
      return reply.status(201).send({ data, message });
    },
  );

  app.get(
    '/orders/:id/refunds',
    {
      schema: {
        tags,
        operationId: 'listOrderRefunds',
        summary: 'Histórico de reembolsos de um pedido',
        params: idParam,
        response: { 200: listEnvelope(refundView), ...authErrors },
      },
    },
    async (request) => ({
      data: await refunds.listForPayment(db, await paymentOf(db, currentUser(request), request.params.id)),
    }),
  );

  app.post(
    '/orders/:id/refunds/:refundId/confirm',
    {
      schema: {
        tags,
        operationId: 'confirmOrderRefund',
        summary: 'Confirmar a transferência de um reembolso de boleto',
        params: refundParams,
        response: { 200: envelope(refundResult), ...authErrors, 409: errorBody },
      },
    },
    async (request) => ({
      data: await refunds.confirmManualRefund(
        deps(request.log),
        await paymentOf(db, currentUser(request), request.params.id),
        request.params.refundId,
        { actor: actorOf(request), orderId: request.params.id },
      ),
      message: 'Reembolso confirmado. O cliente foi avisado.',
    }),
  );
});
