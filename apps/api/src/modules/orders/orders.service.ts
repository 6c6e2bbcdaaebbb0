import {
  type AdminOrder,
  type CustomerOrder,
  fromCents,
  ORDER_STATUS,
  type OrderState,
  orderStatusField,
  PAYMENT_METHODS,
  PAYMENT_STATUS,
  type PaginationQuery,
  type PaymentMethod,
  paymentStatusField,
} from '@petshop/domain';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../plugins/auth';
import { orderChanged } from '../messages/message-events';
import { findChargeOfOrder, type SettlementDeps, withdrawCharge } from '../payments/payment-settlement';
import type { ChargeDetails } from '../payments/payments.service';
import * as repo from './orders.repository';

const NOT_FOUND = 'Pedido não encontrado.';
const ONLY_PROCESSING_CANCEL = 'Apenas pedidos aguardando pagamento ou em processamento podem ser cancelados.';
const JUST_PAID = 'O pagamento deste pedido acabou de ser confirmado pelo banco.';
const ONLY_PROCESSING_DELIVER = 'Apenas pedidos em processamento podem ser marcados como entregues.';
const ONLY_CANCELLED_DELETE = 'Apenas pedidos cancelados podem ser excluídos.';

const status = (value: string) => orderStatusField.parse(value);
const method = (value: string): PaymentMethod => {
  const found = PAYMENT_METHODS.find((m) => m === value);
  if (!found) throw new Error(`unknown payment method ${value}`);
  return found;
};

type Row = Awaited<ReturnType<typeof repo.listOwn>>[number];
type Item = Awaited<ReturnType<typeof repo.itemsOf>>[number];

async function itemsByOrder(db: Db, orderIds: number[]) {
  const byOrder = new Map<number, Item[]>();
  for (const item of await repo.itemsOf(db, orderIds)) {
    const list = byOrder.get(item.orderId) ?? [];
    list.push(item);
    byOrder.set(item.orderId, list);
  }
  return (orderId: number) => byOrder.get(orderId) ?? [];
}

async function withItems(db: Db, rows: Row[]): Promise<CustomerOrder[]> {
  const itemsOf = await itemsByOrder(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => ({
    id: row.id,
    orderDate: row.createdAt.toISOString(),
    status: status(row.status),
    totalValue: fromCents(row.totalCents),
    paymentMethod: method(row.method),
    items: itemsOf(row.id).map((item) => ({
      productName: item.productName,
      quantity: item.quantity,
      price: fromCents(item.unitPriceCents),
    })),
    paymentId: row.paymentId,
    paymentStatus: paymentStatusField.parse(row.paymentStatus),
    ...(row.paymentStatus === PAYMENT_STATUS.pending ? pendingCharge(row.txid, row.details) : {}),
  }));
}

/** What a waiting order needs to be paid: shown only while the payment is pending. */
function pendingCharge(txid: string | null, stored: unknown) {
  const details = (stored ?? {}) as ChargeDetails;
  return {
    ...(txid ? { txid } : {}),
    ...(details.pixCode ? { pixCode: details.pixCode } : {}),
    ...(details.pixQrCode ? { pixQrCode: details.pixQrCode } : {}),
    ...(details.boletoCode ? { boletoCode: details.boletoCode } : {}),
    ...(details.expiresAt ? { expiresAt: details.expiresAt } : {}),
    ...(details.dueDate ? { dueDate: details.dueDate } : {}),
  };
}

export const listOwn = async (db: Db, auth: AuthUser) => withItems(db, await repo.listOwn(db, auth.id));

export async function getByPayment(db: Db, auth: AuthUser, paymentId: number): Promise<CustomerOrder> {
  const row = await repo.findOwnByPayment(db, auth.id, paymentId);
  if (!row) throw notFound(NOT_FOUND);
  const [order] = await withItems(db, [row]);
  if (!order) throw notFound(NOT_FOUND);
  return order;
}

export async function listAll(db: Db, page: PaginationQuery) {
  const rows = await repo.listAll(db, page);
  const itemsOf = await itemsByOrder(
    db,
    rows.map((row) => row.id),
  );
  const items: AdminOrder[] = rows.map((row) => ({
    orderId: row.id,
    userId: row.userId,
    userName: row.userName,
    userEmail: row.userEmail,
    totalValue: fromCents(row.totalCents),
    status: status(row.status),
    orderDate: row.createdAt.toISOString(),
    items: itemsOf(row.id).map((item) => ({ productName: item.productName, quantity: item.quantity })),
    addresses: { number: row.number, complement: row.complement, city: row.city, cep: row.cep },
    paymentMethod: method(row.method),
    paymentStatus: paymentStatusField.parse(row.paymentStatus),
    refundDue: row.refundDueAt !== null,
  }));
  // An empty page carries no window count: count separately (only past the end).
  const total = rows[0]?.total ?? (page.offset > 0 ? await repo.countAll(db) : 0);
  return { items, total };
}

/** `userId` limits the order to its owner (customer paths); undefined reaches any order (admin paths). */
type Owner = number | undefined;

/** 404 when the order is not visible to the caller, else 409 for a wrong state. */
async function refuse(db: Db, userId: Owner, id: number, message: string): Promise<never> {
  if ((await repo.findStatus(db, userId, id)) === undefined) throw notFound(NOT_FOUND);
  throw conflict(message, 'INVALID_ORDER_STATUS');
}

/**
 * An order that waits for payment first has its charge removed at the PSP (so nobody pays a
 * cancelled order), then payment and order are cancelled together. Only the request that moves
 * the order gives the stock back.
 */
async function cancelFor(deps: SettlementDeps, userId: Owner, id: number): Promise<OrderState> {
  const { db } = deps;
  const current = await repo.findStatus(db, userId, id);
  if (current === undefined) throw notFound(NOT_FOUND);
  const from = current === ORDER_STATUS.awaitingPayment ? current : ORDER_STATUS.processing;
  if (from === ORDER_STATUS.awaitingPayment) {
    const charge = await findChargeOfOrder(db, id);
    if (charge && (await withdrawCharge(deps, charge)) === 'paid') throw conflict(JUST_PAID, 'INVALID_ORDER_STATUS');
  }
  const moved = await db.transaction(async (tx) => {
    const row = await repo.moveStatus(tx, userId, id, from, ORDER_STATUS.cancelled);
    if (row) {
      if (from === ORDER_STATUS.awaitingPayment) await repo.cancelPendingPayment(tx, id);
      await repo.restoreStock(tx, id);
      await orderChanged(tx, id, 'cancelled');
    }
    return row;
  });
  if (!moved) return refuse(db, userId, id, ONLY_PROCESSING_CANCEL);
  return { id: moved.id, status: status(moved.status) };
}

async function removeFor(db: Db, userId: Owner, id: number) {
  if (!(await repo.hide(db, userId, id, ORDER_STATUS.cancelled))) await refuse(db, userId, id, ONLY_CANCELLED_DELETE);
}

/** The caller's own order. */
export const cancel = (deps: SettlementDeps, auth: AuthUser, id: number) => cancelFor(deps, auth.id, id);

/** Admin: any order. */
export const cancelAny = (deps: SettlementDeps, id: number) => cancelFor(deps, undefined, id);

export async function markDelivered(db: Db, id: number): Promise<OrderState> {
  const moved = await db.transaction(async (tx) => {
    const row = await repo.moveStatus(tx, undefined, id, ORDER_STATUS.processing, ORDER_STATUS.delivered);
    if (row) await orderChanged(tx, id, 'delivered');
    return row;
  });
  if (!moved) return refuse(db, undefined, id, ONLY_PROCESSING_DELIVER);
  return { id: moved.id, status: status(moved.status) };
}

/** The caller's own cancelled order. */
export const remove = (db: Db, auth: AuthUser, id: number) => removeFor(db, auth.id, id);

/** Admin: any cancelled order. */
export const removeAny = (db: Db, id: number) => removeFor(db, undefined, id);
