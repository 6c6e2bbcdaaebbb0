import { z } from 'zod';
import {
  DELIVERY_METHOD,
  DELIVERY_METHODS,
  ORDER_STATUS,
  PAYMENT_METHODS,
  PAYMENT_STATUS,
  type PaymentMethod,
} from '../constants';
import { PAYMENT_MISSING_MESSAGE } from '../payment-messages';
import { money } from './money';

const requiredId = z
  .number({ error: PAYMENT_MISSING_MESSAGE })
  .int(PAYMENT_MISSING_MESSAGE)
  .positive(PAYMENT_MISSING_MESSAGE);

export const CARD_MISSING_MESSAGE = 'Informe os dados do cartão.';
export const DEBIT_ONE_INSTALLMENT = 'Cartão de débito é sempre à vista (1 parcela).';
export const CARD_REJECTED_CODE = 'CARD_REJECTED';
export const CARD_METHODS: readonly PaymentMethod[] = ['Cartão de Crédito', 'Cartão de Débito'];
export const isCardMethod = (method: PaymentMethod) => CARD_METHODS.includes(method);

/** What the browser got from the PSP's /v1/card_tokens: never the card number. */
export const cardPayment = z.object(
  {
    token: z
      .string({ error: CARD_MISSING_MESSAGE })
      .min(8, CARD_MISSING_MESSAGE)
      .max(2000)
      .regex(/^[\w.-]+$/, CARD_MISSING_MESSAGE),
    installments: z
      .number({ error: 'Escolha o número de parcelas.' })
      .int('Escolha o número de parcelas.')
      .min(1, 'Escolha o número de parcelas.')
      .max(12, 'No máximo 12 parcelas.'),
    paymentMethodId: z
      .string({ error: 'Bandeira do cartão não reconhecida.' })
      .regex(/^[a-z_]{2,30}$/, 'Bandeira do cartão não reconhecida.'),
    issuerId: z
      .string()
      .regex(/^\d{1,20}$/)
      .optional(),
  },
  { error: CARD_MISSING_MESSAGE },
);
export type CardPayment = z.infer<typeof cardPayment>;

/** Delivery (the default) needs an address; pickup at the shop needs none and ignores one sent. */
export const payBody = z
  .object(
    {
      cartId: requiredId,
      addressId: requiredId.optional(),
      paymentMethod: z.enum(PAYMENT_METHODS, {
        error: (issue) =>
          issue.input === undefined || issue.input === '' ? PAYMENT_MISSING_MESSAGE : 'Método de pagamento inválido.',
      }),
      deliveryMethod: z
        .enum(DELIVERY_METHODS, { error: 'Forma de entrega inválida.' })
        .default(DELIVERY_METHOD.delivery),
      card: cardPayment.optional(),
      /** pickup: the store chosen (with several active ones); delivery ships from the store that has every item */
      storeId: requiredId.optional(),
    },
    { error: PAYMENT_MISSING_MESSAGE },
  )
  .superRefine((body, ctx) => {
    if (body.deliveryMethod === DELIVERY_METHOD.delivery && body.addressId === undefined)
      ctx.addIssue({ code: 'custom', path: ['addressId'], message: PAYMENT_MISSING_MESSAGE });
    // No card order is ever approved blind: a card method needs the PSP's token.
    if (isCardMethod(body.paymentMethod) && !body.card)
      ctx.addIssue({ code: 'custom', path: ['card'], message: CARD_MISSING_MESSAGE });
    if (body.paymentMethod === 'Cartão de Débito' && body.card && body.card.installments !== 1)
      ctx.addIssue({ code: 'custom', path: ['card', 'installments'], message: DEBIT_ONE_INSTALLMENT });
  });
export type PayBody = z.infer<typeof payBody>;

/** Optional header: the same key (per user) replays the first successful payment. */
export const idempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .regex(/^[\w.:-]{1,100}$/, 'Idempotency-Key inválida: use até 100 letras, números, ".", ":", "_" ou "-".')
    .optional(),
});

export const paymentSummary = z.object({
  summary: z.object({
    items: z.array(
      z.object({ productName: z.string(), quantity: z.number(), price: z.number(), totalItemValue: z.number() }),
    ),
    totalItems: z.number(),
    totalValue: z.number(),
  }),
});
export type PaymentSummary = z.infer<typeof paymentSummary>;

export const paymentResult = z.object({
  payment: z.object({
    id: z.number(),
    paymentMethod: z.enum(PAYMENT_METHODS),
    totalValue: z.number(),
    status: z.enum(PAYMENT_STATUS),
    /** Pix "copia e cola" (BR Code) */
    pixCode: z.string().optional(),
    /** Boleto linha digitável (47 digits) */
    boletoCode: z.string().optional(),
    /** Pix and boleto: our charge id at the PSP (txid) */
    txid: z.string().optional(),
    /** QR code of `pixCode` as a data: URL (SVG) */
    pixQrCode: z.string().optional(),
    /** ISO 8601: a pending payment not paid by then expires */
    expiresAt: z.string().optional(),
    /** Boleto due date, YYYY-MM-DD */
    dueDate: z.string().optional(),
    /** Boleto: the 44-digit bar code and the PSP's PDF */
    boletoBarcode: z.string().optional(),
    boletoUrl: z.string().optional(),
    /** Cards: the PSP's payment id, installments, brand and last four digits */
    pspPaymentId: z.string().optional(),
    installments: z.number().optional(),
    cardBrand: z.string().optional(),
    cardLastFour: z.string().optional(),
    /** Card pending 3-D Secure: where the customer's bank asks them to confirm */
    challengeUrl: z.string().optional(),
    /** what the browser posts to challengeUrl (the 3-D Secure challenge request) */
    challengeCreq: z.string().optional(),
  }),
  order: z.object({ id: z.number(), status: z.enum(ORDER_STATUS) }),
});
export type PaymentResult = z.infer<typeof paymentResult>;

/** API Pix webhook notification (the PSP's POST to {webhook}/pix): only a hint to ask the PSP. */
export const pixWebhookBody = z.object({
  pix: z
    .array(
      z.looseObject({
        endToEndId: z.string().max(64),
        txid: z.string().max(35).optional(),
        valor: z.string().max(20),
        horario: z.string().max(40),
      }),
    )
    .max(1000)
    .default([]),
});
export const pixWebhookQuery = z.object({ hmac: z.string().max(200).optional() });

export const txidParam = z.object({
  txid: z.string().regex(/^[a-zA-Z0-9]{26,35}$/, 'Cobrança não encontrada.'),
});
export const sandboxPayResult = z.object({ txid: z.string(), status: z.literal('CONCLUIDA') });
export const sandboxMode = z.object({ sandbox: z.literal(true) });

/** GET /payments/config: what the payment page offers and where it tokenizes a card. */
export const paymentsConfig = z.object({
  sandbox: z.boolean(),
  methods: z.array(z.enum(PAYMENT_METHODS)),
  card: z.object({ publicKey: z.string(), tokenizeUrl: z.string(), maxInstallments: z.number() }),
});
export type PaymentsConfig = z.infer<typeof paymentsConfig>;

export const installmentsQuery = z.object({
  amount: z.coerce.number({ error: 'Valor inválido.' }).positive('Valor inválido.').max(1_000_000, 'Valor inválido.'),
  paymentMethodId: z.string().regex(/^[a-z_]{2,30}$/, 'Bandeira do cartão não reconhecida.'),
});
export const installmentOption = z.object({
  installments: z.number(),
  installmentAmount: z.number(),
  totalAmount: z.number(),
  label: z.string(),
});
export type InstallmentOption = z.infer<typeof installmentOption>;

/** POST /orders/{id}/refund (admin): the whole rest without `amount`. */
export const refundBody = z.object({
  amount: money('Valor do reembolso inválido.', {
    least: 'positive',
    tooSmall: 'Valor do reembolso inválido.',
    tooLarge: 'Valor do reembolso inválido.',
  }).optional(),
  reason: z
    .string({ error: 'Informe o motivo do reembolso.' })
    .trim()
    .min(3, 'Informe o motivo do reembolso.')
    .max(300, 'Motivo: até 300 caracteres.'),
});
export type RefundBody = z.infer<typeof refundBody>;

/**
 * How money goes back: card (the card PSP's refund), pix (an API Pix devolução), manual (a transfer
 * the admin confirms), cash (from a till's drawer) and terminal (on the store's own card machine),
 * the last two concluded when recorded.
 */
export const REFUND_KINDS = ['card', 'pix', 'manual', 'cash', 'terminal'] as const;
export type RefundKind = (typeof REFUND_KINDS)[number];
export const refundView = z.object({
  id: z.number(),
  amount: z.number(),
  reason: z.string(),
  kind: z.enum(REFUND_KINDS),
  status: z.enum(['pendente', 'concluido', 'falhou']),
  createdAt: z.string(),
});
export type RefundView = z.infer<typeof refundView>;
export const refundResult = z.object({
  refund: refundView,
  payment: z.object({ id: z.number(), status: z.enum(PAYMENT_STATUS), refundedValue: z.number() }),
});
export type RefundResult = z.infer<typeof refundResult>;
