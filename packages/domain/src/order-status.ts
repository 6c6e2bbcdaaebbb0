import { DELIVERY_METHOD, type DeliveryMethod, ORDER_STATUS, type OrderStatus } from './constants';

/**
 * Every order status change the shop allows, in one table. Cancelling goes through the cancel
 * routes (stock comes back); every other move through `PUT /orders/{id}`.
 */
const NEXT: Record<OrderStatus, (method: DeliveryMethod) => readonly OrderStatus[]> = {
  // Only the payment (webhook or reconciliation) moves a waiting order on; it never ships unpaid.
  [ORDER_STATUS.awaitingPayment]: () => [ORDER_STATUS.processing, ORDER_STATUS.cancelled],
  [ORDER_STATUS.processing]: (method) => [
    method === DELIVERY_METHOD.pickup ? ORDER_STATUS.readyForPickup : ORDER_STATUS.shipped,
    ORDER_STATUS.cancelled,
  ],
  [ORDER_STATUS.shipped]: () => [ORDER_STATUS.delivered],
  [ORDER_STATUS.readyForPickup]: () => [ORDER_STATUS.delivered],
  [ORDER_STATUS.delivered]: () => [],
  [ORDER_STATUS.cancelled]: () => [],
};

/** The statuses an order may move to from where it is. */
export const nextOrderStatuses = (order: { status: OrderStatus; deliveryMethod: DeliveryMethod }) =>
  NEXT[order.status](order.deliveryMethod);

export const canMoveOrder = (order: { status: OrderStatus; deliveryMethod: DeliveryMethod }, to: OrderStatus) =>
  nextOrderStatuses(order).includes(to);

/** The statuses an admin sets with `PUT /orders/{id}`; a body-less call means delivered. */
export const ORDER_PROGRESS_STATUSES = [
  ORDER_STATUS.shipped,
  ORDER_STATUS.readyForPickup,
  ORDER_STATUS.delivered,
] as const;
export type OrderProgressStatus = (typeof ORDER_PROGRESS_STATUSES)[number];

export const ORDER_STATUS_MESSAGE = 'Status inválido. Use "Enviado", "Pronto para retirada" ou "Entregue".';
