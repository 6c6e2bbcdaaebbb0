import { randomInt } from 'node:crypto';
import {
  DELIVERY_METHOD,
  fromCents,
  ORDER_STATUS,
  PAYMENT_METHODS,
  PAYMENT_STATUS,
  type PayBody,
  type PaymentMethod,
  type PaymentResult,
  type PaymentSummary,
} from '@petshop/domain';
import type { Db } from '../../db/client';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error';
import { violatedConstraint } from '../../lib/pg-error';
import type { AuthUser } from '../../plugins/auth';
import * as cart from '../cart/cart.service';
import { orderChanged } from '../messages/message-events';
import { feeFor, NO_DELIVERY_MESSAGE } from '../shipping/shipping.service';
import type { PaymentProvider } from './payment-provider';
import * as repo from './payments.repository';

const CART_NOT_FOUND = 'Carrinho não encontrado.';
const ADDRESS_NOT_FOUND = 'Endereço não encontrado.';
const KEY_REUSED = 'Esta chave de idempotência já foi usada em um pagamento diferente.';

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

type Previous = NonNullable<Awaited<ReturnType<typeof repo.findByIdempotencyKey>>>;

/** The answer of an earlier payment made with the same key; a different method is another payment. */
function replay(previous: Previous, method: PaymentMethod): PaymentResult {
  if (previous.method !== method || !isPaymentMethod(previous.method))
    throw conflict(KEY_REUSED, 'IDEMPOTENCY_KEY_REUSED');
  const details = (previous.details ?? {}) as { pixCode?: string; boletoCode?: string };
  return {
    payment: {
      id: previous.id,
      paymentMethod: previous.method,
      totalValue: fromCents(previous.totalCents),
      status: previous.status,
      ...(details.pixCode ? { pixCode: details.pixCode } : {}),
      ...(details.boletoCode ? { boletoCode: details.boletoCode } : {}),
    },
    order: { id: previous.orderId, status: previous.orderStatus },
  };
}

const newReference = () => `${Date.now()}${String(randomInt(0, 1e9)).padStart(9, '0')}`;

/** A parallel request with the same key committed first. */
const isIdempotencyRace = (error: unknown) => violatedConstraint(error) === 'payments_user_idempotency_uq';

/**
 * One transaction: the cart row lock serialises the user's payments and cart changes; stock is
 * taken by conditional updates, so a shortfall aborts everything and changes nothing.
 */
export async function pay(
  db: Db,
  provider: PaymentProvider,
  auth: AuthUser,
  { cartId, addressId, paymentMethod, deliveryMethod }: PayBody,
  idempotencyKey?: string,
): Promise<PaymentResult> {
  const userId = auth.id;
  if (idempotencyKey) {
    const previous = await repo.findByIdempotencyKey(db, userId, idempotencyKey);
    if (previous) return replay(previous, paymentMethod);
  }
  try {
    return await db.transaction(async (tx) => {
      if (!(await cart.lockOwnCart(tx, auth, cartId))) throw notFound(CART_NOT_FOUND);
      if (idempotencyKey) {
        // A parallel request with the same key may have paid while we waited for the lock.
        const previous = await repo.findByIdempotencyKey(tx, userId, idempotencyKey);
        if (previous) return replay(previous, paymentMethod);
      }
      // Pickup ignores any address sent; delivery needs one (the body schema enforces it).
      const delivery = deliveryMethod === DELIVERY_METHOD.delivery;
      const address =
        delivery && addressId !== undefined ? await repo.findOwnAddress(tx, userId, addressId) : undefined;
      if (delivery && !address) throw notFound(ADDRESS_NOT_FOUND);
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
      const fee = address ? await feeFor(tx, address.uf, itemsCents) : { priceCents: 0 };
      if (!fee) throw conflict(NO_DELIVERY_MESSAGE, 'NO_DELIVERY');
      const totalCents = itemsCents + fee.priceCents;

      const charge = await provider.charge({ method: paymentMethod, totalCents, reference: newReference() });
      if (charge.status === PAYMENT_STATUS.declined) {
        throw new AppError(402, 'PAYMENT_DECLINED', 'Pagamento recusado. Tente outro método de pagamento.');
      }
      const details = {
        ...(charge.pixCode ? { pixCode: charge.pixCode } : {}),
        ...(charge.boletoCode ? { boletoCode: charge.boletoCode } : {}),
      };
      const paymentId = await repo.insertPayment(tx, {
        userId,
        method: paymentMethod,
        totalCents,
        status: charge.status,
        idempotencyKey: idempotencyKey ?? null,
        details,
      });
      const order = await repo.insertOrder(tx, {
        userId,
        paymentId,
        status: ORDER_STATUS.processing,
        totalCents,
        deliveryMethod,
        shippingCents: fee.priceCents,
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
        payment: { id: paymentId, paymentMethod, totalValue: fromCents(totalCents), status: charge.status, ...details },
        order,
      };
    });
  } catch (error) {
    if (!idempotencyKey || !isIdempotencyRace(error)) throw error;
    const previous = await repo.findByIdempotencyKey(db, userId, idempotencyKey);
    if (!previous) throw error;
    return replay(previous, paymentMethod);
  }
}
