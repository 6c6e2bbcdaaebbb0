import { installmentOption, installmentsQuery, paymentsConfig, toCents } from '@petshop/domain';
import type { Config } from '../../config';
import { AppError } from '../../lib/app-error';
import { envelope, errorBody, listEnvelope } from '../../lib/http';
import { PUBLIC, routeGroup } from '../../lib/route-group';
import type { MercadoPago } from './mercado-pago-client';
import { offeredMethods } from './offered-methods';
import { PspRefusedError, PspUnavailableError } from './pix-api-client';

const brl = (value: number) => `R$ ${value.toFixed(2).replace('.', ',')}`;

/** Public: what the payment page needs before anyone pays (no card data ever comes here). */
export const paymentsPublicRoutes = routeGroup<{
  config: Config;
  cards: MercadoPago;
  cardClient: { publicKey: string; tokenizeUrl: string };
  sandboxPayments: boolean;
}>(PUBLIC, async (app, { config, cards, cardClient, sandboxPayments }) => {
  const tags = ['Pagamentos'];
  const methods = offeredMethods(config);

  app.get(
    '/payments/config',
    {
      schema: {
        tags,
        operationId: 'getPaymentsConfig',
        summary: 'Métodos de pagamento oferecidos e onde o navegador tokeniza o cartão',
        response: { 200: envelope(paymentsConfig) },
      },
    },
    async () => ({
      data: {
        sandbox: sandboxPayments,
        methods,
        card: {
          publicKey: cardClient.publicKey,
          tokenizeUrl: cardClient.tokenizeUrl,
          maxInstallments: config.CARD_MAX_INSTALLMENTS,
        },
      },
    }),
  );

  app.get(
    '/payments/installments',
    {
      schema: {
        tags,
        operationId: 'listInstallments',
        summary: 'Parcelas do PSP para o valor: cada uma com o valor da parcela e o total',
        description: `No máximo CARD_MAX_INSTALLMENTS parcelas, nenhuma abaixo de CARD_MIN_INSTALLMENT; débito: só 1.`,
        querystring: installmentsQuery,
        response: { 200: listEnvelope(installmentOption), 400: errorBody, 503: errorBody },
      },
    },
    async (request) => {
      const { amount, paymentMethodId } = request.query;
      let costs: Awaited<ReturnType<typeof cards.installments>>;
      try {
        costs = await cards.installments(amount, paymentMethodId);
      } catch (error) {
        if (error instanceof PspUnavailableError || error instanceof PspRefusedError) {
          throw new AppError(503, 'PSP_UNAVAILABLE', 'Não foi possível consultar as parcelas agora. Tente de novo.');
        }
        throw error;
      }
      const debit = paymentMethodId.startsWith('deb');
      const minCents = toCents(config.CARD_MIN_INSTALLMENT);
      const options = costs
        .filter((cost) => cost.installments === 1 || toCents(cost.installment_amount) >= minCents)
        .filter((cost) => cost.installments <= (debit ? 1 : config.CARD_MAX_INSTALLMENTS))
        .map((cost) => ({
          installments: cost.installments,
          installmentAmount: cost.installment_amount,
          totalAmount: cost.total_amount,
          label:
            cost.installments === 1
              ? `1x de ${brl(cost.installment_amount)} (à vista)`
              : `${cost.installments}x de ${brl(cost.installment_amount)} (total ${brl(cost.total_amount)}${
                  toCents(cost.total_amount) === toCents(amount) ? ', sem juros' : ''
                })`,
        }));
      return { data: options };
    },
  );
});
