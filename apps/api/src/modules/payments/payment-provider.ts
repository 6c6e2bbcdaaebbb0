import { randomInt } from 'node:crypto';
import { generatePixPayload } from '@brazilian-utils/brazilian-utils';
import { fromCents, PAYMENT_STATUS, type PaymentMethod, type PaymentStatus } from '@petshop/domain';
import { boletoLine } from './boleto-line';

export type ChargeStatus = PaymentStatus;

export interface ChargeRequest {
  method: PaymentMethod;
  totalCents: number;
  /** 1 to 25 letters and digits; the Pix txid and the boleto's own number. */
  reference: string;
}

export interface ChargeResult {
  status: ChargeStatus;
  pixCode?: string;
  boletoCode?: string;
}

/** Where a payment is charged. Called inside the payment transaction: a throw rolls everything back. */
export interface PaymentProvider {
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

export interface PixReceiver {
  key: string;
  merchantName: string;
  merchantCity: string;
}

/** Demo receiver: a random EVP (UUID) key that belongs to no one. A real shop passes its own. */
export const DEMO_PIX_RECEIVER: PixReceiver = {
  key: '7d9f0335-8dcc-4054-9bf9-0c5a2e4b1f6a',
  merchantName: 'PetCare',
  merchantCity: 'Sao Paulo',
};

const BOLETO_DAYS_TO_PAY = 3;

/**
 * The shop's stand-in provider: cards are approved at once; Pix answers a static BR Code
 * ("copia e cola") for the exact amount and Boleto a linha digitável, both pending until paid.
 */
export function defaultPaymentProvider(receiver: PixReceiver = DEMO_PIX_RECEIVER): PaymentProvider {
  return {
    async charge({ method, totalCents, reference }) {
      if (method === 'Pix') {
        const pixCode = generatePixPayload({
          ...receiver,
          // A BR Code may not ask for R$ 0,00: the payer types the amount then.
          amount: totalCents > 0 ? fromCents(totalCents) : undefined,
          txid: reference,
        });
        if (!pixCode) throw new Error('Pix payload could not be generated');
        return { status: PAYMENT_STATUS.pending, pixCode };
      }
      if (method === 'Boleto') {
        const due = new Date(Date.now() + BOLETO_DAYS_TO_PAY * 86_400_000);
        const ours = reference.replace(/\D/g, '').slice(-13).padStart(13, '0');
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
