import type { PaymentStatus } from '@petshop/domain';
import { and, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { addresses, cities, orderItems, orders, payments, products, states } from '../../db/schema';

type Executor = Db | Tx;

export const findOwnAddress = async (tx: Executor, userId: number, addressId: number) =>
  (
    await tx
      .select({
        street: addresses.street,
        number: addresses.number,
        complement: addresses.complement,
        district: addresses.district,
        cep: addresses.cep,
        city: cities.name,
        uf: states.uf,
      })
      .from(addresses)
      .innerJoin(cities, eq(cities.id, addresses.cityId))
      .innerJoin(states, eq(states.id, addresses.stateId))
      .where(and(eq(addresses.id, addressId), eq(addresses.userId, userId)))
  )[0];

/** Takes stock only if enough is left; answers the locked row's current name and price, or nothing. */
export const takeStock = async (tx: Tx, productId: number, quantity: number) =>
  (
    await tx
      .update(products)
      .set({ stock: sql`${products.stock} - ${quantity}` })
      .where(and(eq(products.id, productId), gte(products.stock, quantity), isNull(products.archivedAt)))
      .returning({ name: products.name, priceCents: products.priceCents })
  )[0];

export const insertPayment = async (
  tx: Tx,
  values: {
    userId: number;
    method: string;
    totalCents: number;
    status: PaymentStatus;
    idempotencyKey: string | null;
    details: Record<string, string>;
    txid: string | null;
    expiresAt: Date | null;
  },
) => {
  const [row] = await tx.insert(payments).values(values).returning({ id: payments.id });
  if (!row) throw new Error('payment insert returned nothing');
  return row.id;
};

export const insertOrder = async (tx: Tx, values: typeof orders.$inferInsert) => {
  const [row] = await tx.insert(orders).values(values).returning({ id: orders.id, status: orders.status });
  if (!row) throw new Error('order insert returned nothing');
  return row;
};

export const insertOrderItems = (tx: Tx, values: (typeof orderItems.$inferInsert)[]) =>
  tx.insert(orderItems).values(values);

/** A payment made earlier with this key, with its order. */
export const findByIdempotencyKey = async (db: Executor, userId: number, key: string) =>
  (
    await db
      .select({
        id: payments.id,
        method: payments.method,
        totalCents: payments.totalCents,
        status: payments.status,
        details: payments.details,
        txid: payments.txid,
        expiresAt: payments.expiresAt,
        orderId: orders.id,
        orderStatus: orders.status,
      })
      .from(payments)
      .innerJoin(orders, eq(orders.paymentId, payments.id))
      .where(and(eq(payments.userId, userId), eq(payments.idempotencyKey, key)))
  )[0];
