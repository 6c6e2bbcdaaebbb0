import { and, asc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { cartItems, carts, products } from '../../db/schema';

export const findCartId = async (db: Executor, userId: number) =>
  (await db.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)))[0]?.id;

/** Safe under concurrency: a racing insert makes this one do nothing (carts.user_id is unique). */
export const insertCart = async (db: Executor, userId: number) =>
  (
    await db.insert(carts).values({ userId }).onConflictDoNothing({ target: carts.userId }).returning({ id: carts.id })
  )[0]?.id;

/** Serialises every change to one user's cart (the 10-unit limit holds under parallel requests). */
export const lockCartOf = async (tx: Tx, userId: number) =>
  (await tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId)).for('update'))[0]?.id;

/** Key-share lock: a concurrent product delete waits for us or we see it gone. */
export const findProductForCart = async (tx: Tx, productId: number) =>
  (
    await tx
      .select({ id: products.id, name: products.name, stock: products.stock })
      .from(products)
      .where(and(eq(products.id, productId), isNull(products.archivedAt)))
      .for('key share')
  )[0];

export const quantities = async (tx: Tx, cartId: number, productId: number) => {
  const [row] = await tx
    .select({
      total: sql<number>`coalesce(sum(${cartItems.quantity}), 0)`.mapWith(Number),
      line: sql<number>`coalesce(sum(${cartItems.quantity}) filter (where ${cartItems.productId} = ${productId}), 0)`.mapWith(
        Number,
      ),
    })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId));
  return { total: row?.total ?? 0, line: row?.line ?? 0 };
};

export const addToLine = (tx: Tx, cartId: number, productId: number, quantity: number) =>
  tx
    .insert(cartItems)
    .values({ cartId, productId, quantity })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.productId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
    });

const line = (cartId: number, productId: number) =>
  and(eq(cartItems.cartId, cartId), eq(cartItems.productId, productId));

/** Takes `quantity` off a line; the line goes when nothing would be left. False when there is no such line. */
export const lowerLine = async (tx: Tx, cartId: number, productId: number, quantity: number) => {
  const removed = await tx
    .delete(cartItems)
    .where(and(line(cartId, productId), lte(cartItems.quantity, quantity)))
    .returning({ id: cartItems.id });
  if (removed.length > 0) return true;
  const lowered = await tx
    .update(cartItems)
    .set({ quantity: sql`${cartItems.quantity} - ${quantity}` })
    .where(and(line(cartId, productId), gt(cartItems.quantity, quantity)))
    .returning({ id: cartItems.id });
  return lowered.length > 0;
};

export const clearCart = (db: Executor, cartId: number) => db.delete(cartItems).where(eq(cartItems.cartId, cartId));

export const deleteProductLines = (tx: Tx, productId: number) =>
  tx.delete(cartItems).where(eq(cartItems.productId, productId));

export const deleteCartOf = (db: Executor, userId: number) => db.delete(carts).where(eq(carts.userId, userId));

/**
 * The cart's lines, in the order they were added; `byProduct` orders them by product id instead, so
 * parallel payments lock products in one order (no deadlock).
 */
export const listItems = (db: Executor, cartId: number, byProduct = false) =>
  db
    .select({
      productId: cartItems.productId,
      productName: products.name,
      priceCents: products.priceCents,
      quantity: cartItems.quantity,
      url: products.url,
      stock: products.stock,
    })
    .from(cartItems)
    .innerJoin(products, eq(products.id, cartItems.productId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(byProduct ? asc(cartItems.productId) : asc(cartItems.id));

/** LGPD erasure: whatever the user left in the cart. */
export const deleteLinesOf = (tx: Tx, userId: number) =>
  tx
    .delete(cartItems)
    .where(inArray(cartItems.cartId, tx.select({ id: carts.id }).from(carts).where(eq(carts.userId, userId))));
