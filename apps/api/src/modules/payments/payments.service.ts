import {
  DELIVERY_METHOD,
  fromCents,
  ORDER_STATUS,
  PAYMENT_METHODS,
  PAYMENT_STATUS,
  type PayBody,
  type PaymentMethod,
  type PaymentResult,
  type PaymentStatus,
  type PaymentSummary,
} from '@petshop/domain';
import type { Config } from '../../config';
import type { Db, Tx } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { violatedConstraint } from '../../lib/pg-error';
import type { AuthUser } from '../../plugins/auth';
import * as cart from '../cart/cart.service';
import { orderChanged } from '../orders/order-messages';
import { feeFor, NO_DELIVERY_MESSAGE } from '../shipping/shipping.service';
import type { PaymentProvider } from './payment-provider';
import { pixQrCode } from './payment-qr';
import { boletoDates, newTxid } from './payment-timing';
import * as repo from './payments.repository';
import { PspRefusedError, PspUnavailableError } from './pix-api-client';

const CART_NOT_FOUND = 'Carrinho não encontrado.';
const ADDRESS_NOT_FOUND = 'Endereço não encontrado.';
const KEY_REUSED = 'Esta chave de idempotência já foi usada em um pagamento diferente.';
const PSP_DOWN = 'Não foi possível gerar a cobrança agora. Tente novamente em alguns instantes.';

export interface PayContext {
  db: Db;
  provider: PaymentProvider;
  config: Pick<Config, 'PIX_EXPIRATION_SECONDS' | 'BOLETO_DAYS_TO_PAY'>;
}

export async function summary(db: Db, auth: AuthUser, cartId: number): Promise<PaymentSummary> {
  if (!(await cart.isOwnCart(db, auth, cartId))) throw notFound(CART_NOT_FOUND);
  const lines = await cart.checkoutLines(db, cartId);
  const items = lines.map((line) => ({
    productName: line.productName,
    quantity: line.quantity,
    price: fromCents(line.priceCents),
    totalItemValue: fromCents(line.priceCents * line.quantity),
  }));
  return {
    summary: {
      items,
      totalItems: lines.reduce((sum, line) => sum + line.quantity, 0),
      totalValue: fromCents(lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0)),
    },
  };
}

const isPaymentMethod = (value: string): value is PaymentMethod =>
  (PAYMENT_METHODS as readonly string[]).includes(value);

/** What a pending Pix or boleto keeps for the customer to pay it (payments.details). */
export interface ChargeDetails {
  pixCode?: string;
  pixQrCode?: string;
  boletoCode?: string;
  dueDate?: string;
  expiresAt?: string;
}

/** The payment as the pay answer shows it: the same for the first answer and every replay. */
function paymentView(row: {
  id: number;
  method: PaymentMethod;
  totalCents: number;
  status: PaymentStatus;
  txid: string | null;
  details: unknown;
}): PaymentResult['payment'] {
  const details = (row.details ?? {}) as ChargeDetails;
  return {
    id: row.id,
    paymentMethod: row.method,
    totalValue: fromCents(row.totalCents),
    status: row.status,
    ...(row.txid ? { txid: row.txid } : {}),
    ...(details.pixCode ? { pixCode: details.pixCode } : {}),
    ...(details.pixQrCode ? { pixQrCode: details.pixQrCode } : {}),
    ...(details.boletoCode ? { boletoCode: details.boletoCode } : {}),
    ...(details.expiresAt ? { expiresAt: details.expiresAt } : {}),
    ...(details.dueDate ? { dueDate: details.dueDate } : {}),
  };
}

type Previous = NonNullable<Awaited<ReturnType<typeof repo.findByIdempotencyKey>>>;

/** The answer of an earlier payment made with the same key; a different method is another payment. */
function replay(previous: Previous, method: PaymentMethod): PaymentResult {
  if (previous.method !== method || !isPaymentMethod(previous.method))
    throw conflict(KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
  return {
    payment: paymentView({ ...previous, method: previous.method }),
    order: { id: previous.orderId, status: previous.orderStatus },
  };
}

/** A parallel request with the same key committed first. */
const isIdempotencyRace = (error: unknown) => violatedConstraint(error) === 'payments_user_idempotency_uq';

/** The cart's prices changed between the charge and the stock: charge again. */
class TotalChanged extends Error {}

interface Issued {
  txid: string | null;
  totalCents: number;
  status: PaymentStatus;
  expiresAt: Date | null;
  details: ChargeDetails;
}

/**
 * Pix and boleto are issued before the transaction, for the cart's current total, under a txid
 * of our own: the PSP is never called while the stock rows are locked, and a PSP that is down
 * leaves nothing written. A charge whose order never commits is never paid and just expires.
 */
async function issue(ctx: PayContext, method: PaymentMethod, totalCents: number): Promise<Issued> {
  if (method !== 'Pix' && method !== 'Boleto') {
    return { txid: null, totalCents, status: PAYMENT_STATUS.approved, expiresAt: null, details: {} };
  }
  // Nothing to pay: a free order needs no bank.
  if (totalCents === 0)
    return { txid: null, totalCents, status: PAYMENT_STATUS.approved, expiresAt: null, details: {} };
  const now = new Date();
  const txid = newTxid();
  const boleto = boletoDates(now, ctx.config.BOLETO_DAYS_TO_PAY);
  const expiresAt =
    method === 'Pix' ? new Date(now.getTime() + ctx.config.PIX_EXPIRATION_SECONDS * 1000) : boleto.expiresAt;
  try {
    const charge = await ctx.provider.charge({
      method,
      totalCents,
      txid,
      expiresInSeconds: ctx.config.PIX_EXPIRATION_SECONDS,
      due: boleto.due,
    });
    const details: ChargeDetails = { expiresAt: expiresAt.toISOString() };
    if (charge.pixCode) Object.assign(details, { pixCode: charge.pixCode, pixQrCode: await pixQrCode(charge.pixCode) });
    if (charge.boletoCode) Object.assign(details, { boletoCode: charge.boletoCode, dueDate: boleto.dueDate });
    return { txid, totalCents, status: charge.status, expiresAt, details };
  } catch (error) {
    if (error instanceof PspUnavailableError || error instanceof PspRefusedError) {
      throw new AppError(503, 'PSP_UNAVAILABLE', PSP_DOWN);
    }
    throw error;
  }
}

/** Cards: authorised inside the transaction, once the stock is taken. */
async function authorise(ctx: PayContext, method: PaymentMethod, totalCents: number): Promise<Issued> {
  const charge = await ctx.provider.charge({
    method,
    totalCents,
    txid: newTxid(),
    expiresInSeconds: 0,
    due: new Date(),
  });
  if (charge.status === PAYMENT_STATUS.declined) {
    throw new AppError(402, 'PAYMENT_DECLINED', 'Pagamento recusado. Tente outro método de pagamento.');
  }
  return { txid: null, totalCents, status: charge.status, expiresAt: null, details: {} };
}

const isBankCharge = (method: PaymentMethod) => method === 'Pix' || method === 'Boleto';

/**
 * One transaction: the cart row lock serialises the user's payments and cart changes; stock is
 * taken by conditional updates, so a shortfall aborts everything and changes nothing.
 */
export async function pay(
  ctx: PayContext,
  auth: AuthUser,
  body: PayBody,
  idempotencyKey?: string,
): Promise<PaymentResult> {
  const { db } = ctx;
  const { cartId, paymentMethod } = body;
  const userId = auth.id;
  if (idempotencyKey) {
    const previous = await repo.findByIdempotencyKey(db, userId, idempotencyKey);
    if (previous) return replay(previous, paymentMethod);
  }
  for (let attempt = 0; ; attempt += 1) {
    let issued: Issued | undefined;
    if (isBankCharge(paymentMethod)) {
      if (!(await cart.isOwnCart(db, auth, cartId))) throw notFound(CART_NOT_FOUND);
      const address = await deliveryAddress(db, userId, body);
      const lines = await cart.checkoutLines(db, cartId);
      if (lines.length === 0) throw badRequest('Seu carrinho está vazio.', 'EMPTY_CART');
      const itemsCents = lines.reduce((sum, line) => sum + line.priceCents * line.quantity, 0);
      // The bank charges the final total: items plus the fee, by the same rule as the transaction.
      issued = await issue(ctx, paymentMethod, itemsCents + (await shippingCents(db, address, itemsCents)));
    }
    try {
      return await payInTransaction(ctx, auth, body, idempotencyKey, issued);
    } catch (error) {
      if (error instanceof TotalChanged && attempt < 2) continue;
      if (error instanceof TotalChanged)
        throw conflict('Os preços do carrinho mudaram. Tente novamente.', 'PRICE_CHANGED');
      if (!idempotencyKey || !isIdempotencyRace(error)) throw error;
      const previous = await repo.findByIdempotencyKey(db, userId, idempotencyKey);
      if (!previous) throw error;
      return replay(previous, paymentMethod);
    }
  }
}

type Address = NonNullable<Awaited<ReturnType<typeof repo.findOwnAddress>>>;

/** Pickup ignores any address sent; delivery needs one of the caller's (the body schema enforces it). */
async function deliveryAddress(
  db: Db | Tx,
  userId: number,
  { addressId, deliveryMethod }: PayBody,
): Promise<Address | undefined> {
  if (deliveryMethod !== DELIVERY_METHOD.delivery) return undefined;
  const address = addressId !== undefined ? await repo.findOwnAddress(db, userId, addressId) : undefined;
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

async function payInTransaction(
  ctx: PayContext,
  auth: AuthUser,
  body: PayBody,
  idempotencyKey: string | undefined,
  issued: Issued | undefined,
): Promise<PaymentResult> {
  const { cartId, paymentMethod, deliveryMethod } = body;
  const userId = auth.id;
  return ctx.db.transaction(async (tx) => {
    if (!(await cart.lockOwnCart(tx, auth, cartId))) throw notFound(CART_NOT_FOUND);
    if (idempotencyKey) {
      // A parallel request with the same key may have paid while we waited for the lock.
      const previous = await repo.findByIdempotencyKey(tx, userId, idempotencyKey);
      if (previous) return replay(previous, paymentMethod);
    }
    const address = await deliveryAddress(tx, userId, body);
    const lines = await cart.checkoutLines(tx, cartId);
    if (lines.length === 0) throw badRequest('Seu carrinho está vazio.', 'EMPTY_CART');

    const items = [];
    for (const line of lines) {
      const taken = await repo.takeStock(tx, line.productId, line.quantity);
      if (!taken) throw conflict(`Estoque insuficiente para "${line.productName}".`, 'OUT_OF_STOCK');
      items.push({
        productId: line.productId,
        productName: taken.name,
        unitPriceCents: taken.priceCents,
        quantity: line.quantity,
      });
    }
    const itemsCents = items.reduce((sum, item) => sum + item.unitPriceCents * item.quantity, 0);
    const feeCents = await shippingCents(tx, address, itemsCents);
    const totalCents = itemsCents + feeCents;
    // Prices or the fee changed since the charge was issued: it is for another amount.
    if (issued && issued.totalCents !== totalCents) throw new TotalChanged();
    const charge = issued ?? (await authorise(ctx, paymentMethod, totalCents));

    const paymentId = await repo.insertPayment(tx, {
      userId,
      method: paymentMethod,
      totalCents,
      status: charge.status,
      idempotencyKey: idempotencyKey ?? null,
      details: { ...charge.details },
      txid: charge.txid,
      expiresAt: charge.expiresAt,
    });
    const order = await repo.insertOrder(tx, {
      userId,
      paymentId,
      status: charge.status === PAYMENT_STATUS.pending ? ORDER_STATUS.awaitingPayment : ORDER_STATUS.processing,
      totalCents,
      deliveryMethod,
      shippingCents: feeCents,
      ...(address && {
        addressStreet: address.street,
        addressNumber: address.number,
        addressComplement: address.complement,
        addressDistrict: address.district,
        addressCity: address.city,
        addressState: address.uf,
        addressCep: address.cep,
      }),
    });
    await repo.insertOrderItems(
      tx,
      items.map((item) => ({ ...item, orderId: order.id })),
    );
    await cart.empty(tx, cartId);
    await orderChanged(tx, order.id, 'created');
    return {
      payment: paymentView({
        id: paymentId,
        method: paymentMethod,
        totalCents,
        status: charge.status,
        txid: charge.txid,
        details: charge.details,
      }),
      order,
    };
  });
}
