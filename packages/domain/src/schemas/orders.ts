import { z } from 'zod';
import { DELIVERY_METHODS, ORDER_STATUS, PAYMENT_METHODS, PAYMENT_STATUS } from '../constants';
import { ORDER_PROGRESS_STATUSES, ORDER_STATUS_MESSAGE } from '../order-status';
import { idField, paginationQuery } from './common';
import { calendarDate } from './dates';

export const orderStatusField = z.enum(ORDER_STATUS);
export const paymentStatusField = z.enum(PAYMENT_STATUS);

/** What the customer needs to pay an order that waits for payment (only while it waits). */
export const pendingCharge = {
  txid: z.string().optional(),
  pixCode: z.string().optional(),
  pixQrCode: z.string().optional(),
  boletoCode: z.string().optional(),
  /** Boleto: the 44-digit bar code and the PSP's PDF */
  boletoBarcode: z.string().optional(),
  boletoUrl: z.string().optional(),
  /** Card pending 3-D Secure: where the customer's bank asks them to confirm */
  challengeUrl: z.string().optional(),
  /** what the browser posts to challengeUrl (the 3-D Secure challenge request) */
  challengeCreq: z.string().optional(),
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
  /** the store that hands the order over (pickup) or ships it (delivery) */
  storeId: z.number(),
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

/** A refund as the customer sees it on their order: how much, how far it got, when. */
export const customerRefund = z.object({
  id: z.number(),
  amount: z.number(),
  status: z.enum(['pendente', 'concluido', 'falhou']),
  createdAt: z.string(),
});
export type CustomerRefund = z.infer<typeof customerRefund>;

/** GET /orders/{id}/details: the order page after any payment. */
export const customerOrderDetail = customerOrder.extend({
  /** each line with its product (null once the product is gone), so the order can be bought again */
  items: z.array(
    z.object({ productId: z.number().nullable(), productName: z.string(), quantity: z.number(), price: z.number() }),
  ),
  /** cards: the installments and the card's brand (the PSP's payment_method_id) and last four digits */
  installments: z.number().optional(),
  cardBrand: z.string().optional(),
  cardLastFour: z.string().optional(),
  /** the delivery address as it was at checkout; null for pickup */
  address: z
    .object({
      street: z.string(),
      number: z.string(),
      complement: z.string(),
      district: z.string(),
      city: z.string(),
      uf: z.string(),
      cep: z.string(),
    })
    .nullable(),
  /** given back so far, and each refund */
  refundedValue: z.number(),
  refunds: z.array(customerRefund),
});
export type CustomerOrderDetail = z.infer<typeof customerOrderDetail>;

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
  /** given back so far (refunds concluded or under way) */
  refundedValue: z.number(),
});
export type AdminOrder = z.infer<typeof adminOrder>;

export const SALES_CUSTOMER_MAX = 100;

/**
 * GET /orders/all/users: a page of the sales, narrowed by the day it was placed (São Paulo, both
 * ends included), its status now and the customer (each word in the name, or part of the e-mail).
 */
export const adminOrdersQuery = paginationQuery
  .extend({
    from: calendarDate('Informe a data inicial válida (AAAA-MM-DD).').optional(),
    to: calendarDate('Informe a data final válida (AAAA-MM-DD).').optional(),
    status: z
      .enum(ORDER_STATUS, {
        error: `Situação inválida. Use uma destas: ${Object.values(ORDER_STATUS).join(', ')}.`,
      })
      .optional(),
    customer: z
      .string({ error: 'Informe o nome ou o e-mail do cliente.' })
      .trim()
      .max(SALES_CUSTOMER_MAX, `Use no máximo ${SALES_CUSTOMER_MAX} caracteres.`)
      .optional(),
  })
  .refine(({ from, to }) => !from || !to || from <= to, {
    path: ['to'],
    message: 'A data final deve ser igual ou posterior à data inicial.',
  });
export type AdminOrdersQuery = z.infer<typeof adminOrdersQuery>;

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
