import { z } from 'zod';
import { DELIVERY_METHODS, ORDER_STATUS, PAYMENT_METHODS, PAYMENT_STATUS } from '../constants';
import { ORDER_PROGRESS_STATUSES, ORDER_STATUS_MESSAGE } from '../order-status';
import { idField } from './common';

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

/** Each status the order has been in, oldest first, with when it got there (ISO 8601). */
export const orderTimeline = z.array(z.object({ status: orderStatusField, at: z.string() }));
export type OrderTimeline = z.infer<typeof orderTimeline>;

const delivery = {
  deliveryMethod: z.enum(DELIVERY_METHODS),
  /** the fee paid, part of totalValue; 0 for pickup or free shipping */
  shippingPrice: z.number(),
  timeline: orderTimeline,
};

/** Customer view (SPEC section 3). `price` is the unit price paid. */
export const customerOrder = z.object({
  id: z.number(),
  orderDate: z.string(),
  status: orderStatusField,
  totalValue: z.number(),
  paymentMethod: z.enum(PAYMENT_METHODS),
  items: z.array(z.object({ productName: z.string(), quantity: z.number(), price: z.number() })),
  ...delivery,
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
  /** the delivery address as it was at checkout; null for pickup */
  addresses: z
    .object({
      street: z.string(),
      number: z.string(),
      complement: z.string(),
      district: z.string(),
      city: z.string(),
      cep: z.string(),
    })
    .nullable(),
  ...delivery,
  paymentMethod: z.enum(PAYMENT_METHODS),
  paymentStatus: paymentStatusField,
  /** a payment arrived after the order expired or was cancelled: the money must go back */
  refundDue: z.boolean(),
});
export type AdminOrder = z.infer<typeof adminOrder>;

export const orderState = z.object({ id: z.number(), status: orderStatusField });
export type OrderState = z.infer<typeof orderState>;

/** PUT /orders/{id}: the status to move to; no body means delivered (SPEC's call). */
export const orderMoveBody = z
  .object({ status: z.enum(ORDER_PROGRESS_STATUSES, { error: ORDER_STATUS_MESSAGE }) })
  .nullish();
export type OrderMoveBody = z.infer<typeof orderMoveBody>;

export const paymentIdParam = z.object({
  paymentId: idField(),
});
