import { PAYMENT_STATUS, type PaymentMethod, type PaymentStatus } from '@petshop/domain';
import type { MercadoPago, MpPayment } from './mercado-pago-client';
import { centsToPix } from './pix-amount';
import type { PixApi } from './pix-api-client';

export interface CardData {
  /** the PSP's card token, made in the browser: the shop never sees the number */
  token: string;
  installments: number;
  /** the PSP's payment_method_id: master, visa, elo, debelo… */
  paymentMethodId: string;
  issuerId?: string;
}

export interface Payer {
  email: string;
  name: string;
  cpf: string;
  address?: { cep: string; street: string; number: string; district: string; city: string; uf: string };
}

export interface ChargeRequest {
  method: PaymentMethod;
  totalCents: number;
  /** 26 to 35 letters and digits: the Pix txid and the boleto's own number */
  txid: string;
  /** Pix: seconds the charge stays payable */
  expiresInSeconds: number;
  /** Boleto: the due date */
  due: Date;
  /** cards: what the browser tokenized */
  card?: CardData;
  /** cards and boletos: who pays */
  payer?: Payer;
  /** cards and boletos: our reference at the PSP (the order id; the txid for a boleto) */
  reference?: string;
  /** cards and boletos: the PSP's X-Idempotency-Key */
  idempotencyKey?: string;
}

export interface ChargeResult {
  status: PaymentStatus;
  pixCode?: string;
  boletoCode?: string;
  boletoBarcode?: string;
  boletoUrl?: string;
  pspPaymentId?: string;
  installments?: number;
  cardBrand?: string;
  cardLastFour?: string;
  /** refused: the PSP's reason (status_detail) */
  rejection?: string;
  /** 3-D Secure: where the customer's bank asks them to confirm */
  challengeUrl?: string;
  /** 3DS: the challenge request the browser posts to challengeUrl */
  challengeCreq?: string;
}

/**
 * Where a payment is charged. Cards are answered at once (approved, refused, or pending while the
 * PSP reviews or the bank asks for 3-D Secure); Pix and boleto answer what the customer pays with
 * and stay pending until the bank pays. A PSP that cannot be reached throws PspUnavailableError.
 *
 * A provider only talks to its PSP and answers; it writes nothing. The checkout
 * (`orders/checkout.ts`) records the answer as the payment and places the order; a charge that is
 * settled or expired later (webhook, reconciliation, expiry job) moves the payment in
 * `payment-settlement.ts` or `card-settlement.ts`, which hand the order's part to the
 * `ChargeOutcomes` the orders lifecycle provides. A pending card (under review, 3-D Secure) follows
 * the same path as a pending Pix.
 */
export interface PaymentProvider {
  charge(request: ChargeRequest): Promise<ChargeResult>;
}

/** Mercado Pago's statuses in the shop's words. */
export function statusOf(payment: Pick<MpPayment, 'status' | 'status_detail'>): PaymentStatus {
  switch (payment.status) {
    case 'approved':
    case 'authorized':
      return payment.status_detail === 'partially_refunded'
        ? PAYMENT_STATUS.partiallyRefunded
        : PAYMENT_STATUS.approved;
    case 'rejected':
      return PAYMENT_STATUS.declined;
    case 'cancelled':
      return payment.status_detail === 'expired' ? PAYMENT_STATUS.expired : PAYMENT_STATUS.cancelled;
    case 'refunded':
      return PAYMENT_STATUS.refunded;
    case 'charged_back':
      return PAYMENT_STATUS.chargedBack;
    default:
      return PAYMENT_STATUS.pending;
  }
}

const toAmount = (cents: number) => Number(centsToPix(cents));

function splitName(name: string) {
  const parts = name.trim().split(/\s+/);
  const first = parts[0] ?? name;
  return { first_name: first, last_name: parts.slice(1).join(' ') || first };
}

export interface ProviderOptions {
  pix: PixApi;
  pixKey: string;
  cards: MercadoPago;
}

/** Pix through the PSP's API Pix; cards and registered boletos through Mercado Pago. */
export function defaultPaymentProvider({ pix, pixKey, cards }: ProviderOptions): PaymentProvider {
  return {
    async charge({ method, totalCents, txid, expiresInSeconds, due, card, payer, reference, idempotencyKey }) {
      if (method === 'Pix') {
        const cob = await pix.createCob(txid, {
          expiracao: expiresInSeconds,
          original: centsToPix(totalCents),
          chave: pixKey,
          solicitacaoPagador: 'Pedido PetCare',
        });
        return { status: PAYMENT_STATUS.pending, pixCode: cob.pixCopiaECola };
      }
      if (!payer || !reference || !idempotencyKey) throw new Error('card PSP charge without payer or reference');
      const common = {
        transaction_amount: toAmount(totalCents),
        description: `Pedido PetCare ${reference}`,
        // No notification_url: the signed webhook is the one registered at the PSP (`/api/webhooks/cards`).
        external_reference: reference,
      };
      if (method === 'Boleto') {
        const address = payer.address;
        const payment = await cards.createPayment(
          {
            ...common,
            payment_method_id: 'bolbradesco',
            // The boleto may be paid through the day after its due date, São Paulo time.
            date_of_expiration: new Date(due.getTime() + 86_400_000 * 2 + 3 * 3_600_000 - 1000).toISOString(),
            payer: {
              email: payer.email,
              ...splitName(payer.name),
              identification: { type: 'CPF', number: payer.cpf },
              ...(address && {
                address: {
                  zip_code: address.cep,
                  street_name: address.street,
                  street_number: address.number,
                  neighborhood: address.district,
                  city: address.city,
                  federal_unit: address.uf,
                },
              }),
            },
          },
          idempotencyKey,
        );
        const details = payment.transaction_details;
        return {
          status: statusOf(payment),
          pspPaymentId: String(payment.id),
          ...(details?.digitable_line ? { boletoCode: details.digitable_line } : {}),
          ...(details?.barcode?.content ? { boletoBarcode: details.barcode.content } : {}),
          ...(details?.external_resource_url ? { boletoUrl: details.external_resource_url } : {}),
        };
      }
      if (!card) throw new Error('card charge without card data');
      const payment = await cards.createPayment(
        {
          ...common,
          token: card.token,
          installments: card.installments,
          payment_method_id: card.paymentMethodId,
          ...(card.issuerId ? { issuer_id: card.issuerId } : {}),
          three_d_secure_mode: 'optional',
          payer: { email: payer.email, identification: { type: 'CPF', number: payer.cpf } },
        },
        idempotencyKey,
      );
      const status = statusOf(payment);
      return {
        status,
        pspPaymentId: String(payment.id),
        installments: payment.installments,
        cardBrand: payment.payment_method_id,
        ...(payment.card?.last_four_digits ? { cardLastFour: payment.card.last_four_digits } : {}),
        ...(status === PAYMENT_STATUS.declined ? { rejection: payment.status_detail } : {}),
        ...(payment.three_ds_info?.external_resource_url
          ? { challengeUrl: payment.three_ds_info.external_resource_url }
          : {}),
        ...(payment.three_ds_info?.creq ? { challengeCreq: payment.three_ds_info.creq } : {}),
      };
    },
  };
}
