import { PAYMENT_STATUS, type PaymentStatus } from '@petshop/domain';
import type { MercadoPago, MpPayment } from './mercado-pago-client';
import { statusOf } from './payment-provider';
import { centsToPix } from './pix-amount';
import { PspRefusedError, PspUnavailableError } from './psp-errors';

/** One charge of a saved card, as plans need to know it. */
export type SavedCardCharge =
  /** the PSP did not answer: nothing is known to be charged; the same key may be tried again */
  | { outcome: 'unavailable' }
  | {
      outcome: 'answered';
      status: PaymentStatus;
      pspPaymentId: string | null;
      /** the PSP's reason, e.g. cc_rejected_insufficient_amount */
      detail: string;
      cardBrand: string | null;
      cardLastFour: string | null;
    };

export interface SavedCardChargeRequest {
  customerId: string;
  /** the card as the subscription keeps it: `<payment method id>:<card id>` */
  savedCard: string;
  amountCents: number;
  description: string;
  payer: { email: string; cpf: string };
  /** external_reference at the PSP */
  reference: string;
  idempotencyKey: string;
}

/** A saved card as the subscription keeps it: the PSP's payment method id and card id. */
const savedCardOf = (savedCard: string) => {
  const [method, id] = savedCard.split(':');
  return { paymentMethodId: method ?? '', cardId: id ?? '' };
};

const answered = (payment: Pick<MpPayment, 'id' | 'status' | 'status_detail' | 'payment_method_id' | 'card'>) => ({
  outcome: 'answered' as const,
  status: statusOf(payment),
  pspPaymentId: payment.id ? String(payment.id) : null,
  detail: payment.status_detail,
  cardBrand: payment.payment_method_id || null,
  cardLastFour: payment.card?.last_four_digits ?? null,
});

/**
 * A plan's saved card at the card PSP: saved once (Customers API), charged each cycle with a fresh
 * token of it. Each call is a request to the PSP: callers make it outside any database transaction.
 */
export const savedCardsOf = (cards: MercadoPago) => ({
  /** Saves the card behind a browser's token; PspRefusedError when the PSP refuses it. */
  async save(email: string, token: string, paymentMethodId: string) {
    const customer = await cards.createCustomer(email);
    const card = await cards.saveCard(customer.id, token);
    return { customerId: customer.id, savedCard: `${card.payment_method?.id || paymentMethodId}:${card.id}` };
  },
  async charge(request: SavedCardChargeRequest): Promise<SavedCardCharge> {
    const { paymentMethodId, cardId } = savedCardOf(request.savedCard);
    try {
      const token = await cards.savedCardToken(request.customerId, cardId);
      const payment = await cards.createPayment(
        {
          transaction_amount: Number(centsToPix(request.amountCents)),
          description: request.description,
          payment_method_id: paymentMethodId,
          payer: { email: request.payer.email, identification: { type: 'CPF', number: request.payer.cpf } },
          external_reference: request.reference,
          token,
          installments: 1,
        },
        request.idempotencyKey,
      );
      return answered(payment);
    } catch (error) {
      if (error instanceof PspUnavailableError) return { outcome: 'unavailable' };
      if (!(error instanceof PspRefusedError)) throw error;
      // The PSP refused the card or its token: an attempt that failed.
      return {
        outcome: 'answered',
        status: PAYMENT_STATUS.declined,
        pspPaymentId: null,
        detail: 'cc_rejected_other_reason',
        cardBrand: paymentMethodId || null,
        cardLastFour: null,
      };
    }
  },
});
