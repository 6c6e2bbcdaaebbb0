import {
  DELIVERY_METHOD,
  type DeliveryMethod,
  ORDER_STATUS,
  type OrderStatus,
  PAYMENT_STATUS,
  type PaymentStatus,
} from './constants';

/**
 * Every move of an order's life, in one table: where it may come from and where it goes. The API's
 * order lifecycle performs each as one conditional update (`where status = from`), so of two
 * parallel movers only one moves the order. `ship` and `readyForPickup` apply to one delivery
 * method each. Refunds come with the card payments and leave the status as it is.
 */
export const ORDER_MOVES = {
  /** the bank confirmed the Pix or boleto: an order is never shipped unpaid */
  settle: { from: [ORDER_STATUS.awaitingPayment], to: ORDER_STATUS.processing },
  ship: { from: [ORDER_STATUS.processing], to: ORDER_STATUS.shipped, method: DELIVERY_METHOD.delivery },
  readyForPickup: {
    from: [ORDER_STATUS.processing],
    to: ORDER_STATUS.readyForPickup,
    method: DELIVERY_METHOD.pickup,
  },
  deliver: { from: [ORDER_STATUS.shipped, ORDER_STATUS.readyForPickup], to: ORDER_STATUS.delivered },
  /** by the customer or an admin before it leaves the shop: stock back */
  cancel: { from: [ORDER_STATUS.awaitingPayment, ORDER_STATUS.processing], to: ORDER_STATUS.cancelled },
  /** the charge was not paid in time: stock back */
  expire: { from: [ORDER_STATUS.awaitingPayment], to: ORDER_STATUS.cancelled },
} as const satisfies Record<string, { from: readonly OrderStatus[]; to: OrderStatus; method?: DeliveryMethod }>;
export type OrderMove = keyof typeof ORDER_MOVES;

/** Where a new order starts: waiting for a Pix or boleto, or paid at once. */
export const initialOrderStatus = (paymentPending: boolean): OrderStatus =>
  paymentPending ? ORDER_STATUS.awaitingPayment : ORDER_STATUS.processing;

/** Whether `move` may start from this order's status (and delivery method). */
export function canApply(move: OrderMove, order: { status: OrderStatus; deliveryMethod: DeliveryMethod }) {
  const rule: { from: readonly OrderStatus[]; method?: DeliveryMethod } = ORDER_MOVES[move];
  return rule.from.includes(order.status) && (rule.method === undefined || rule.method === order.deliveryMethod);
}

const MOVE_NAMES = Object.keys(ORDER_MOVES) as OrderMove[];

/** The move that takes an order to `to`, if the table has one. */
export const moveTo = (order: { status: OrderStatus; deliveryMethod: DeliveryMethod }, to: OrderStatus) =>
  MOVE_NAMES.find((move) => ORDER_MOVES[move].to === to && canApply(move, order));

/** Where an order's life ends: no move starts there (delivered, cancelled). */
export const CLOSED_ORDER_STATUSES: readonly OrderStatus[] = Object.values(ORDER_STATUS).filter(
  (status) => !MOVE_NAMES.some((move) => (ORDER_MOVES[move].from as readonly OrderStatus[]).includes(status)),
);
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = Object.values(ORDER_STATUS).filter(
  (status) => !CLOSED_ORDER_STATUSES.includes(status),
);

/** The statuses an order may move to from where it is. */
export const nextOrderStatuses = (order: { status: OrderStatus; deliveryMethod: DeliveryMethod }): OrderStatus[] => [
  ...new Set(MOVE_NAMES.filter((move) => canApply(move, order)).map((move) => ORDER_MOVES[move].to)),
];

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

/**
 * Only a cancelled order that was never paid may be deleted (hidden): a paid one is part of the
 * books, and so is one with money due back or given back, where the caller's view carries those.
 * (The server decides: otherwise it answers 409 ORDER_PAID.)
 */
export const canDeleteOrder = (order: {
  status: OrderStatus;
  paymentStatus: PaymentStatus;
  refundDue?: boolean;
  refundedValue?: number;
}) =>
  order.status === ORDER_STATUS.cancelled &&
  !MONEY_RECEIVED_STATUSES.includes(order.paymentStatus) &&
  !order.refundDue &&
  !order.refundedValue;

/** Payment statuses that mean the money arrived at some point (refunded or disputed since, or not). */
export const MONEY_RECEIVED_STATUSES: readonly PaymentStatus[] = [
  PAYMENT_STATUS.approved,
  PAYMENT_STATUS.chargedBack,
  PAYMENT_STATUS.refundPending,
  PAYMENT_STATUS.refunded,
  PAYMENT_STATUS.partiallyRefunded,
  PAYMENT_STATUS.refundFailed,
];
