import { randomInt } from 'node:crypto';
import { PAYMENT_STATUS, type PaymentMethod, type PaymentStatus } from '@petshop/domain';
import { boletoLine } from './boleto-line';
import { centsToPix } from './pix-amount';
import type { PixApi } from './pix-api-client';

export interface ChargeRequest {
  method: PaymentMethod;
  totalCents: number;
  /** 26 to 35 letters and digits: the Pix txid and the boleto's own number */
  txid: string;
  /** Pix: seconds the charge stays payable */
  expiresInSeconds: number;
  /** Boleto: the due date */
  due: Date;
}

export interface ChargeResult {
  status: PaymentStatus;
  pixCode?: string;
  boletoCode?: string;
}

/**
 * Where a payment is charged. Cards are approved or declined at once; Pix and boleto answer what
 * the customer pays with and stay pending until the bank pays. A PSP that cannot be reached throws
 * PspUnavailableError.
 *
 * A provider only talks to its PSP and answers; it writes nothing. The checkout
 * (`orders/checkout.ts`) records the answer as the payment and places the order; a charge that is
 * settled or expired later (webhook, reconciliation, expiry job) moves the payment in
 * `payment-settlement.ts`, which hands the order's part to the `ChargeOutcomes` the orders
 * lifecycle provides. A pending card (e.g. under review) follows the same path as a pending Pix.
 */
export interface PaymentProvider {
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** Pix through the PSP's API Pix; boleto lines made here; cards approved at once (no acquirer yet). */
export function defaultPaymentProvider(pix: PixApi, pixKey: string): PaymentProvider {
  return {
    async charge({ method, totalCents, txid, expiresInSeconds, due }) {
      if (method === 'Pix') {
        const cob = await pix.createCob(txid, {
          expiracao: expiresInSeconds,
          original: centsToPix(totalCents),
          chave: pixKey,
          solicitacaoPagador: 'Pedido PetCare',
        });
        return { status: PAYMENT_STATUS.pending, pixCode: cob.pixCopiaECola };
      }
      if (method === 'Boleto') {
        const ours = txid.replace(/\D/g, '').slice(-13).padStart(13, '0');
        const freeField = `${ours}${String(randomInt(0, 1e12)).padStart(12, '0')}`;
        return {
          status: PAYMENT_STATUS.pending,
          boletoCode: boletoLine({ bank: '001', due, amountCents: totalCents, freeField }),
        };
      }
      return { status: PAYMENT_STATUS.approved };
    },
  };
}
