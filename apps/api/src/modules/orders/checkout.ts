import {
  type CardPayment,
  checkoutMethod,
  DELIVERY_METHOD,
  PAYMENT_STATUS,
  type PayBody,
  type PaymentMethod,
  type PaymentResult,
} from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { badRequest, conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { assertSameRequest, KEY_REUSED_MESSAGE, requestHash } from '../../lib/idempotency';
import { violatedConstraint } from '../../lib/pg-error';
import * as addresses from '../addresses/addresses.service';
import * as cart from '../cart/cart.service';
import * as payments from '../payments/payments.service';
import { feeFor, NO_DELIVERY_MESSAGE } from '../shipping/shipping.service';
import * as users from '../users/users.service';
import * as lifecycle from './order-lifecycle';
import { storeForOrder } from './order-store';
import * as repo from './orders.repository';

const CART_NOT_FOUND = 'Carrinho não encontrado.';
const ADDRESS_NOT_FOUND = 'Endereço não encontrado.';

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

/** A parallel request with the same key committed first. */
const isIdempotencyRace = (error: unknown) => violatedConstraint(error) === 'payments_user_idempotency_uq';

/** The cart's prices changed between the charge and the stock: charge again. */
class TotalChanged extends Error {}

type Address = NonNullable<Awaited<ReturnType<typeof addresses.findForDelivery>>>;

/** Pickup ignores any address sent; delivery needs one of the caller's (the body schema enforces it). */
async function deliveryAddress(
  db: Db | Tx,
  userId: number,
  { addressId, deliveryMethod }: PayBody,
): Promise<Address | undefined> {
  if (deliveryMethod !== DELIVERY_METHOD.delivery) return undefined;
  const address = addressId !== undefined ? await addresses.findForDelivery(db, userId, addressId) : undefined;
  if (!address) throw notFound(ADDRESS_NOT_FOUND);
  return address;
}

/** The fee from the shop's table by the address's UF (free above the shop's value; pickup is free). */
async function shippingCents(db: Db | Tx, address: Address | undefined, itemsCents: number): Promise<number> {
  if (!address) return 0;
  const fee = await feeFor(db, address.uf, itemsCents);
  if (!fee) throw conflict(NO_DELIVERY_MESSAGE, 'NO_DELIVERY');
  return fee.priceCents;
}

const BOLETO_NEEDS_ADDRESS = 'Para pagar com boleto, cadastre um endereço: o banco registra o boleto com ele.';

/** Who pays, as the card PSP asks for it; a boleto also needs an address the bank registers. */
async function payerOf(
  db: Db | Tx,
  userId: number,
  address: Address | undefined,
  method: PaymentMethod,
): Promise<payments.Payer> {
  const person = await users.findPayer(db, userId);
  if (!person) throw notFound(CART_NOT_FOUND);
  const where = address ?? (method === 'Boleto' ? await addresses.findLatestForBilling(db, userId) : undefined);
  if (method === 'Boleto' && !where) throw badRequest(BOLETO_NEEDS_ADDRESS, 'ADDRESS_REQUIRED');
  return {
    email: person.email,
    name: person.name,
    cpf: person.cpf,
    ...(where && {
      address: {
        cep: where.cep,
        street: where.street,
        number: where.number,
        district: where.district,
        city: where.city,
        uf: where.uf,
      },
    }),
  };
}

/**
 * Pays the cart: one transaction in which the cart row lock serialises the user's payments and cart
 * changes, the stock is taken by conditional updates (a shortfall rolls everything back), and the
 * payment and the order are written. A Pix or boleto is issued at the PSP before it.
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
  if (idempotency) {
    const previous = await payments.findByIdempotencyKey(db, auth.id, idempotency.key);
    if (previous) return replay(db, previous, idempotency.hash);
  }
  for (let attempt = 0; ; attempt += 1) {
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
    } else if (body.card) {
      // The order id goes to the PSP before the transaction commits, and is noted outside it: a card
      // charge approved for a transaction that never commits is found and given back (reconciliation).
      reservedOrderId = await lifecycle.reserveOrderId(db);
      await payments.noteCardAttempt(db, reservedOrderId, auth.id);
    }
    try {
      return await payInTransaction(ctx, auth, body, idempotency, issued, reservedOrderId);
    } catch (error) {
      if (error instanceof TotalChanged && attempt < 2) continue;
      if (error instanceof TotalChanged)
        throw conflict('Os preços do carrinho mudaram. Tente novamente.', 'PRICE_CHANGED');
      if (!idempotency || !isIdempotencyRace(error)) throw error;
      const previous = await payments.findByIdempotencyKey(db, auth.id, idempotency.key);
      if (!previous) throw error;
      return replay(db, previous, idempotency.hash);
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
): Promise<PaymentResult> {
  const { cartId, paymentMethod, deliveryMethod } = body;
  const userId = auth.id;
  return ctx.db.transaction(async (tx) => {
    if (!(await cart.lockOwnCart(tx, auth, cartId))) throw notFound(CART_NOT_FOUND);
    if (idempotency) {
      // A parallel request with the same key may have paid while we waited for the lock.
      const previous = await payments.findByIdempotencyKey(tx, userId, idempotency.key);
      if (previous) return replay(tx, previous, idempotency.hash);
    }
    const address = await deliveryAddress(tx, userId, body);
    const lines = await cart.checkoutLines(tx, cartId);
    if (lines.length === 0) throw badRequest('Seu carrinho está vazio.', 'EMPTY_CART');

    const orderId = reservedOrderId ?? (await lifecycle.reserveOrderId(tx));
    const storeId = await storeForOrder(tx, lines, deliveryMethod, body.storeId);
    // A card is charged only for units already taken. A Pix or boleto is issued already: its units
    // are taken last, so the shelf rows (the hottest rows of a sale) stay locked only until commit.
    const takeLast = issued !== undefined;
    const items = takeLast
      ? lines.map(lifecycle.asOrderItem)
      : await lifecycle.takeStock(tx, lines, { orderId, storeId, userId });
    const itemsCents = items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
    const feeCents = await shippingCents(tx, address, itemsCents);
    const totalCents = itemsCents + feeCents;
    // Prices or the fee changed since the charge was issued: it is for another amount.
    if (issued && issued.totalCents !== totalCents) throw new TotalChanged();
    const charge =
      issued ??
      (await payments.authoriseCard(
        ctx,
        paymentMethod,
        totalCents,
        body.card,
        await payerOf(tx, userId, address, paymentMethod),
        orderId,
      ));

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
      },
      items,
    );
    await cart.empty(tx, cartId);
    if (takeLast) await lifecycle.takeStock(tx, lines, { orderId, storeId, userId });
    return {
      payment: payments.paymentView({ id: paymentId, method: paymentMethod, ...charge }),
      order,
    };
  });
}

/** Something the shop sells that is no stock (a package): one line, no delivery. */
export interface ServiceSale {
  paymentMethod: PaymentMethod;
  card?: CardPayment;
  line: { name: string; unitPriceCents: number };
  /** in the order's transaction, once the order is placed (paid at once when its status says so) */
  placed: (tx: Tx, order: { id: number; status: string }) => Promise<void>;
}

/**
 * Sells one line that takes no stock, with the payment lifecycle of the cart: a Pix or boleto
 * issued before the transaction, a card charged inside it for the order id reserved for it. The
 * order is a pickup with no address ('Retirada na loja', free).
 */
export async function payForService(ctx: CheckoutContext, auth: AuthUser, sale: ServiceSale): Promise<PaymentResult> {
  const { paymentMethod, line } = sale;
  payments.assertOffered(ctx, paymentMethod);
  const totalCents = line.unitPriceCents;
  const issued = payments.isBankCharge(paymentMethod)
    ? await payments.issueBankCharge(ctx, paymentMethod, totalCents, () =>
        payerOf(ctx.db, auth.id, undefined, paymentMethod),
      )
    : undefined;
  return ctx.db.transaction(async (tx) => {
    const orderId = await lifecycle.reserveOrderId(tx);
    const charge =
      issued ??
      (await payments.authoriseCard(
        ctx,
        paymentMethod,
        totalCents,
        sale.card,
        await payerOf(tx, auth.id, undefined, paymentMethod),
        orderId,
      ));
    const paymentId = await payments.recordCharge(
      tx,
      { owner: { kind: 'order', id: orderId }, storeId: null, userId: auth.id },
      paymentMethod,
      charge,
      undefined,
    );
    const order = await lifecycle.place(
      tx,
      {
        id: orderId,
        userId: auth.id,
        paymentId,
        paymentPending: charge.status === PAYMENT_STATUS.pending,
        totalCents,
        deliveryMethod: DELIVERY_METHOD.pickup,
        shippingCents: 0,
      },
      [{ productId: null, productName: line.name, quantity: 1, unitPriceCents: line.unitPriceCents }],
    );
    await sale.placed(tx, order);
    return {
      payment: payments.paymentView({ id: paymentId, method: paymentMethod, ...charge }),
      order,
    };
  });
}
