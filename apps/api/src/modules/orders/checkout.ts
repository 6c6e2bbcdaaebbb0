import { checkoutMethod, PAYMENT_STATUS, type PayBody, type PaymentResult } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { assertSameRequest, KEY_REUSED_MESSAGE, requestHash } from '../../lib/idempotency';
import { violatedConstraint } from '../../lib/pg-error';
import * as cart from '../cart/cart.service';
import { assertCard, cardAnsweredWithin, cardInFlight, isCardInFlight, noteCardAttempt } from '../payments/card-charge';
import * as payments from '../payments/payments.service';
import { chargeHeldCard, type HeldCard } from './card-checkout';
import { CART_NOT_FOUND, deliveryAddress, payerOf, shippingCents } from './checkout-parties';
import * as lifecycle from './order-lifecycle';
import { storeForOrder } from './order-store';
import * as repo from './orders.repository';

export type CheckoutContext = payments.PayContext;

type Previous = NonNullable<Awaited<ReturnType<typeof payments.findByIdempotencyKey>>>;

/**
 * The answer of an earlier payment made with the same key and body; another body (or a key used
 * for something that is no order) is another payment: 409.
 */
async function replay(db: Db | Tx, previous: Previous, hash: string): Promise<PaymentResult> {
  assertSameRequest(previous, hash);
  const order = await repo.findByPayment(db, previous.id);
  if (!order) throw conflict(KEY_REUSED_MESSAGE, 'IDEMPOTENCY_KEY_REUSED');
  return { payment: payments.paymentView({ ...previous, method: checkoutMethod(previous.method) }), order };
}

/**
 * The answer of an earlier payment under the key; a card the PSP is still being asked for is waited
 * for a moment, then asked for again by this request (`takeOver`). Undefined when there is none (or
 * its card was refused and its order withdrawn: pay again).
 */
async function previousAnswer(
  db: Db,
  userId: number,
  idempotency: { key: string; hash: string },
  takeOver?: (previous: Previous) => Promise<PaymentResult>,
): Promise<PaymentResult | undefined> {
  for (;;) {
    const previous = await payments.findByIdempotencyKey(db, userId, idempotency.key);
    if (!previous) return undefined;
    if (!isCardInFlight(previous)) return replay(db, previous, idempotency.hash);
    assertSameRequest(previous, idempotency.hash);
    if (!(await cardAnsweredWithin(db, previous.id)) && takeOver) return takeOver(previous);
  }
}

/**
 * Finishes a card payment whose first request left it in flight (its process died after the
 * order's transaction): the PSP is asked again under the order's own idempotency key, so it answers
 * the charge it made or makes the one it never received, and the answer is written once.
 */
async function takeOverCard(ctx: CheckoutContext, auth: AuthUser, body: PayBody, previous: Previous) {
  assertCard(body.card);
  const order = await repo.findByPayment(ctx.db, previous.id);
  if (!order) throw conflict(KEY_REUSED_MESSAGE, 'IDEMPOTENCY_KEY_REUSED');
  const address = await deliveryAddress(ctx.db, auth.id, body);
  const payer = await payerOf(ctx.db, auth.id, address, body.paymentMethod);
  const items = await repo.itemsOf(ctx.db, [order.id]);
  const lines = items.flatMap(({ productId, quantity }) => (productId === null ? [] : [{ productId, quantity }]));
  const method = checkoutMethod(previous.method);
  const held = {
    orderId: order.id,
    paymentId: previous.id,
    method,
    totalCents: previous.totalCents,
    card: body.card,
    payer,
  };
  return chargeHeldCard(ctx, held, (tx) => cart.putBack(tx, body.cartId, lines));
}

/** A parallel request with the same key committed first. */
const isIdempotencyRace = (error: unknown) => violatedConstraint(error) === 'payments_user_idempotency_uq';

/** The cart's prices changed between the charge and the stock: charge again. */
class TotalChanged extends Error {}

/**
 * Pays the cart: one transaction in which the cart row lock serialises the user's payments and cart
 * changes, the stock is taken by conditional updates (a shortfall rolls everything back), and the
 * payment and the order are written. A Pix or boleto is issued at the PSP before it; a card is asked
 * for after it, and its answer written in a second transaction (card-checkout.ts): no PSP call ever
 * runs while the cart and shelf rows are locked.
 */
export async function pay(
  ctx: CheckoutContext,
  auth: AuthUser,
  body: PayBody,
  idempotencyKey?: string,
): Promise<PaymentResult> {
  const { db } = ctx;
  const { cartId, paymentMethod } = body;
  payments.assertOffered(ctx, paymentMethod);
  // The card's token is a single-use handle the browser gets again on a second click: the request is
  // what it buys and how, so the same card sent again under the key is the same request.
  const asked = body.card ? { ...body, card: { ...body.card, token: '' } } : body;
  const idempotency = idempotencyKey ? { key: idempotencyKey, hash: requestHash(asked) } : undefined;
  for (let attempt = 0; ; attempt += 1) {
    const earlier =
      idempotency &&
      (await previousAnswer(db, auth.id, idempotency, (previous) => takeOverCard(ctx, auth, body, previous)));
    if (earlier) return earlier;
    let issued: payments.Issued | undefined;
    let reservedOrderId: number | undefined;
    if (payments.isBankCharge(paymentMethod)) {
      if (!(await cart.isOwnCart(db, auth, cartId))) throw notFound(CART_NOT_FOUND);
      const address = await deliveryAddress(db, auth.id, body);
      const lines = await cart.checkoutLines(db, cartId);
      if (lines.length === 0) throw badRequest('Seu carrinho está vazio.', 'EMPTY_CART');
      const itemsCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
      // The bank charges the final total: items plus the fee, by the same rule as the transaction.
      const total = itemsCents + (await shippingCents(db, address, itemsCents));
      issued = await payments.issueBankCharge(ctx, paymentMethod, total, () =>
        payerOf(db, auth.id, address, paymentMethod),
      );
    } else {
      assertCard(body.card);
      // The order id is noted before anything is written: a charge the PSP made for an order that
      // was withdrawn (or never committed) is found by it and given back (reconciliation).
      reservedOrderId = await lifecycle.reserveOrderId(db);
      await noteCardAttempt(db, reservedOrderId, auth.id);
    }
    try {
      const placed = await payInTransaction(ctx, auth, body, idempotency, issued, reservedOrderId);
      if ('again' in placed) continue;
      if (!('held' in placed)) return placed.result;
      const { held, lines } = placed;
      return await chargeHeldCard(ctx, held, (tx) => cart.putBack(tx, cartId, lines));
    } catch (error) {
      if (error instanceof TotalChanged && attempt < 2) continue;
      if (error instanceof TotalChanged)
        throw conflict('Os preços do carrinho mudaram. Tente novamente.', 'PRICE_CHANGED');
      if (!idempotency || !isIdempotencyRace(error)) throw error;
      const previous = await previousAnswer(db, auth.id, idempotency, (earlier) =>
        takeOverCard(ctx, auth, body, earlier),
      );
      if (previous) return previous;
    }
  }
}

async function payInTransaction(
  ctx: CheckoutContext,
  auth: AuthUser,
  body: PayBody,
  idempotency: { key: string; hash: string } | undefined,
  issued: payments.Issued | undefined,
  reservedOrderId?: number,
): Promise<
  { result: PaymentResult } | { held: HeldCard; lines: { productId: number; quantity: number }[] } | { again: true }
> {
  const { cartId, paymentMethod, deliveryMethod, card } = body;
  const userId = auth.id;
  return ctx.db.transaction(async (tx) => {
    if (!(await cart.lockOwnCart(tx, auth, cartId))) throw notFound(CART_NOT_FOUND);
    if (idempotency) {
      // A parallel request with the same key may have paid while we waited for the lock.
      const previous = await payments.findByIdempotencyKey(tx, userId, idempotency.key);
      if (previous && isCardInFlight(previous)) return { again: true };
      if (previous) return { result: await replay(tx, previous, idempotency.hash) };
    }
    const address = await deliveryAddress(tx, userId, body);
    const lines = await cart.checkoutLines(tx, cartId);
    if (lines.length === 0) throw badRequest('Seu carrinho está vazio.', 'EMPTY_CART');

    const orderId = reservedOrderId ?? (await lifecycle.reserveOrderId(tx));
    const storeId = await storeForOrder(tx, lines, deliveryMethod, body.storeId);
    // The units are taken last, so the shelf rows (the hottest rows of a sale) stay locked only until
    // commit; a shortfall rolls everything back (a Pix or boleto issued already just expires).
    const items = lines.map(lifecycle.asOrderItem);
    const itemsCents = items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
    const feeCents = await shippingCents(tx, address, itemsCents);
    const totalCents = itemsCents + feeCents;
    // Prices or the fee changed since the charge was issued: it is for another amount.
    if (issued && issued.totalCents !== totalCents) throw new TotalChanged();
    const charge = issued ?? cardInFlight(orderId, totalCents);

    const paymentId = await payments.recordCharge(
      tx,
      { owner: { kind: 'order', id: orderId }, storeId, userId },
      paymentMethod,
      charge,
      idempotency,
    );
    const order = await lifecycle.place(
      tx,
      {
        id: orderId,
        userId,
        paymentId,
        paymentPending: charge.status === PAYMENT_STATUS.pending,
        totalCents,
        deliveryMethod,
        shippingCents: feeCents,
        storeId,
        ...(address && { address }),
        announce: issued !== undefined,
      },
      items,
    );
    await cart.empty(tx, cartId);
    await lifecycle.takeStock(tx, lines, { orderId, storeId, userId });
    if (!issued && card) {
      const payer = await payerOf(tx, userId, address, paymentMethod);
      const held = { orderId, paymentId, method: paymentMethod, totalCents, card, payer };
      return { held, lines: lines.map(({ productId, quantity }) => ({ productId, quantity })) };
    }
    return { result: { payment: payments.paymentView({ id: paymentId, method: paymentMethod, ...charge }), order } };
  });
}
