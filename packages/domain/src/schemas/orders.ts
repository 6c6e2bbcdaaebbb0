import { z } from 'zod';
import { ORDER_STATUS, PAYMENT_METHODS, PAYMENT_STATUS } from '../constants';

export const orderStatusField = z.enum(ORDER_STATUS);
export const paymentStatusField = z.enum(PAYMENT_STATUS);

/** What the customer needs to pay an order that waits for payment (only while it waits). */
export const pendingCharge = {
  txid: z.string().optional(),
  pixCode: z.string().optional(),
  pixQrCode: z.string().optional(),
  boletoCode: z.string().optional(),
  expiresAt: z.string().optional(),
  dueDate: z.string().optional(),
};

/** Customer view (SPEC section 3). `price` is the unit price paid. */
export const customerOrder = z.object({
  id: z.number(),
  orderDate: z.string(),
  status: orderStatusField,
  totalValue: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  items: z.array(z.object({ productName: z.string(), quantity: z.number(), price: z.number() })),
  paymentId: z.number(),
  paymentStatus: paymentStatusField,
  ...pendingCharge,
});
export type CustomerOrder = z.infer<typeof customerOrder>;

/** Admin view (SPEC section 3), plus the customer's name and e-mail (an anonymised account reads as such). */
export const adminOrder = z.object({
  orderId: z.number(),
  userId: z.number(),
  userName: z.string(),
  userEmail: z.string(),
  totalValue: z.number(),
  status: orderStatusField,
  orderDate: z.string(),
  items: z.array(z.object({ productName: z.string(), quantity: z.number() })),
  addresses: z.object({ number: z.string(), complement: z.string(), city: z.string(), cep: z.string() }),
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: paymentStatusField,
  /** a payment arrived after the order expired or was cancelled: the money must go back */
  refundDue: z.boolean(),
});
export type AdminOrder = z.infer<typeof adminOrder>;

export const orderState = z.object({ id: z.number(), status: orderStatusField });
export type OrderState = z.infer<typeof orderState>;

export const paymentIdParam = z.object({
  paymentId: z.coerce
    .number({ error: 'Identificador inválido.' })
    .int('Identificador inválido.')
    .positive('Identificador inválido.'),
});
