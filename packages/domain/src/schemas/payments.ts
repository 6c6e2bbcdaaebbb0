import { z } from 'zod';
import { DELIVERY_METHOD, DELIVERY_METHODS, ORDER_STATUS, PAYMENT_METHODS, PAYMENT_STATUS } from '../constants';
import { PAYMENT_MISSING_MESSAGE } from '../payment-messages';

const requiredId = z
  .number({ error: PAYMENT_MISSING_MESSAGE })
  .int(PAYMENT_MISSING_MESSAGE)
  .positive(PAYMENT_MISSING_MESSAGE);

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
    },
    { error: PAYMENT_MISSING_MESSAGE },
  )
  .superRefine((body, ctx) => {
    if (body.deliveryMethod === DELIVERY_METHOD.delivery && body.addressId === undefined)
      ctx.addIssue({ code: 'custom', path: ['addressId'], message: PAYMENT_MISSING_MESSAGE });
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
