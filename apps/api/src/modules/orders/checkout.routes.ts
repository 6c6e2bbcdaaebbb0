import {
  BOLETO_WAITING_MESSAGE,
  idempotencyHeaders,
  PAYMENT_STATUS,
  PAYMENT_SUCCESS_MESSAGE,
  type PaymentResult,
  PIX_WAITING_MESSAGE,
  payBody,
  paymentResult,
} from '@petshop/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody } from '../../lib/http';
import { CUSTOMER, routeGroup } from '../../lib/route-group';
import type { PaymentProvider } from '../payments/payment-clients';
import { pay } from './checkout';

/** 'Pagamento realizado com sucesso!' only for money received; a Pix or boleto is not money yet. */
export function payMessage({ payment }: PaymentResult) {
  if (payment.status !== PAYMENT_STATUS.pending) return PAYMENT_SUCCESS_MESSAGE;
  if (payment.paymentMethod === 'Pix') return PIX_WAITING_MESSAGE;
  if (payment.paymentMethod === 'Boleto') return BOLETO_WAITING_MESSAGE;
  return 'Pedido criado! O pagamento está em análise pela operadora do cartão.';
}

/** Paying the cart places the order: the caller's own cart and address only (another's is 404). */
export const checkoutRoutes = routeGroup<{ db: Db; config: Config; paymentProvider: PaymentProvider }>(
  CUSTOMER,
  async (app, { db, config, paymentProvider }) => {
    const ctx = { db, provider: paymentProvider, config };

    app.post(
      '/payments/pay',
      {
        schema: {
          operationId: 'payCart',
          tags: ['Pagamentos'],
          summary:
            'Pagar o carrinho com entrega ou retirada: baixa o estoque, cria o pagamento e o pedido e esvazia o carrinho',
          description:
            'Uma transação. O frete vem da tabela da loja pela UF do endereço (grátis acima do valor da loja; retirada na loja é grátis) e entra no total. Falta de estoque ou UF sem entrega → 409 e nada muda. O cabeçalho opcional Idempotency-Key (por usuário) ' +
            'repete a resposta do primeiro pagamento feito com ela e o mesmo corpo, sem cobrar de novo; com outro corpo → 409 IDEMPOTENCY_KEY_REUSED. Pix e boleto: o pedido fica ' +
            "'Aguardando pagamento' até o banco confirmar, cobrado pelo total com frete; PSP fora do ar → 503 e nada muda.",
          headers: idempotencyHeaders,
          body: payBody,
          response: { 201: envelope(paymentResult), ...authErrors, 402: errorBody, 409: errorBody, 503: errorBody },
        },
      },
      async (request, reply) => {
        const data = await pay(ctx, currentUser(request), request.body, request.headers['idempotency-key']);
        return reply.status(201).send({ data, message: payMessage(data) });
      },
    );
  },
);
