import type { FastifyPluginAsync } from 'fastify';
import { pageRoutes } from './mercadopago-pages';
import { paymentRoutes } from './mercadopago-payment-routes';
import { createMercadoPagoState, mpError, sleep } from './mercadopago-state';
import { tokenRoutes } from './mercadopago-token-routes';
import type { CardSandbox, CardSandboxOptions } from './mercadopago-types';

export { brandOf, OUTCOMES, payerCosts, TEST_CARDS } from './mercadopago-cards';
export type {
  CardSandbox,
  CardSandboxFaults,
  CardSandboxOptions,
  SandboxPayment,
  SandboxStatus,
} from './mercadopago-types';

/**
 * A stand-in for Mercado Pago's Payments API v1: the subset a shop uses, over HTTP, with the PSP's
 * own test cards. The cardholder name decides the outcome, as on Mercado Pago's test accounts.
 * It keeps its payments in memory (one process); tokens carry what they need, signed, so a token
 * made on one instance pays on another.
 */
export function createMercadoPagoStandIn(options: CardSandboxOptions): CardSandbox {
  const state = createMercadoPagoState(options);
  const { faults } = state;

  const routes: FastifyPluginAsync = async (api) => {
    // The 3-D Secure page's form posts (the creq, the cardholder's decision).
    if (!api.hasContentTypeParser('application/x-www-form-urlencoded')) {
      api.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
        done(null, Object.fromEntries(new URLSearchParams(String(body))));
      });
    }
    api.addHook('onRequest', async (request, reply) => {
      // The browser calls /v1/card_tokens from the shop's page, as it calls the PSP's.
      reply.header('access-control-allow-origin', '*');
      if (request.method === 'OPTIONS') {
        return reply
          .status(204)
          .header('access-control-allow-methods', 'GET, POST')
          .header('access-control-allow-headers', 'content-type')
          .send();
      }
      if (faults.mode === 'down') return mpError(reply, 503, 'Service unavailable', 'service_unavailable');
    });
    // Slow: the work is done, the answer comes late (a payment made that the shop may never hear of).
    api.addHook('onSend', async () => {
      if (faults.mode === 'slow') await sleep(faults.slowMs);
    });

    tokenRoutes(api, state);
    paymentRoutes(api, state);
    pageRoutes(api, state);
  };

  return {
    routes,
    settle: state.settle,
    payAsCustomer(id) {
      const payment = state.payments.get(Number(id));
      if (!payment) return 'unknown';
      const payable =
        payment.status === 'pending' &&
        ['pending_waiting_payment', 'pending_challenge'].includes(payment.status_detail);
      if (!payable) return 'not-payable';
      state.settle(payment.id, 'approved');
      return 'paid';
    },
    payment: (id) => state.payments.get(id),
    faults: state.faults,
    paymentsCreated: () => state.counters.created,
    async whenIdle() {
      await Promise.allSettled([...state.inFlight]);
    },
  };
}
