import {
  type AdminOrder,
  type CustomerOrder,
  fromCents,
  ORDER_STATUS,
  type OrderState,
  orderStatusField,
  PAYMENT_METHODS,
  type PaginationQuery,
  type PaymentMethod,
} from '@petshop/domain';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import * as repo from './orders.repository';

const NOT_FOUND = 'Pedido não encontrado.';
const ONLY_PROCESSING_CANCEL = 'Apenas pedidos em processamento podem ser cancelados.';
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
  }));
}

export const listOwn = async (db: Db, userId: number) => withItems(db, await repo.listOwn(db, userId));

export async function getByPayment(db: Db, userId: number, paymentId: number): Promise<CustomerOrder> {
  const row = await repo.findOwnByPayment(db, userId, paymentId);
  if (!row) throw notFound(NOT_FOUND);
  const [order] = await withItems(db, [row]);
  if (!order) throw notFound(NOT_FOUND);
  return order;
}

export async function listAll(db: Db, { limit, offset }: PaginationQuery) {
  const rows = await repo.listAll(db, limit, offset);
  const itemsOf = await itemsByOrder(
    db,
    rows.map((row) => row.id),
  );
  const data: AdminOrder[] = rows.map((row) => ({
    orderId: row.id,
    userId: row.userId,
    totalValue: fromCents(row.totalCents),
    status: status(row.status),
    orderDate: row.createdAt.toISOString(),
    items: itemsOf(row.id).map((item) => ({ productName: item.productName, quantity: item.quantity })),
    addresses: { number: row.number, complement: row.complement, city: row.city, cep: row.cep },
  }));
  // An empty page carries no window count: count separately (only past the end).
  const total = rows[0]?.total ?? (offset > 0 ? await repo.countAll(db) : 0);
  return { data, meta: { total, limit, offset } };
}

/** 404 when the order is not visible to the caller, else 409 for a wrong state. */
async function refuse(db: Db, id: number, message: string, userId?: number): Promise<never> {
  if ((await repo.findStatus(db, id, userId)) === undefined) throw notFound(NOT_FOUND);
  throw conflict(message, 'INVALID_ORDER_STATUS');
}

/** `userId` limits the order to its owner (customer paths); admins pass none. */
export async function cancel(db: Db, id: number, userId?: number): Promise<OrderState> {
  const moved = await db.transaction(async (tx) => {
    // Only the request that moves the order out of Processando gives the stock back.
    const row = await repo.moveStatus(tx, id, ORDER_STATUS.processing, ORDER_STATUS.cancelled, userId);
    if (row) await repo.restoreStock(tx, id);
    return row;
  });
  if (!moved) return refuse(db, id, ONLY_PROCESSING_CANCEL, userId);
  return { id: moved.id, status: status(moved.status) };
}

export async function markDelivered(db: Db, id: number): Promise<OrderState> {
  const moved = await repo.moveStatus(db, id, ORDER_STATUS.processing, ORDER_STATUS.delivered);
  if (!moved) return refuse(db, id, ONLY_PROCESSING_DELIVER);
  return { id: moved.id, status: status(moved.status) };
}

export async function remove(db: Db, id: number, userId?: number) {
  if (!(await repo.hide(db, id, ORDER_STATUS.cancelled, userId))) await refuse(db, id, ONLY_CANCELLED_DELETE, userId);
}
