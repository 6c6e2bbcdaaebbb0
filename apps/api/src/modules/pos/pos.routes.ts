import {
  cashMovementBody,
  closeSessionBody,
  closingReport,
  idParam,
  openSessionBody,
  posIdempotencyHeaders,
  posReturnBody,
  posReturnHeaders,
  posReturnView,
  posSaleBody,
  posSaleView,
  posSession,
  ROLES,
} from '@petshop/domain';
import { z } from 'zod';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody } from '../../lib/http';
import { routeGroup, staff } from '../../lib/route-group';
import { actorOf } from '../audit/audit.service';
import type { MercadoPago, PaymentProvider, PixApi } from '../payments/payment-clients';
import type { ChargeOutcomes } from '../payments/payment-settlement';
import { returnItems } from './pos-returns.service';
import * as outcomes from './pos-sale-outcomes';
import * as sales from './pos-sales.service';
import * as sessions from './pos-sessions.service';

const storeQuery = z.object({ storeId: z.coerce.number().int().positive('Loja inválida.').optional() });

/** The counter (PDV): cash sessions, sales, returns. Reception and managers in their stores, and admins. */
export const posRoutes = routeGroup<{
  db: Db;
  config: Config;
  paymentProvider: PaymentProvider;
  pix: PixApi;
  cards: MercadoPago;
  chargeOutcomes: ChargeOutcomes;
}>(
  staff(ROLES.admin, ROLES.manager, ROLES.reception),
  async (app, { db, config, paymentProvider, pix, cards, chargeOutcomes }) => {
    const tags = ['Caixa'];
    const saleDeps = { db, provider: paymentProvider, config };

    app.post(
      '/pos/sessions',
      {
        schema: {
          operationId: 'openCashSession',
          tags,
          summary: 'Abrir o caixa na loja com o dinheiro da gaveta (um aberto por operador e loja)',
          body: openSessionBody,
          response: { 201: envelope(posSession), ...authErrors, 409: errorBody },
        },
      },
      async (request, reply) => {
        const data = await sessions.open(db, currentUser(request), actorOf(request), request.body);
        return reply.status(201).send({ data, message: 'Caixa aberto.' });
      },
    );

    app.get(
      '/pos/sessions/current',
      {
        schema: {
          operationId: 'getCurrentCashSession',
          tags,
          summary: 'O caixa aberto de quem chama (na loja indicada, ou o primeiro); null se não houver',
          querystring: storeQuery,
          response: { 200: envelope(posSession.nullable()), ...authErrors },
        },
      },
      async (request) => ({ data: await sessions.current(db, currentUser(request), request.query.storeId) }),
    );

    app.get(
      '/pos/sessions/:id',
      {
        schema: {
          operationId: 'getCashSession',
          tags,
          summary: 'Ver um caixa: movimentos, esperado por forma de pagamento e, fechado, o relatório',
          params: idParam,
          response: { 200: envelope(posSession), ...authErrors },
        },
      },
      async (request) => ({ data: await sessions.get(db, currentUser(request), request.params.id) }),
    );

    app.post(
      '/pos/sessions/:id/movements',
      {
        schema: {
          operationId: 'addCashMovement',
          tags,
          summary: 'Sangria (retirada) ou suprimento (reforço) de dinheiro no caixa aberto',
          params: idParam,
          body: cashMovementBody,
          response: { 201: envelope(posSession), ...authErrors, 409: errorBody },
        },
      },
      async (request, reply) => {
        const data = await sessions.addMovement(
          db,
          currentUser(request),
          actorOf(request),
          request.params.id,
          request.body,
        );
        return reply
          .status(201)
          .send({ data, message: request.body.type === 'sangria' ? 'Sangria registrada.' : 'Suprimento registrado.' });
      },
    );

    app.post(
      '/pos/sessions/:id/close',
      {
        schema: {
          operationId: 'closeCashSession',
          tags,
          summary: 'Fechar o caixa com o contado por forma de pagamento: esperado, contado e diferença',
          description: 'Um caixa fechado nunca muda: fechar de novo, vender ou movimentar nele → 409.',
          params: idParam,
          body: closeSessionBody,
          response: { 200: envelope(closingReport), ...authErrors, 409: errorBody },
        },
      },
      async (request) => ({
        data: await sessions.close(db, currentUser(request), actorOf(request), request.params.id, request.body),
        message: 'Caixa fechado.',
      }),
    );

    app.post(
      '/pos/sales',
      {
        schema: {
          operationId: 'createCounterSale',
          tags,
          summary: 'Venda no balcão: produtos, serviços por porte do pet, desconto e pagamentos divididos',
          description:
            'Uma transação: o estoque da loja baixa junto com a venda (falta → 409 e nada muda). Os pagamentos cobrem o total; só o dinheiro passa dele (troco calculado). ' +
            'Cartão na maquininha da loja: NSU obrigatório. Pix: cobrança dinâmica mostrada em QR; a venda fica ' +
            "'Aguardando pagamento' até o banco confirmar. O cabeçalho Idempotency-Key é obrigatório: repetir a mesma venda com a mesma chave responde a mesma venda, " +
            'nunca uma segunda; a chave com outra venda → 409. Caixa fechado → 409.',
          headers: posIdempotencyHeaders,
          body: posSaleBody,
          response: { 201: envelope(posSaleView), ...authErrors, 409: errorBody, 503: errorBody },
        },
      },
      async (request, reply) => {
        const data = await sales.sell(
          saleDeps,
          currentUser(request),
          actorOf(request),
          request.body,
          request.headers['idempotency-key'],
        );
        const message = data.status === 'Concluída' ? 'Venda concluída.' : 'Aguardando o pagamento do Pix.';
        return reply.status(201).send({ data, message });
      },
    );

    app.get(
      '/pos/sales/:id',
      {
        schema: {
          operationId: 'getCounterSale',
          tags,
          summary: 'Ver uma venda do balcão (o caixa acompanha por aqui o Pix pendente)',
          params: idParam,
          response: { 200: envelope(posSaleView), ...authErrors },
        },
      },
      async (request) => ({ data: await sales.get(db, currentUser(request), request.params.id) }),
    );

    app.post(
      '/pos/sales/:id/cancel',
      {
        schema: {
          operationId: 'cancelCounterSale',
          tags,
          summary: 'Desistir de uma venda que aguarda o Pix: a cobrança é retirada e o estoque volta',
          params: idParam,
          response: { 200: envelope(posSaleView), ...authErrors, 409: errorBody, 503: errorBody },
        },
      },
      async (request) => ({
        data: await outcomes.cancel(
          { db, pix, log: request.log, outcomes: chargeOutcomes },
          currentUser(request),
          actorOf(request),
          request.params.id,
        ),
        message: 'Venda cancelada.',
      }),
    );

    app.post(
      '/pos/sales/:id/returns',
      {
        schema: {
          operationId: 'returnCounterSaleItems',
          tags,
          summary: 'Devolução: os itens voltam ao estoque e o valor volta pela forma de pagamento original, uma vez',
          description:
            'Cada unidade volta no máximo uma vez (de novo → 409). Dinheiro sai do caixa aberto de quem faz a devolução; Pix volta por devolução no PSP; ' +
            'cartão é estornado na maquininha e registrado aqui. Um produto volta por unidades ({productId, quantity}); um pacote ou um serviço volta inteiro ({saleItemId}): ' +
            'o pacote leva seus créditos junto, e um pacote com crédito usado ou vencido não volta (409); um serviço já prestado só o gerente ou o administrador devolve (403), sem nada voltar ao estoque. ' +
            'O cabeçalho opcional Idempotency-Key responde a mesma devolução ao repetir o mesmo corpo; com outro corpo → 409 IDEMPOTENCY_KEY_REUSED.',
          params: idParam,
          headers: posReturnHeaders,
          body: posReturnBody,
          response: { 201: envelope(posReturnView), ...authErrors, 409: errorBody },
        },
      },
      async (request, reply) => {
        const data = await returnItems(
          { db, cards, pix, log: request.log, outcomes: chargeOutcomes },
          currentUser(request),
          actorOf(request),
          request.params.id,
          request.body,
          request.headers['idempotency-key'],
        );
        return reply.status(201).send({ data, message: 'Devolução registrada.' });
      },
    );
  },
);
