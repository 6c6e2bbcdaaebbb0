import { CART_LIMIT_MESSAGE, CART_MAX_ITEMS, type CartChangeBody, type CartView, fromCents } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import * as repo from './cart.repository';

const units = (n: number) => (n === 1 ? '1 unidade' : `${n} unidades`);

const outOfStockMessage = (name: string, stock: number, inCart: number) => {
  if (stock === 0) return `Estoque insuficiente para "${name}": produto esgotado.`;
  const left = `${stock === 1 ? 'resta' : 'restam'} ${units(stock)}`;
  return `Estoque insuficiente para "${name}": ${left}${inCart > 0 ? ` e você já tem ${units(inCart)} no carrinho` : ''}.`;
};

/** The user's cart id, creating the cart on first use. */
async function cartIdOf(db: Db, userId: number) {
  const id =
    (await repo.findCartId(db, userId)) ?? (await repo.insertCart(db, userId)) ?? (await repo.findCartId(db, userId));
  if (id === undefined) throw new Error('cart could not be created');
  return id;
}

/** As cartIdOf, holding the cart row lock until the transaction ends. */
async function lockedCartIdOf(tx: Tx, userId: number) {
  // A second round covers a cart deleted by a parallel request while we waited for its lock.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const id = await repo.lockCartOf(tx, userId);
    if (id !== undefined) return id;
    await repo.insertCart(tx, userId);
  }
  throw new Error('cart could not be locked');
}

async function view(db: Db | Tx, cartId: number): Promise<CartView> {
  const rows = await repo.listItems(db, cartId);
  return {
    cart: { id: cartId },
    items: rows.map(({ priceCents, ...item }) => ({ ...item, productPrice: fromCents(priceCents) })),
  };
}

export const get = async (db: Db, auth: AuthUser) => view(db, await cartIdOf(db, auth.id));

/** Reserves nothing: stock is only checked here and taken at payment. */
export const add = (db: Db, auth: AuthUser, { productId, quantity }: CartChangeBody) =>
  db.transaction(async (tx) => {
    const cartId = await lockedCartIdOf(tx, auth.id);
    const product = await repo.findProductForCart(tx, productId);
    if (!product) throw notFound('Produto não encontrado.');
    const { total, line } = await repo.quantities(tx, cartId, productId);
    if (total + quantity > CART_MAX_ITEMS) throw badRequest(CART_LIMIT_MESSAGE, 'CART_LIMIT');
    if (line + quantity > product.stock) {
      throw conflict(outOfStockMessage(product.name, product.stock, line), 'OUT_OF_STOCK');
    }
    await repo.addToLine(tx, cartId, productId, quantity);
    return view(tx, cartId);
  });

export const remove = (db: Db, auth: AuthUser, { productId, quantity }: CartChangeBody) =>
  db.transaction(async (tx) => {
    const cartId = await lockedCartIdOf(tx, auth.id);
    if (!(await repo.lowerLine(tx, cartId, productId, quantity))) {
      throw notFound('Este produto não está no carrinho.');
    }
    return view(tx, cartId);
  });

export async function clear(db: Db, auth: AuthUser) {
  const cartId = await cartIdOf(db, auth.id);
  await repo.clearCart(db, cartId);
  return view(db, cartId);
}

export async function deleteCart(db: Db, auth: AuthUser) {
  await repo.deleteCartOf(db, auth.id);
}

/** Checkout: whether `cartId` is the caller's cart. */
export const isOwnCart = async (db: Db | Tx, auth: AuthUser, cartId: number) =>
  (await repo.findCartId(db, auth.id)) === cartId;

/**
 * Checkout: takes the lock every cart change takes, so adds and removes wait until the payment
 * ends. False when `cartId` is not the caller's cart.
 */
export const lockOwnCart = async (tx: Tx, auth: AuthUser, cartId: number) =>
  (await repo.lockCartOf(tx, auth.id)) === cartId;

/** Checkout: the lines with their current prices, in product-id order (the order stock is locked in). */
export const checkoutLines = (db: Db | Tx, cartId: number) => repo.listItems(db, cartId, true);

/** Checkout: the cart stays, empty. */
export const empty = (tx: Tx, cartId: number) => repo.clearCart(tx, cartId);

/** Checkout: the lines of a payment the card PSP did not make go back, added to whatever is there now. */
export async function putBack(tx: Tx, cartId: number, lines: readonly { productId: number; quantity: number }[]) {
  for (const line of lines) await repo.addToLine(tx, cartId, line.productId, line.quantity);
}

/** A product taken off the shop leaves every cart. */
export const removeProductFromCarts = (tx: Tx, productId: number) => repo.deleteProductLines(tx, productId);

/** LGPD erasure, in the account deletion's transaction. */
export const forget = async (tx: Tx, userId: number) => {
  await repo.deleteLinesOf(tx, userId);
};
