import { PAYMENT_STATUS, ROLES, sandboxMode, sandboxPayResult, txidParam } from '@petshop/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody } from '../../lib/http';
import { CUSTOMER, PUBLIC, routeGroup } from '../../lib/route-group';
import { checkCardPayment } from './card-settlement';
import type { MercadoPago } from './mercado-pago-client';
import { type ChargeOutcomes, findChargeByTxid } from './payment-settlement';

const NOT_FOUND = 'Cobrança não encontrada.';
const NOT_PAYABLE = 'Esta cobrança não pode mais ser paga.';

/** The payer's bank of the embedded Pix PSP stand-in (`@petshop/sandbox`). */
export interface SandboxPixBank {
  pay(txid: string): Promise<'paid' | 'unknown' | 'not-payable'>;
}

/** The payer's side of the embedded card and boleto PSP stand-in: a boleto paid at a bank. */
export interface SandboxCardBank {
  pay(pspPaymentId: string): 'paid' | 'unknown' | 'not-payable';
}

/**
 * Sandbox mode only (no PIX_API_URL): whether it is on, and the route that plays the customer's
 * bank. The stand-in's own API Pix is mounted beside them by app.ts. Without sandbox mode none of
 * this is registered: 404.
 */
// Public on purpose: it only tells the web whether to offer 'Simular pagamento'.
export const sandboxModeRoutes = routeGroup<Record<string, unknown>>(PUBLIC, async (app) => {
  app.get(
    '/sandbox/pix/mode',
    {
      schema: {
        operationId: 'getSandboxMode',
        tags: ['Pagamentos'],
        summary: 'Ambiente de testes do Pix ativo (sem ambiente de testes: 404)',
        response: { 200: envelope(sandboxMode) },
      },
    },
    async () => ({ data: { sandbox: true as const } }),
  );
});

export const sandboxPayRoutes = routeGroup<{
  db: Db;
  config: Config;
  cards: MercadoPago;
  chargeOutcomes: ChargeOutcomes;
  sandboxBank?: SandboxPixBank;
  cardBank?: SandboxCardBank;
}>(CUSTOMER, async (app, { db, config, cards, chargeOutcomes, sandboxBank: bank, cardBank }) => {
  // A production shop that runs the sandbox on purpose lets only its admins play the customer's bank.
  const adminsOnly = config.NODE_ENV === 'production';
  app.post(
    '/sandbox/pix/:txid/pay',
    {
      schema: {
        operationId: 'paySandboxCharge',
        tags: ['Pagamentos'],
        summary: 'Simular o pagamento de uma cobrança (ambiente de testes): o PSP de testes avisa o webhook',
        params: txidParam,
        response: { 200: envelope(sandboxPayResult), ...authErrors, 409: errorBody },
      },
    },
    async (request) => {
      const auth = currentUser(request);
      const { txid } = request.params;
      const charge = await findChargeByTxid(db, txid);
      const allowed = auth.role === ROLES.admin || (!adminsOnly && charge?.userId === auth.id);
      if (!charge || !allowed) throw notFound(NOT_FOUND);
      if (charge.status !== PAYMENT_STATUS.pending) throw conflict(NOT_PAYABLE, 'CHARGE_NOT_PAYABLE');
      // A boleto is the card PSP's; a Pix is the Pix PSP's. Either answers through its webhook.
      const outcome =
        charge.method === 'Boleto'
          ? charge.pspPaymentId && cardBank
            ? cardBank.pay(charge.pspPaymentId)
            : 'unknown'
          : bank
            ? await bank.pay(txid)
            : 'unknown';
      if (outcome === 'unknown') throw notFound(NOT_FOUND);
      if (outcome === 'not-payable') throw conflict(NOT_PAYABLE, 'CHARGE_NOT_PAYABLE');
      // The bank's return reaches the shop at once; the PSP's webhook then finds nothing left to do.
      if (charge.method === 'Boleto')
        await checkCardPayment({ db, cards, log: request.log, outcomes: chargeOutcomes }, charge);
      return {
        data: { txid, status: 'CONCLUIDA' as const },
        message: 'Pagamento simulado. A confirmação do banco chega em instantes.',
      };
    },
  );
});
