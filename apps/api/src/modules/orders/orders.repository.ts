import { and, asc, count, desc, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { orderItems, orders, payments, products } from '../../db/schema';

type Executor = Db | Tx;

const visible = (id?: number, userId?: number) =>
  and(
    isNull(orders.deletedAt),
    id === undefined ? undefined : eq(orders.id, id),
    userId === undefined ? undefined : eq(orders.userId, userId),
  );

const customerColumns = {
  id: orders.id,
  createdAt: orders.createdAt,
  status: orders.status,
  totalCents: orders.totalCents,
  method: payments.method,
};

const selectCustomerOrders = (db: Executor, where: SQL | undefined) =>
  db
    .select(customerColumns)
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id));

export const listOwn = (db: Executor, userId: number) => selectCustomerOrders(db, visible(undefined, userId));

export const findOwnByPayment = async (db: Executor, userId: number, paymentId: number) =>
  (await selectCustomerOrders(db, and(visible(undefined, userId), eq(orders.paymentId, paymentId))))[0];

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

/** One page of every visible order, newest first, with the total counted by the same query. */
export const listAll = (db: Executor, limit: number, offset: number) =>
  db
    .select({
      id: orders.id,
      userId: orders.userId,
      totalCents: orders.totalCents,
      status: orders.status,
      createdAt: orders.createdAt,
      number: orders.addressNumber,
      complement: orders.addressComplement,
      city: orders.addressCity,
      cep: orders.addressCep,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .where(visible())
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);

export const countAll = async (db: Executor) =>
  (await db.select({ n: count() }).from(orders).where(visible()))[0]?.n ?? 0;

export const findStatus = async (db: Executor, id: number, userId?: number) =>
  (await db.select({ status: orders.status }).from(orders).where(visible(id, userId)))[0]?.status;

/** Conditional transition: of parallel requests only one sees `from` and moves the order. */
export const moveStatus = async (tx: Executor, id: number, from: string, to: string, userId?: number) =>
  (
    await tx
      .update(orders)
      .set({ status: to })
      .where(and(visible(id, userId), eq(orders.status, from)))
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

export const hide = async (db: Executor, id: number, status: string, userId?: number) =>
  (
    await db
      .update(orders)
      .set({ deletedAt: new Date() })
      .where(and(visible(id, userId), eq(orders.status, status)))
      .returning({ id: orders.id })
  )[0];
