import { type OrderStatus, PAYMENT_STATUS, type PaginationQuery } from '@petshop/domain';
import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderItems, orderStatusEvents, orders, payments, products, users } from '../../db/schema';

type Executor = Db | Tx;

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

/** The items of many orders in one query. */
export async function itemsOf(db: Executor, orderIds: number[]) {
  if (orderIds.length === 0) return [];
  return db
    .select({
      orderId: orderItems.orderId,
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

/** One page of every visible order, newest first, with the total counted by the same query. */
export const listAll = (db: Executor, { limit, offset }: PaginationQuery) =>
  db
    .select({
      id: orders.id,
      userId: orders.userId,
      userName: users.name,
      userEmail: users.email,
      totalCents: orders.totalCents,
      status: orders.status,
      createdAt: orders.createdAt,
      deliveryMethod: orders.deliveryMethod,
      shippingCents: orders.shippingCents,
      street: orders.addressStreet,
      number: orders.addressNumber,
      complement: orders.addressComplement,
      district: orders.addressDistrict,
      city: orders.addressCity,
      cep: orders.addressCep,
      method: payments.method,
      paymentStatus: payments.status,
      refundDueAt: payments.refundDueAt,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(visible())
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);

export const countAll = async (db: Executor) =>
  (await db.select({ n: count() }).from(orders).where(visible()))[0]?.n ?? 0;

export const findStatus = async (db: Executor, userId: Owner, id: number) =>
  (await db.select({ status: orders.status }).from(orders).where(visible(userId, id)))[0]?.status;

export const findState = async (db: Executor, userId: Owner, id: number) =>
  (
    await db
      .select({ status: orders.status, deliveryMethod: orders.deliveryMethod })
      .from(orders)
      .where(visible(userId, id))
  )[0];

/** Conditional transition: of parallel requests only one sees `from` and moves the order. */
export const moveStatus = async (tx: Executor, userId: Owner, id: number, from: OrderStatus, to: OrderStatus) =>
  (
    await tx
      .update(orders)
      .set({ status: to })
      .where(and(visible(userId, id), eq(orders.status, from)))
      .returning({ id: orders.id, status: orders.status })
  )[0];

/** Product by product in id order, the same lock order as a payment (no deadlock). */
export async function restoreStock(tx: Tx, orderId: number) {
  const lines = await tx
    .select({ productId: orderItems.productId, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.productId));
  for (const { productId, quantity } of lines) {
    if (productId === null) continue;
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} + ${quantity}` })
      .where(eq(products.id, productId));
  }
}

/** The pending payment of an order being cancelled. */
export const cancelPendingPayment = (tx: Tx, orderId: number) =>
  tx
    .update(payments)
    .set({ status: PAYMENT_STATUS.cancelled })
    .where(
      and(
        eq(payments.status, PAYMENT_STATUS.pending),
        sql`${payments.id} = (select ${orders.paymentId} from ${orders} where ${orders.id} = ${orderId})`,
      ),
    );

export const hide = async (db: Executor, userId: Owner, id: number, status: OrderStatus) =>
  (
    await db
      .update(orders)
      .set({ deletedAt: new Date() })
      .where(and(visible(userId, id), eq(orders.status, status)))
      .returning({ id: orders.id })
  )[0];
