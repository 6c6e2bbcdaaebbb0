import {
  CLOSED_ORDER_STATUSES,
  DELIVERY_METHOD,
  type DeliveryMethod,
  MONEY_RECEIVED_STATUSES,
  OPEN_ORDER_STATUSES,
  ORDER_STATUS,
  type OrderStatus,
} from '@petshop/domain';
import { and, asc, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { orderItems, orderStatusEvents, orders, payments } from '../../db/schema';

/** `userId` undefined: any owner's order (admin paths). */
type Owner = number | undefined;

const visible = (userId?: Owner, id?: number) =>
  and(
    isNull(orders.deletedAt),
    userId === undefined ? undefined : eq(orders.userId, userId),
    id === undefined ? undefined : eq(orders.id, id),
  );

const customerColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  totalCents: orders.totalCents,
  method: payments.method,
  deliveryMethod: orders.deliveryMethod,
  shippingCents: orders.shippingCents,
  storeId: orders.storeId,
  paymentId: payments.id,
  paymentStatus: payments.status,
  txid: payments.txid,
  details: payments.details,
};

const selectCustomerOrders = (db: Executor, where: SQL | undefined) =>
  db
    .select(customerColumns)
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));

export const listOwn = (db: Executor, userId: number) => selectCustomerOrders(db, visible(userId));

export const findOwnByPayment = async (db: Executor, userId: number, paymentId: number) =>
  (await selectCustomerOrders(db, and(visible(userId), eq(orders.paymentId, paymentId))))[0];

/** One of the user's orders with what its page shows: the card's brand and last four, the address kept at checkout. */
export const findOwnDetail = async (db: Executor, userId: number, id: number) =>
  (
    await db
      .select({
        ...customerColumns,
        installments: payments.installments,
        cardBrand: payments.cardBrand,
        cardLastFour: payments.cardLastFour,
        refundedCents: payments.refundedCents,
        street: orders.addressStreet,
        number: orders.addressNumber,
        complement: orders.addressComplement,
        district: orders.addressDistrict,
        city: orders.addressCity,
        uf: orders.addressState,
        cep: orders.addressCep,
      })
      .from(orders)
      .innerJoin(payments, eq(payments.id, orders.paymentId))
      .where(visible(userId, id))
  )[0];

/** The items of many orders in one query. */
export async function itemsOf(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderItems.orderId,
      productId: orderItems.productId,
      productName: orderItems.productName,
      unitPriceCents: orderItems.unitPriceCents,
      quantity: orderItems.quantity,
    })
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.id));
}

/** The timelines of many orders in one query, oldest step first. */
export async function eventsOf(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({ orderId: orderStatusEvents.orderId, status: orderStatusEvents.status, at: orderStatusEvents.at })
    .from(orderStatusEvents)
    .where(inArray(orderStatusEvents.orderId, orderIds))
    .orderBy(asc(orderStatusEvents.orderId), asc(orderStatusEvents.at), asc(orderStatusEvents.id));
}

/** The store of an order, hidden ones included; undefined for an id that does not exist. */
export const findStoreOf = async (db: Executor, id: number) =>
  (await db.select({ storeId: orders.storeId }).from(orders).where(eq(orders.id, id)))[0]?.storeId;

export const findStatus = async (db: Executor, userId: Owner, id: number) =>
  (await db.select({ status: orders.status }).from(orders).where(visible(userId, id)))[0]?.status;

export const findState = async (db: Executor, userId: Owner, id: number) =>
  (
    await db
      .select({ status: orders.status, deliveryMethod: orders.deliveryMethod, paymentId: orders.paymentId })
      .from(orders)
      .where(visible(userId, id))
  )[0];

/**
 * The one write of an order's status: of parallel movers only the one that still sees `from` moves
 * it. `method`: the move exists for orders of this delivery method only.
 */
export const moveStatus = async (
  tx: Tx,
  move: { userId: Owner; id: number; from: OrderStatus; to: OrderStatus; method?: DeliveryMethod },
) =>
  (
    await tx
      .update(orders)
      .set({ status: move.to })
      .where(
        and(
          visible(move.userId, move.id),
          eq(orders.status, move.from),
          move.method === undefined ? undefined : eq(orders.deliveryMethod, move.method),
        ),
      )
      .returning({ id: orders.id, status: orders.status, paymentId: orders.paymentId, userId: orders.userId })
  )[0];

/** The order a payment pays for (one each). */
export const findByPayment = async (db: Executor, paymentId: number) =>
  (await db.select({ id: orders.id, status: orders.status }).from(orders).where(eq(orders.paymentId, paymentId)))[0];

/** What an order took from stock, product by product. */
export const stockLinesOf = async (tx: Tx, orderId: number) =>
  (
    await tx
      .select({ productId: orderItems.productId, quantity: orderItems.quantity })
      .from(orderItems)
      .where(eq(orderItems.orderId, orderId))
  ).flatMap(({ productId, quantity }) => (productId === null ? [] : [{ productId, quantity }]));

export const insertOrder = async (tx: Tx, values: typeof orders.$inferInsert) => {
  const [row] = await tx.insert(orders).values(values).returning({ id: orders.id, status: orders.status });
  if (!row) throw new Error('order insert returned nothing');
  return row;
};

export const insertOrderItems = (tx: Tx, values: (typeof orderItems.$inferInsert)[]) =>
  tx.insert(orderItems).values(values);

/**
 * The moment an order waited for the card PSP's answer at checkout is no step of its timeline: a
 * card approved at once shows 'Processando' only, as it always has.
 */
export const forgetCardWait = (tx: Tx, orderId: number) =>
  tx
    .delete(orderStatusEvents)
    .where(and(eq(orderStatusEvents.orderId, orderId), eq(orderStatusEvents.status, ORDER_STATUS.awaitingPayment)));

/** An order placed while the card PSP was asked, which made no charge: gone as if never placed. */
export async function deleteOrder(tx: Tx, orderId: number) {
  await tx.delete(orderItems).where(eq(orderItems.orderId, orderId));
  await tx.delete(orderStatusEvents).where(eq(orderStatusEvents.orderId, orderId));
  await tx.delete(orders).where(eq(orders.id, orderId));
}

/** Money was received for it at some point: the order is part of the books. */
const everPaid = sql`exists (select 1 from ${payments} where ${payments.id} = ${orders.paymentId} and (${inArray(payments.status, [...MONEY_RECEIVED_STATUSES])} or ${payments.refundDueAt} is not null or ${payments.refundedCents} > 0))`;

/** Hides a cancelled order that was never paid; nothing when it is not one. */
export const hide = async (db: Executor, userId: Owner, id: number) =>
  (
    await db
      .update(orders)
      .set({ deletedAt: new Date() })
      .where(and(visible(userId, id), eq(orders.status, ORDER_STATUS.cancelled), sql`not ${everPaid}`))
      .returning({ id: orders.id })
  )[0];

export const wasPaid = async (db: Executor, id: number) =>
  (
    await db
      .select({ paid: sql<boolean>`${everPaid}` })
      .from(orders)
      .where(eq(orders.id, id))
  )[0]?.paid === true;

/** The user's orders still in progress, with their payment's status. */
export const listOpenOf = (db: Executor, userId: number) =>
  db
    .select({ id: orders.id, status: orders.status, paymentStatus: payments.status })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(and(eq(orders.userId, userId), inArray(orders.status, [...OPEN_ORDER_STATUSES])))
    .orderBy(asc(orders.id));

/**
 * What only a delivery needs (street, number, complement) is erased from the user's closed
 * delivery orders, or from one order (`orderId`) once it closes. District, city, UF and CEP stay
 * for the books (where the shop sells).
 */
export const eraseDeliveryAddress = (tx: Tx, userId: number, orderId?: number) =>
  tx
    .update(orders)
    .set({ addressStreet: '', addressNumber: '', addressComplement: '' })
    .where(
      and(
        eq(orders.userId, userId),
        orderId === undefined ? undefined : eq(orders.id, orderId),
        eq(orders.deliveryMethod, DELIVERY_METHOD.delivery),
        inArray(orders.status, [...CLOSED_ORDER_STATUSES]),
      ),
    );

/** LGPD export: every order of the user with its payment's method and status and its items. */
export async function exportOf(db: Executor, userId: number) {
  const rows = await db
    .select({ order: orders, paymentMethod: payments.method, paymentStatus: payments.status })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.userId, userId))
    .orderBy(asc(orders.id));
  const ids = rows.map((row) => row.order.id);
  const items = ids.length
    ? await db.select().from(orderItems).where(inArray(orderItems.orderId, ids)).orderBy(asc(orderItems.id))
    : [];
  return rows.map(({ order, paymentMethod, paymentStatus }) => ({
    ...order,
    paymentMethod,
    paymentStatus,
    items: items.filter((item) => item.orderId === order.id),
  }));
}

/** An order id taken before the order is written: the card PSP is told it as our reference. */
export const reserveId = async (db: Executor) => {
  const [row] = await db
    .select({ id: sql<number>`nextval(pg_get_serial_sequence('orders', 'id'))::int` })
    .from(sql`(select 1) as one`);
  if (!row?.id) throw new Error('no order id from the sequence');
  return Number(row.id);
};
