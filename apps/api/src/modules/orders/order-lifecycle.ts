import {
  canApply,
  type DeliveryMethod,
  initialOrderStatus,
  ORDER_MOVES,
  ORDER_STATUS,
  type OrderMove,
  type OrderStatus,
  PAYMENT_STATUS,
} from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { conflict } from '../../lib/app-error';
import * as inventory from '../inventory/inventory.service';
import type { ChargeOutcomes } from '../payments/payment-settlement';
import * as payments from '../payments/payments.service';
import * as users from '../users/users.service';
import { orderLines, WHOLE } from './order-line-keeper';
import { orderChanged, orderChargedBack, orderRefunded } from './order-messages';
import * as repo from './orders.repository';

/**
 * An order's whole life, and the only place its status changes and its stock moves. Every move is
 * one conditional update (`where status = from`) from the state table in the domain package, made in
 * the caller's transaction: of two parallel movers only one moves the order, so the stock and the
 * message that follow happen exactly once.
 */

/** `userId` limits the order to its owner (customer paths); undefined reaches any order. */
export type Owner = number | undefined;

export interface StockLine {
  productId: number;
  quantity: number;
}

/** The stock an order takes, as the order keeps it: the product's name and price at this moment. */
export interface TakenItem extends StockLine {
  productName: string;
  unitPriceCents: number;
}

/** A line of an order: a product whose stock was taken, or something that is no stock (a package). */
export type OrderLine = TakenItem | (Omit<TakenItem, 'productId'> & { productId: null });

/** The ledger's reference of an order's movements. */
export const orderRef = (orderId: number) => `order:${orderId}`;

/**
 * Takes each line's units from the store's shelves for the order (a 'venda_online' movement each);
 * a shortfall is a 409 naming the product (roll back). Without a store: the main one.
 */
export async function takeStock(
  tx: Tx,
  lines: readonly (StockLine & { productName: string })[],
  order: { orderId: number; storeId?: number; userId?: number },
) {
  const result = await inventory.take(tx, {
    storeId: order.storeId ?? (await inventory.mainStoreId(tx)),
    lines,
    reason: 'venda_online',
    ref: orderRef(order.orderId),
    userId: order.userId ?? null,
  });
  if ('shortOf' in result) {
    const name = lines.find((line) => line.productId === result.shortOf)?.productName ?? '';
    throw conflict(`Estoque insuficiente para "${name}".`, 'OUT_OF_STOCK');
  }
  return result.taken.map(
    (item): TakenItem => ({
      productId: item.productId,
      quantity: item.quantity,
      productName: item.name,
      unitPriceCents: item.priceCents,
    }),
  );
}

/** A cart line as the order keeps it, priced as read in the order's transaction (its stock taken afterwards). */
export const asOrderItem = (line: StockLine & { productName: string; priceCents: number }): TakenItem => ({
  productId: line.productId,
  quantity: line.quantity,
  productName: line.productName,
  unitPriceCents: line.priceCents,
});

export interface NewOrder {
  /** an id reserved before (a card charged for this order's reference) */
  id?: number;
  userId: number;
  paymentId: number;
  /** a Pix or boleto that waits for the bank, or a card the PSP is being asked for; otherwise the order is paid */
  paymentPending: boolean;
  /** false while the card PSP is asked: the customer is told of the order once it has answered */
  announce?: boolean;
  totalCents: number;
  deliveryMethod: DeliveryMethod;
  shippingCents: number;
  /** the store that hands it over or ships it, whose stock it took (the main one when left out) */
  storeId?: number;
  address?: {
    street: string;
    number: string;
    complement: string;
    district: string;
    city: string;
    uf: string;
    cep: string;
  };
}

export const reserveOrderId = (db: Db | Tx) => repo.reserveId(db);

/** Places an order whose stock `takeStock` takes in the same transaction (before, or last for a Pix or boleto). */
export async function place(tx: Tx, order: NewOrder, items: readonly OrderLine[]) {
  const { address } = order;
  const row = await repo.insertOrder(tx, {
    ...(order.id !== undefined && { id: order.id }),
    userId: order.userId,
    paymentId: order.paymentId,
    status: initialOrderStatus(order.paymentPending),
    totalCents: order.totalCents,
    deliveryMethod: order.deliveryMethod,
    shippingCents: order.shippingCents,
    ...(order.storeId !== undefined && { storeId: order.storeId }),
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
    items.map((item) => ({ ...item, orderId: row.id })),
  );
  if (order.announce !== false) await orderChanged(tx, row.id, 'created');
  return row;
}

/**
 * The card PSP answered for an order placed while it was asked: approved → paid (Processando, a
 * package's credits exist); pending (review, 3-D Secure) → it keeps waiting. The customer is told
 * of the order now, as it is.
 */
export async function cardAnswered(tx: Tx, orderId: number, approved: boolean) {
  if (approved && (await apply(tx, 'settle', orderId, ORDER_STATUS.awaitingPayment))) {
    await repo.forgetCardWait(tx, orderId);
    await orderLines().paid(tx, orderId);
  }
  await orderChanged(tx, orderId, 'created');
}

/**
 * The card PSP made no charge for an order placed while it was asked (refused, invalid, no
 * answer): its units go back and the order goes as if never placed; nobody was told of it.
 */
export async function withdraw(tx: Tx, orderId: number) {
  await giveBackStock(tx, orderId, 'cancelamento');
  await repo.deleteOrder(tx, orderId);
}

/** The one conditional move; undefined when the order is not (any more) where the move starts. */
async function apply(tx: Tx, move: OrderMove, id: number, from: OrderStatus, owner?: Owner) {
  const rule: { from: readonly OrderStatus[]; to: OrderStatus; method?: DeliveryMethod } = ORDER_MOVES[move];
  if (!rule.from.includes(from)) return undefined;
  return repo.moveStatus(tx, { userId: owner, id, from, to: rule.to, method: rule.method });
}

/** The units go back to the shelf they came from (an order older than the ledger: the main store's). */
async function giveBackStock(tx: Tx, orderId: number, reason: 'cancelamento' | 'expiracao') {
  const ref = orderRef(orderId);
  const storeId = (await inventory.storeOfRef(tx, ref)) ?? (await inventory.mainStoreId(tx));
  await inventory.giveBack(tx, { storeId, lines: await repo.stockLinesOf(tx, orderId), reason, ref });
}

/** The order closed: if its customer deleted the account meanwhile, what only the delivery needed goes now. */
async function closed(tx: Tx, order: { id: number; userId: number }) {
  if (await users.isGone(tx, order.userId)) await repo.eraseDeliveryAddress(tx, order.userId, order.id);
}

/** The bank confirmed the payment: Aguardando pagamento → Processando. */
export async function settle(tx: Tx, orderId: number) {
  const moved = await apply(tx, 'settle', orderId, ORDER_STATUS.awaitingPayment);
  if (moved) {
    // A package bought in the order: its credits exist from now on.
    await orderLines().paid(tx, orderId);
    await orderChanged(tx, orderId, 'paid');
  }
  return moved;
}

/** The charge was not paid in time: Aguardando pagamento → Cancelado, stock back. */
export async function expire(tx: Tx, orderId: number) {
  const moved = await apply(tx, 'expire', orderId, ORDER_STATUS.awaitingPayment);
  if (moved) {
    await giveBackStock(tx, orderId, 'expiracao');
    await orderChanged(tx, orderId, 'expired');
    await closed(tx, moved);
  }
  return moved;
}

/**
 * Cancels an order that is still `from` (waiting or processing): stock back; a charge that waits is
 * cancelled, money already received is marked to be given back.
 */
export async function cancel(tx: Tx, orderId: number, from: OrderStatus, owner?: Owner) {
  const moved = await apply(tx, 'cancel', orderId, from, owner);
  if (!moved) return undefined;
  if (from === ORDER_STATUS.awaitingPayment) await payments.cancelPending(tx, moved.paymentId);
  const charge = await payments.findCharge(tx, moved.paymentId);
  if (charge?.status === PAYMENT_STATUS.approved && charge.totalCents > 0)
    await payments.markRefundDue(tx, moved.paymentId);
  await giveBackStock(tx, orderId, 'cancelamento');
  // Its money goes back whole, so a package's credits go first: refused (409) when some were used.
  await orderLines().refunding(tx, orderId, WHOLE);
  await orderChanged(tx, orderId, 'cancelled');
  await closed(tx, moved);
  return moved;
}

/** The shop moves a paid order on: shipped or ready for pickup, then delivered. */
export async function advance(tx: Tx, orderId: number, move: 'ship' | 'readyForPickup' | 'deliver', from: OrderStatus) {
  const moved = await apply(tx, move, orderId, from);
  if (moved && move === 'deliver') {
    await orderChanged(tx, orderId, 'delivered');
    await closed(tx, moved);
  }
  return moved;
}

/** What payments does to the order when a charge settles or expires (handed to payments at start-up). */
export const chargeOutcomes: ChargeOutcomes = {
  async paid(tx, paymentId) {
    const order = await repo.findByPayment(tx, paymentId);
    if (order) await settle(tx, order.id);
  },
  async expired(tx, paymentId) {
    const order = await repo.findByPayment(tx, paymentId);
    if (order) await expire(tx, order.id);
  },
  /**
   * Money of an order is about to go back: a package's credits first (409 when too few are left), and
   * once everything paid is going back, an order not yet shipped or handed over is cancelled by the
   * same move as any cancel (stock back once); a shipped or delivered one keeps its status.
   */
  async refunding(tx, paymentId, share) {
    const order = await repo.findByPayment(tx, paymentId);
    if (!order) return;
    await orderLines().refunding(tx, order.id, share);
    const whole = share.refundedCents + share.amountCents >= share.paidCents;
    const state = whole ? await repo.findState(tx, undefined, order.id) : undefined;
    if (state && canApply('cancel', state)) await cancel(tx, order.id, state.status);
  },
  async refunded(tx, paymentId, refund) {
    const order = await repo.findByPayment(tx, paymentId);
    if (order) await orderRefunded(tx, order.id, refund);
  },
  async chargedBack(tx, paymentId) {
    const order = await repo.findByPayment(tx, paymentId);
    if (!order) return;
    // The money is gone already: a package's credits all go, whatever was used.
    await orderLines().chargedBack(tx, order.id);
    await orderChargedBack(tx, order.id);
  },
};
