import {
  type CustomerOrder,
  type CustomerOrderDetail,
  checkoutMethod,
  fromCents,
  moveTo,
  ORDER_STATUS,
  type OrderProgressStatus,
  type OrderState,
  orderStatusField,
  PAYMENT_STATUS,
  paymentStatusField,
} from '@petshop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { AppError, conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { assertStoreAccess } from '../../lib/store-scope';
import { type Actor, recordChange } from '../audit/audit.service';
import type { MercadoPago, PixApi } from '../payments/payment-clients';
import { findCharge, withdrawCharge } from '../payments/payment-settlement';
import { pendingCharge } from '../payments/payments.service';
import { listForPayment as listRefunds, refundPayment } from '../payments/refunds.service';
import * as lifecycle from './order-lifecycle';
import { itemsByOrder, timelineByOrder } from './order-lines';
import * as repo from './orders.repository';

const NOT_FOUND = 'Pedido não encontrado.';
const ONLY_PROCESSING_CANCEL = 'Apenas pedidos aguardando pagamento ou em processamento podem ser cancelados.';
const JUST_PAID = 'O pagamento deste pedido acabou de ser confirmado pelo banco.';
const cannotMove = (from: string, to: string) => `Um pedido "${from}" não pode passar para "${to}".`;
const ONLY_CANCELLED_DELETE = 'Apenas pedidos cancelados podem ser excluídos.';
const PAID_NOT_DELETED = 'Este pedido foi pago e faz parte da contabilidade da loja: ele não pode ser excluído.';

const status = (value: string) => orderStatusField.parse(value);

type Row = Awaited<ReturnType<typeof repo.listOwn>>[number];
async function withItems(db: Db, rows: Row[]): Promise<CustomerOrder[]> {
  const ids = rows.map((row) => row.id);
  const [itemsOf, timelineOf] = await Promise.all([itemsByOrder(db, ids), timelineByOrder(db, ids)]);
  return rows.map((row) => ({
    id: row.id,
    orderDate: row.createdAt.toISOString(),
    status: status(row.status),
    totalValue: fromCents(row.totalCents),
    paymentMethod: checkoutMethod(row.method),
    items: itemsOf(row.id).map((item) => ({
      productName: item.productName,
      quantity: item.quantity,
      price: fromCents(item.unitPriceCents),
    })),
    deliveryMethod: row.deliveryMethod,
    shippingPrice: fromCents(row.shippingCents),
    storeId: row.storeId,
    timeline: timelineOf(row.id),
    paymentId: row.paymentId,
    paymentStatus: paymentStatusField.parse(row.paymentStatus),
    ...(row.paymentStatus === PAYMENT_STATUS.pending ? pendingCharge(row.txid, row.details) : {}),
  }));
}

export const listOwn = async (db: Db, auth: AuthUser) => withItems(db, await repo.listOwn(db, auth.id));

export async function getByPayment(db: Db, auth: AuthUser, paymentId: number): Promise<CustomerOrder> {
  const row = await repo.findOwnByPayment(db, auth.id, paymentId);
  if (!row) throw notFound(NOT_FOUND);
  const [order] = await withItems(db, [row]);
  if (!order) throw notFound(NOT_FOUND);
  return order;
}

/** The order page: the order, how it was paid (installments, card brand and last four), where it goes, what went back. */
export async function getOwnDetail(db: Db, auth: AuthUser, id: number): Promise<CustomerOrderDetail> {
  const row = await repo.findOwnDetail(db, auth.id, id);
  if (!row) throw notFound(NOT_FOUND);
  const [[order], refunds, items] = await Promise.all([
    withItems(db, [row]),
    listRefunds(db, row.paymentId),
    repo.itemsOf(db, [row.id]),
  ]);
  if (!order) throw notFound(NOT_FOUND);
  const { street, number, complement, district, city, uf, cep } = row;
  const address =
    street === null || number === null || district === null || city === null || cep === null
      ? null
      : { street, number, complement: complement ?? '', district, city, uf: uf ?? '', cep };
  return {
    ...order,
    items: items.map((item) => ({
      productId: item.productId,
      productName: item.productName,
      quantity: item.quantity,
      price: fromCents(item.unitPriceCents),
    })),
    ...(row.installments ? { installments: row.installments } : {}),
    ...(row.cardBrand ? { cardBrand: row.cardBrand } : {}),
    ...(row.cardLastFour ? { cardLastFour: row.cardLastFour } : {}),
    address,
    refundedValue: fromCents(row.refundedCents),
    refunds: refunds.map(({ id: refundId, amount, status: refundStatus, createdAt }) => ({
      id: refundId,
      amount,
      status: refundStatus,
      createdAt,
    })),
  };
}

/** Staff paths: an order of another store than the caller's is a 404, as one that does not exist. */
export async function assertOrderReach(db: Db, auth: AuthUser, id: number) {
  if (auth.storeIds === 'all') return;
  assertStoreAccess(auth, await repo.findStoreOf(db, id), 'Pedido não encontrado.');
}

/** `userId` limits the order to its owner (customer paths); undefined reaches any order (admin paths). */
type Owner = number | undefined;

/** 404 when the order is not visible to the caller, else 409 for a wrong state. */
async function refuse(db: Db, userId: Owner, id: number, message: string): Promise<never> {
  if ((await repo.findStatus(db, userId, id)) === undefined) throw notFound(NOT_FOUND);
  throw conflict(message, 'INVALID_ORDER_STATUS');
}

export interface CancelDeps {
  db: Db;
  pix: PixApi;
  /** the card PSP: a paid card order is refunded there when it is cancelled */
  cards: MercadoPago;
  log: FastifyBaseLogger;
}

/** The reason the refund of a cancelled order carries (the customer reads it in the message). */
export const CANCEL_REFUND_REASON = 'Pedido cancelado';

/** A partial refund still pending counts as given back: the cancel refunds what is left after it. */
const REFUNDABLE_ON_CANCEL: readonly string[] = [
  PAYMENT_STATUS.approved,
  PAYMENT_STATUS.partiallyRefunded,
  PAYMENT_STATUS.refundPending,
  PAYMENT_STATUS.refundFailed,
];

/**
 * A paid order was cancelled: all its money still held goes back at once (card refund, Pix
 * devolução; a boleto is recorded for the admin's transfer): the total less the refunds done or
 * pending. The key is the order's, so a second call refunds nothing more; a PSP that does not answer
 * leaves the refund pending for the retry job. The cancel stands either way: what could not be
 * refunded stays visible to the admin as refund due.
 */
async function refundCancelled(deps: CancelDeps, orderId: number, paymentId: number, by: number | null) {
  const charge = await findCharge(deps.db, paymentId);
  if (!charge || charge.totalCents === 0 || !REFUNDABLE_ON_CANCEL.includes(charge.status)) return;
  try {
    await refundPayment(
      { ...deps, outcomes: lifecycle.chargeOutcomes },
      by,
      paymentId,
      { reason: CANCEL_REFUND_REASON },
      `cancelamento-pedido-${orderId}`,
    );
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    deps.log.warn({ orderId, code: error.code }, 'cancelled order not refunded automatically');
  }
}

/**
 * An order that waits for payment first has its charge removed at the PSP (so nobody pays a
 * cancelled order), then the lifecycle cancels it. Only the request that moves the order gives the
 * stock back.
 */
async function cancelFor(deps: CancelDeps, userId: Owner, id: number, actor?: Actor): Promise<OrderState> {
  const { db } = deps;
  const order = await repo.findState(db, userId, id);
  if (!order) throw notFound(NOT_FOUND);
  const from = order.status === ORDER_STATUS.awaitingPayment ? order.status : ORDER_STATUS.processing;
  if (from === ORDER_STATUS.awaitingPayment) {
    const charge = await findCharge(db, order.paymentId);
    const settlement = { ...deps, outcomes: lifecycle.chargeOutcomes };
    if (charge && (await withdrawCharge(settlement, charge)) === 'paid')
      throw conflict(JUST_PAID, 'INVALID_ORDER_STATUS');
  }
  const moved = await db.transaction(async (tx) => {
    const cancelled = await lifecycle.cancel(tx, id, from, userId);
    if (cancelled && actor) {
      await recordChange(tx, actor, {
        action: 'cancel',
        entity: 'order',
        entityId: id,
        before: { status: status(from) },
        after: { status: status(cancelled.status) },
      });
    }
    return cancelled;
  });
  if (!moved) return refuse(db, userId, id, ONLY_PROCESSING_CANCEL);
  await refundCancelled(deps, id, moved.paymentId, actor?.userId ?? null);
  return { id: moved.id, status: status(moved.status) };
}

interface RemoveDeps {
  db: Db;
  log: FastifyBaseLogger;
}

/**
 * Hides a cancelled order that was never paid. An order that was paid is part of the books (sales
 * list, revenue, refunds) and is never deleted, cancelled or not.
 */
async function removeFor({ db, log }: RemoveDeps, userId: Owner, by: number, id: number, actor?: Actor) {
  const hidden = await db.transaction(async (tx) => {
    const row = await repo.hide(tx, userId, id);
    if (row && actor) await recordChange(tx, actor, { action: 'delete', entity: 'order', entityId: id });
    return row;
  });
  if (hidden) {
    log.info({ orderId: id, by, audit: 'order-hidden' }, 'order hidden by request');
    return;
  }
  if ((await repo.findStatus(db, userId, id)) !== undefined && (await repo.wasPaid(db, id)))
    throw conflict(PAID_NOT_DELETED, 'ORDER_PAID');
  await refuse(db, userId, id, ONLY_CANCELLED_DELETE);
}

/** The caller's own order. */
export const cancel = (deps: CancelDeps, auth: AuthUser, id: number) => cancelFor(deps, auth.id, id);

/** Admin: any order. */
export const cancelAny = (deps: CancelDeps, id: number, actor: Actor) => cancelFor(deps, undefined, id, actor);

/**
 * Admin: moves an order on (shipped, ready for pickup, delivered) as the status table allows.
 * The update is conditional on the status read, so of two parallel moves only one succeeds.
 */
export async function move(db: Db, id: number, to: OrderProgressStatus, actor: Actor): Promise<OrderState> {
  const order = await repo.findState(db, undefined, id);
  if (!order) throw notFound(NOT_FOUND);
  const step = moveTo(order, to);
  if (step !== 'ship' && step !== 'readyForPickup' && step !== 'deliver')
    throw conflict(cannotMove(order.status, to), 'INVALID_ORDER_STATUS');
  const moved = await db.transaction(async (tx) => {
    const advanced = await lifecycle.advance(tx, id, step, order.status);
    if (advanced) {
      await recordChange(tx, actor, {
        action: 'status',
        entity: 'order',
        entityId: id,
        before: { status: status(order.status) },
        after: { status: status(advanced.status) },
      });
    }
    return advanced;
  });
  if (!moved) throw conflict('O pedido acabou de mudar de status. Atualize a página.', 'INVALID_ORDER_STATUS');
  return { id: moved.id, status: status(moved.status) };
}

/** The caller's own cancelled, never paid order. */
export const remove = (deps: RemoveDeps, auth: AuthUser, id: number) => removeFor(deps, auth.id, auth.id, id);

/** Admin: any cancelled, never paid order. */
export const removeAny = (deps: RemoveDeps, auth: AuthUser, id: number, actor: Actor) =>
  removeFor(deps, undefined, auth.id, id, actor);

/** The user's orders still in progress (not delivered nor cancelled), with their payment's status. */
export const openOf = (db: Db, userId: number) => repo.listOpenOf(db, userId);

/**
 * Before the account goes, when the customer confirmed: each order that may still be cancelled is
 * (its pending charge cancelled at the PSP; money already paid marked to be given back). Orders
 * already on their way stay, with what their delivery needs.
 */
export async function cancelOpenOf(deps: CancelDeps, userId: number) {
  for (const order of await repo.listOpenOf(deps.db, userId)) {
    if (order.status !== ORDER_STATUS.awaitingPayment && order.status !== ORDER_STATUS.processing) continue;
    try {
      await cancelFor(deps, userId, order.id);
    } catch (error) {
      // Paid while we asked the PSP: it is Processando now, and cancelling it marks the refund due.
      if (!(error instanceof AppError) || error.message !== JUST_PAID) throw error;
      await cancelFor(deps, userId, order.id);
    }
  }
}

/**
 * LGPD erasure, in the account deletion's transaction: closed delivery orders lose street, number
 * and complement; open ones keep them until they close (the lifecycle erases them then).
 */
export const forget = async (tx: Tx, userId: number) => {
  await repo.eraseDeliveryAddress(tx, userId);
};

/** LGPD export: every order with its items and payment. */
export const exportOf = (db: Db, userId: number) => repo.exportOf(db, userId);
