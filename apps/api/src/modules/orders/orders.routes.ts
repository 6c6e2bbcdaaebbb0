import {
  adminOrder,
  adminOrdersQuery,
  customerOrder,
  customerOrderDetail,
  idParam,
  ORDER_STATUS,
  orderMoveBody,
  orderState,
  paymentIdParam,
  ROLES,
} from '@petshop/domain';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody, listEnvelope, messageOnly, paged } from '../../lib/http';
import { CUSTOMER, routeGroup, staff } from '../../lib/route-group';
import { requireRole } from '../../lib/store-scope';
import { actorOf } from '../audit/audit.service';
import type { MercadoPago, PixApi } from '../payments/payment-clients';
import * as sales from './order-sales';
import * as service from './orders.service';

const changed = { 200: envelope(orderState), ...authErrors, 409: errorBody, 503: errorBody } as const;
const deleted = { 200: messageOnly, ...authErrors, 409: errorBody } as const;

const MOVED_MESSAGE = {
  [ORDER_STATUS.shipped]: 'Pedido marcado como enviado!',
  [ORDER_STATUS.readyForPickup]: 'Pedido pronto para retirada!',
  [ORDER_STATUS.delivered]: 'Pedido marcado como entregue!',
} as const;

/** Customer paths see only the caller's own orders (another's is 404); admin paths see every order. */
export const ordersRoutes = routeGroup<{ db: Db; pix: PixApi; cards: MercadoPago }>(
  CUSTOMER,
  async (app, { db, pix, cards }) => {
    const tags = ['Pedidos'];

    app.get(
      '/orders',
      {
        schema: {
          operationId: 'listMyOrders',
          tags,
          summary: 'Meus pedidos, do mais recente ao mais antigo',
          response: { 200: listEnvelope(customerOrder), ...authErrors },
        },
      },
      async (request) => ({ data: await service.listOwn(db, currentUser(request)) }),
    );

    app.get(
      '/orders/:paymentId',
      {
        schema: {
          operationId: 'getMyOrderByPayment',
          tags,
          summary: 'Meu pedido de um pagamento',
          description: 'O id no caminho é o do pagamento (paymentId), não o do pedido.',
          params: paymentIdParam,
          response: { 200: envelope(customerOrder), ...authErrors },
        },
      },
      async (request) => ({ data: await service.getByPayment(db, currentUser(request), request.params.paymentId) }),
    );

    app.get(
      '/orders/:id/details',
      {
        schema: {
          operationId: 'getMyOrder',
          tags,
          summary:
            'Meu pedido: itens, pagamento (parcelas, bandeira e final do cartão), entrega, acompanhamento e reembolsos',
          params: idParam,
          response: { 200: envelope(customerOrderDetail), ...authErrors },
        },
      },
      async (request) => ({ data: await service.getOwnDetail(db, currentUser(request), request.params.id) }),
    );

    app.delete(
      '/orders/cancel/:id',
      {
        schema: {
          operationId: 'cancelMyOrder',
          tags,
          summary:
            'Cancelar meu pedido (aguardando pagamento ou em processamento; a cobrança é cancelada e o estoque volta)',
          params: idParam,
          response: changed,
        },
      },
      async (request) => ({
        data: await service.cancel({ db, pix, cards, log: request.log }, currentUser(request), request.params.id),
        message: 'Pedido cancelado com sucesso!',
      }),
    );

    app.delete(
      '/orders/:id',
      {
        schema: {
          operationId: 'deleteMyOrder',
          tags,
          summary: 'Excluir meu pedido cancelado que nunca foi pago (fica oculto); um pedido pago → 409',
          params: idParam,
          response: deleted,
        },
      },
      async (request) => {
        await service.remove({ db, log: request.log }, currentUser(request), request.params.id);
        return { message: 'Pedido excluído com sucesso!' };
      },
    );
  },
);

/**
 * Staff's orders: the owner every store's; a manager and a receptionist their stores' (another
 * store's order is 404). Cancelling and hiding are the owner's and managers' (403 to reception).
 */
export const ordersAdminRoutes = routeGroup<{ db: Db; pix: PixApi; cards: MercadoPago }>(
  staff(ROLES.admin, ROLES.manager, ROLES.reception),
  async (app, { db, pix, cards }) => {
    const tags = ['Pedidos'];

    app.get(
      '/orders/all/users',
      {
        schema: {
          operationId: 'listAllOrders',
          tags,
          summary: 'Todos os pedidos (administração), do mais recente ao mais antigo',
          description:
            'Filtros opcionais: `from` e `to` (dias de São Paulo em que o pedido foi feito, inclusive), `status` ' +
            '(situação atual) e `customer` (cada palavra no nome do cliente, sem diferenciar acentos, ou parte do e-mail).',
          querystring: adminOrdersQuery,
          response: { 200: listEnvelope(adminOrder), ...authErrors },
        },
      },
      async (request) => paged(await sales.listAll(db, currentUser(request), request.query), request.query),
    );

    app.put(
      '/orders/:id',
      {
        schema: {
          operationId: 'advanceOrder',
          tags,
          summary: 'Avançar o pedido: Enviado (entrega), Pronto para retirada (retirada) ou Entregue',
          description:
            'Processando → Enviado ou Pronto para retirada, conforme a forma de entrega → Entregue. ' +
            'Sem corpo: Entregue. Uma mudança que a sequência não permite → 409.',
          params: idParam,
          body: orderMoveBody,
          response: { ...changed, 400: errorBody },
        },
      },
      async (request) => {
        const to = request.body?.status ?? ORDER_STATUS.delivered;
        await service.assertOrderReach(db, currentUser(request), request.params.id);
        return { data: await service.move(db, request.params.id, to, actorOf(request)), message: MOVED_MESSAGE[to] };
      },
    );

    app.delete(
      '/orders/admin/cancel/:id',
      {
        schema: {
          operationId: 'cancelOrder',
          tags,
          summary: 'Cancelar um pedido (administração; aguardando pagamento ou em processamento; o estoque volta)',
          params: idParam,
          response: changed,
        },
      },
      async (request) => {
        const auth = currentUser(request);
        requireRole(auth, ROLES.admin, ROLES.manager);
        await service.assertOrderReach(db, auth, request.params.id);
        return {
          data: await service.cancelAny({ db, pix, cards, log: request.log }, request.params.id, actorOf(request)),
          message: 'Pedido cancelado com sucesso!',
        };
      },
    );

    app.delete(
      '/orders/admin/:id',
      {
        schema: {
          operationId: 'deleteOrder',
          tags,
          summary: 'Excluir um pedido cancelado que nunca foi pago (administração); um pedido pago → 409',
          params: idParam,
          response: deleted,
        },
      },
      async (request) => {
        const auth = currentUser(request);
        requireRole(auth, ROLES.admin, ROLES.manager);
        await service.assertOrderReach(db, auth, request.params.id);
        await service.removeAny({ db, log: request.log }, auth, request.params.id, actorOf(request));
        return { message: 'Pedido excluído com sucesso!' };
      },
    );
  },
);
