import { PAYMENT_STATUS, ROLES, sandboxMode, sandboxPayResult, txidParam } from '@petshop/domain';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { currentUser } from '../../lib/auth-user';
import { authErrors, envelope, errorBody } from '../../lib/http';
import { CUSTOMER, PUBLIC, routeGroup } from '../../lib/route-group';
import { type ChargeOutcomes, findChargeByTxid, recordPayment } from './payment-settlement';
import type { PixApi } from './pix-api-client';

const NOT_FOUND = 'Cobrança não encontrada.';
const NOT_PAYABLE = 'Esta cobrança não pode mais ser paga.';

/** The payer's bank of the embedded Pix PSP stand-in (`@petshop/sandbox`). */
export interface SandboxPixBank {
  pay(txid: string): Promise<'paid' | 'unknown' | 'not-payable'>;
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
  pix: PixApi;
  chargeOutcomes: ChargeOutcomes;
  sandboxBank: SandboxPixBank;
}>(CUSTOMER, async (app, { db, pix, chargeOutcomes, sandboxBank: bank }) => {
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
      if (!charge || (auth.role !== ROLES.admin && charge.userId !== auth.id)) throw notFound(NOT_FOUND);
      if (charge.method === 'Boleto') {
        // No PSP issues our boletos: the sandbox bank's payment is recorded as a bank return would be.
        if (charge.status !== PAYMENT_STATUS.pending) throw conflict(NOT_PAYABLE, 'CHARGE_NOT_PAYABLE');
        await recordPayment({ db, pix, log: request.log, outcomes: chargeOutcomes }, charge, {
          endToEndId: `BOLETO${txid}`,
          amountCents: charge.totalCents,
          paidAt: new Date(),
        });
      } else {
        const outcome = await bank.pay(txid);
        if (outcome === 'unknown') throw notFound(NOT_FOUND);
        if (outcome === 'not-payable') throw conflict(NOT_PAYABLE, 'CHARGE_NOT_PAYABLE');
      }
      return {
        data: { txid, status: 'CONCLUIDA' as const },
        message: 'Pagamento simulado. A confirmação do banco chega em instantes.',
      };
    },
  );
});
