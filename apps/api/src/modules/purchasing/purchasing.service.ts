import {
  addDays,
  businessMoment,
  daysInRange,
  EXPIRING_WITHIN_DAYS,
  type ExpiringLot,
  fromCents,
  LOW_STOCK_THRESHOLD,
  PURCHASE_ORDER_MOVES,
  type PurchaseOrder,
  type PurchaseOrderMove,
  type PurchaseOrderStatus,
  type purchaseOrderBody,
  type StockSuggestion,
  SUGGESTION_COVER_WEEKS,
  SUGGESTION_WEEKS,
  type stockMinimumBody,
  toCents,
} from '@petshop/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { conflict, fieldError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { assertStoreAccess } from '../../lib/store-scope';
import { type Actor, recordChange } from '../audit/audit.service';
import * as inventory from '../inventory/inventory.service';
import * as repo from './purchasing.repository';

type Caller = Pick<AuthUser, 'id' | 'storeIds'>;

const ORDER_NOT_FOUND = 'Pedido de compra não encontrado.';
const STORE_NOT_FOUND = 'Loja não encontrada.';

// Purchase orders ---------------------------------------------------------------------------------

async function assertStore(db: Db, caller: Caller, storeId: number) {
  assertStoreAccess(caller, storeId, STORE_NOT_FOUND);
  if (!(await inventory.storeExists(db, storeId))) throw notFound(STORE_NOT_FOUND);
}

async function view(db: Db, id: number): Promise<PurchaseOrder | undefined> {
  const row = await repo.findPurchaseOrder(db, id);
  if (!row) return undefined;
  const items = await repo.itemsOf(db, [id]);
  return {
    id: row.id,
    supplierId: row.supplierId,
    supplierName: row.supplierName,
    storeId: row.storeId,
    status: row.status,
    total: fromCents(items.reduce((sum, item) => sum + item.unitCostCents * item.quantity, 0)),
    items: items.map((item) => ({
      productId: item.productId,
      productName: item.productName,
      quantity: item.quantity,
      unitCost: fromCents(item.unitCostCents),
      lot: item.lot,
      expiresOn: item.expiresOn,
    })),
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    receivedAt: row.receivedAt?.toISOString() ?? null,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
  };
}

/** A purchase order of the caller's stores (another store's is 404). */
export async function getPurchaseOrder(db: Db, caller: Caller, id: number) {
  const order = await view(db, id);
  if (!order) throw notFound(ORDER_NOT_FOUND);
  assertStoreAccess(caller, order.storeId, ORDER_NOT_FOUND);
  return order;
}

export async function listPurchaseOrders(db: Db, caller: Caller, query: { status?: string; storeId?: number }) {
  if (query.storeId !== undefined) assertStoreAccess(caller, query.storeId, STORE_NOT_FOUND);
  const storeIds =
    query.storeId !== undefined ? [query.storeId] : caller.storeIds === 'all' ? undefined : caller.storeIds;
  const ids = await repo.listPurchaseOrderIds(db, { status: query.status, storeIds });
  const orders: PurchaseOrder[] = [];
  for (const { id } of ids) {
    const order = await view(db, id);
    if (order) orders.push(order);
  }
  return orders;
}

export async function createPurchaseOrder(
  db: Db,
  caller: Caller,
  actor: Actor,
  body: z.output<typeof purchaseOrderBody>,
) {
  await assertStore(db, caller, body.storeId);
  if (!(await repo.findSupplier(db, body.supplierId)))
    throw fieldError('supplierId', 'Selecione um fornecedor válido.');
  for (const [index, item] of body.items.entries()) {
    if (!(await inventory.productExists(db, item.productId)))
      throw fieldError(`items.${index}.productId`, 'Selecione um produto válido.');
  }
  const id = await db.transaction(async (tx) => {
    const id = await repo.insertPurchaseOrder(
      tx,
      { supplierId: body.supplierId, storeId: body.storeId, createdBy: caller.id },
      body.items.map((item) => ({
        productId: item.productId,
        quantity: item.quantity,
        unitCostCents: toCents(item.unitCost),
        lot: item.lot || null,
        expiresOn: item.expiresOn ?? null,
      })),
    );
    await recordChange(tx, actor, {
      action: 'create',
      entity: 'purchase_order',
      entityId: id,
      storeId: body.storeId,
      after: body,
    });
    return id;
  });
  return getPurchaseOrder(db, caller, id);
}

const purchaseRef = (id: number) => `purchase-order:${id}`;

/** Rounded weighted average of what was on the shelves (at the old cost) and what arrives. */
export function averageCost(
  old: { cents: number | undefined; units: number },
  arriving: { cents: number; units: number },
): number {
  const units = Math.max(old.units, 0);
  if (old.cents === undefined || units === 0) return Math.round(arriving.cents / arriving.units);
  return Math.round((old.cents * units + arriving.cents) / (units + arriving.units));
}

/**
 * Moves a purchase order: send (Rascunho → Enviado), receive (Enviado → Recebido: the units enter the
 * store's stock by 'compra' movements, lots with expiry are kept, the average cost moves) or cancel
 * (Rascunho or Enviado → Cancelado). One conditional update: a second receive is a 409, never a
 * second delivery.
 */
export async function movePurchaseOrder(db: Db, caller: Caller, actor: Actor, id: number, move: PurchaseOrderMove) {
  const order = await getPurchaseOrder(db, caller, id);
  const rule = PURCHASE_ORDER_MOVES[move];
  await db.transaction(async (tx) => {
    const moved = await repo.moveStatus(tx, id, rule.from, rule.to);
    if (!moved) throw conflict(refusal(move, order.status as PurchaseOrderStatus), 'PURCHASE_ORDER_STATUS');
    if (move === 'receive') await receive(tx, caller, order);
    await recordChange(tx, actor, {
      action: move,
      entity: 'purchase_order',
      entityId: id,
      storeId: order.storeId,
      before: { status: order.status },
      after: { status: rule.to },
    });
  });
  return getPurchaseOrder(db, caller, id);
}

const refusal = (move: PurchaseOrderMove, status: PurchaseOrderStatus) =>
  ({
    send: `Só um pedido em Rascunho pode ser enviado (este está ${status}).`,
    receive: `Só um pedido Enviado pode ser recebido (este está ${status}).`,
    cancel: `Só um pedido em Rascunho ou Enviado pode ser cancelado (este está ${status}).`,
  })[move];

async function receive(tx: Tx, caller: Caller, order: PurchaseOrder) {
  const byProduct = new Map<number, { units: number; cents: number }>();
  for (const item of order.items) {
    const sum = byProduct.get(item.productId) ?? { units: 0, cents: 0 };
    byProduct.set(item.productId, {
      units: sum.units + item.quantity,
      cents: sum.cents + toCents(item.unitCost) * item.quantity,
    });
  }
  const productIds = [...byProduct.keys()];
  // What is on every store's shelves before the delivery, at the old average cost.
  const stock = await inventory.stockByStore(tx, productIds);
  const costs = new Map((await repo.costsOf(tx, productIds)).map((row) => [row.productId, row.averageCostCents]));
  await inventory.giveBack(tx, {
    storeId: order.storeId,
    lines: order.items.map((item) => ({ productId: item.productId, quantity: item.quantity })),
    reason: 'compra',
    ref: purchaseRef(order.id),
    userId: caller.id,
  });
  for (const [productId, arriving] of byProduct) {
    const units = (stock.get(productId) ?? []).reduce((sum, row) => sum + row.quantity, 0);
    await repo.upsertCost(tx, productId, averageCost({ cents: costs.get(productId), units }, arriving));
  }
  await repo.insertLots(
    tx,
    order.items
      .filter((item) => item.expiresOn !== null)
      .map((item) => ({
        productId: item.productId,
        storeId: order.storeId,
        purchaseOrderId: order.id,
        lot: item.lot,
        expiresOn: item.expiresOn as string,
        quantity: item.quantity,
      })),
  );
}

// Lots near expiry, reorder suggestions -----------------------------------------------------------

const today = () => businessMoment().date;

/** 'Vencendo em 30 dias': lots of the caller's stores (or one) expiring within 30 days, or past. */
export async function expiringLots(db: Db, caller: Caller, storeId: number | undefined): Promise<ExpiringLot[]> {
  if (storeId !== undefined) assertStoreAccess(caller, storeId, STORE_NOT_FOUND);
  const storeIds = storeId !== undefined ? [storeId] : caller.storeIds === 'all' ? undefined : caller.storeIds;
  const now = today();
  const rows = await repo.expiringLots(db, addDays(now, EXPIRING_WITHIN_DAYS), storeIds);
  return rows.map((row) => ({ ...row, daysLeft: daysInRange(now, row.expiresOn) - 1 }));
}

/**
 * Products of a store under their minimum (without one set: the reports' low-stock line), with a
 * quantity to order: enough for the larger of the minimum and four weeks of the last eight weeks'
 * sales (web and counter), less what is on the shelf.
 */
export async function suggestions(db: Db, caller: Caller, storeId: number): Promise<StockSuggestion[]> {
  await assertStore(db, caller, storeId);
  const since = new Date(Date.now() - SUGGESTION_WEEKS * 7 * 86_400_000);
  const [products, shelves, sold] = await Promise.all([
    repo.productsWithMinimum(db, storeId),
    inventory.shelvesOfStore(db, storeId),
    inventory.unitsSold(db, storeId, since),
  ]);
  const onShelf = new Map(shelves.map((s) => [s.productId, s.quantity]));
  const under = products
    .map((p) => ({ ...p, minimum: p.minimum ?? LOW_STOCK_THRESHOLD, quantity: onShelf.get(p.id) ?? 0 }))
    .filter((p) => p.quantity < p.minimum);
  const costs = new Map(
    (
      await repo.costsOf(
        db,
        under.map((p) => p.id),
      )
    ).map((c) => [c.productId, c.averageCostCents]),
  );
  return under.map((p) => {
    const weeklySales = Math.round(((sold.get(p.id) ?? 0) / SUGGESTION_WEEKS) * 10) / 10;
    const target = Math.max(p.minimum, Math.ceil(weeklySales * SUGGESTION_COVER_WEEKS));
    const cost = costs.get(p.id);
    return {
      productId: p.id,
      productName: p.name,
      quantity: p.quantity,
      minimum: p.minimum,
      weeklySales,
      suggested: target - p.quantity,
      averageCost: cost === undefined ? null : fromCents(cost),
    };
  });
}

export async function setMinimum(db: Db, caller: Caller, actor: Actor, body: z.output<typeof stockMinimumBody>) {
  await assertStore(db, caller, body.storeId);
  if (!(await inventory.productExists(db, body.productId))) throw notFound('Produto não encontrado.');
  return db.transaction(async (tx) => {
    const before = await repo.minimumOf(tx, body.productId, body.storeId);
    await repo.upsertMinimum(tx, body.productId, body.storeId, body.minimum);
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'stock_minimum',
      entityId: body.productId,
      storeId: body.storeId,
      before: { minimum: before ?? null },
      after: { minimum: body.minimum },
    });
    return body;
  });
}
