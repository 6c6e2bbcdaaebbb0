import {
  addDays,
  type ProductStockRow,
  type StockMovement,
  type StockMovementsQuery,
  type StockTransfer,
  type stockAdjustmentBody,
  TRANSFER_STATUS,
  type transferBody,
} from '@petshop/domain';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { conflict, fieldError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { assertStoreAccess } from '../../lib/store-scope';
import { type Actor, recordChange } from '../audit/audit.service';
import * as repo from './inventory.repository';
import { giveBack, move, OUT_OF_STOCK, stockByStore, take } from './inventory.service';

/** The routes' side of the ledger: adjustments, movements, stock per store and transfers. */

const STORE_NOT_FOUND = 'Loja não encontrada.';
const PRODUCT_NOT_FOUND = 'Produto não encontrado.';
const TRANSFER_NOT_FOUND = 'Transferência não encontrada.';

type Caller = Pick<AuthUser, 'id' | 'storeIds'>;

async function assertStore(db: Db, caller: Caller, storeId: number) {
  assertStoreAccess(caller, storeId, STORE_NOT_FOUND);
  if (!(await repo.storeExists(db, storeId))) throw notFound(STORE_NOT_FOUND);
}

type MovementRow = Awaited<ReturnType<typeof repo.listMovements>>[number];
const toMovement = (row: Omit<MovementRow, 'total'>): StockMovement => ({
  id: row.id,
  productId: row.productId,
  storeId: row.storeId,
  delta: row.delta,
  reason: row.reason as StockMovement['reason'],
  ref: row.ref,
  note: row.note,
  userId: row.userId,
  at: row.at.toISOString(),
});

/** A counted shelf, a loss or a return recorded by hand: one movement, never below zero (409). */
export async function adjust(db: Db, caller: Caller, actor: Actor, body: z.output<typeof stockAdjustmentBody>) {
  await assertStore(db, caller, body.storeId);
  if (!(await repo.productExists(db, body.productId))) throw notFound(PRODUCT_NOT_FOUND);
  return db.transaction(async (tx) => {
    const shelf = await move(tx, {
      storeId: body.storeId,
      productId: body.productId,
      delta: body.delta,
      reason: body.reason,
      ref: `adjustment:${caller.id}`,
      userId: caller.id,
      note: body.note,
    });
    await recordChange(tx, actor, {
      action: 'adjust',
      entity: 'stock',
      entityId: body.productId,
      storeId: body.storeId,
      before: { quantity: shelf.quantity - body.delta },
      after: { quantity: shelf.quantity, reason: body.reason, note: body.note },
    });
    return { productId: body.productId, storeId: body.storeId, quantity: shelf.quantity };
  });
}

/** São Paulo has kept UTC−3 all year since 2019. */
const dayStart = (date: string) => new Date(`${date}T00:00:00-03:00`);

export async function listMovements(db: Db, caller: Caller, query: StockMovementsQuery) {
  if (query.storeId !== undefined) assertStoreAccess(caller, query.storeId, STORE_NOT_FOUND);
  const storeIds =
    query.storeId !== undefined ? [query.storeId] : caller.storeIds === 'all' ? undefined : caller.storeIds;
  const filter: repo.MovementFilter = {
    productId: query.productId,
    storeIds,
    from: query.from ? dayStart(query.from) : undefined,
    to: query.to ? dayStart(addDays(query.to, 1)) : undefined,
  };
  const rows = await repo.listMovements(db, filter, query.limit, query.offset);
  const total = rows[0]?.total ?? (query.offset > 0 ? await repo.countMovements(db, filter) : 0);
  return { items: rows.map(toMovement), total };
}

/** Each store's units of a product (public: 'Disponível na Loja X'). */
export async function productStock(db: Db, productId: number): Promise<ProductStockRow[]> {
  if (!(await repo.productExists(db, productId))) throw notFound(PRODUCT_NOT_FOUND);
  return (await stockByStore(db, [productId])).get(productId) ?? [];
}

type Transfer = NonNullable<Awaited<ReturnType<typeof repo.findTransfer>>>;
const toTransfer = (row: Transfer): StockTransfer => ({
  id: row.id,
  fromStoreId: row.fromStoreId,
  toStoreId: row.toStoreId,
  status: row.receivedAt ? TRANSFER_STATUS.received : TRANSFER_STATUS.sent,
  items: row.items,
  sentBy: row.sentBy,
  sentAt: row.sentAt.toISOString(),
  receivedBy: row.receivedBy,
  receivedAt: row.receivedAt?.toISOString() ?? null,
});

export const transferRef = (id: number) => `transfer:${id}`;

/** Stock leaves `fromStoreId` at once ('transferencia' out); it arrives on receive. */
export async function sendTransfer(
  db: Db,
  caller: Caller,
  actor: Actor,
  fromStoreId: number,
  body: z.output<typeof transferBody>,
) {
  await assertStore(db, caller, fromStoreId);
  if (body.toStoreId === fromStoreId) throw fieldError('toStoreId', 'Escolha uma loja diferente da de origem.');
  if (!(await repo.storeExists(db, body.toStoreId)))
    throw fieldError('toStoreId', 'Selecione uma loja de destino válida.');
  const id = await db.transaction(async (tx) => {
    const id = await repo.insertTransfer(tx, { fromStoreId, toStoreId: body.toStoreId, sentBy: caller.id }, body.items);
    const result = await take(tx, {
      storeId: fromStoreId,
      lines: body.items,
      reason: 'transferencia',
      ref: transferRef(id),
      userId: caller.id,
    });
    if ('shortOf' in result) {
      throw conflict(`Estoque insuficiente na loja de origem para o produto ${result.shortOf}.`, OUT_OF_STOCK);
    }
    await recordChange(tx, actor, {
      action: 'send',
      entity: 'stock_transfer',
      entityId: id,
      storeId: fromStoreId,
      after: { fromStoreId, toStoreId: body.toStoreId, items: body.items },
    });
    return id;
  });
  return getTransfer(db, caller, id);
}

/** The receiving store takes the units in ('transferencia' in), exactly once (409 after). */
export async function receiveTransfer(db: Db, caller: Caller, actor: Actor, id: number) {
  const found = await repo.findTransfer(db, id);
  if (!found) throw notFound(TRANSFER_NOT_FOUND);
  assertStoreAccess(caller, found.toStoreId, TRANSFER_NOT_FOUND);
  await db.transaction(async (tx) => {
    const marked = await repo.markReceived(tx, id, caller.id);
    if (!marked) throw conflict('Esta transferência já foi recebida.', 'ALREADY_RECEIVED');
    await giveBack(tx, {
      storeId: marked.toStoreId,
      lines: found.items,
      reason: 'transferencia',
      ref: transferRef(id),
      userId: caller.id,
    });
    await recordChange(tx, actor, {
      action: 'receive',
      entity: 'stock_transfer',
      entityId: id,
      storeId: marked.toStoreId,
      before: { status: TRANSFER_STATUS.sent },
      after: { status: TRANSFER_STATUS.received },
    });
  });
  return getTransfer(db, caller, id);
}

/** A transfer the caller's stores send or receive (404 otherwise). */
export async function getTransfer(db: Db, caller: Caller, id: number) {
  const found = await repo.findTransfer(db, id);
  const scope = caller.storeIds;
  const visible = found && (scope === 'all' || scope.includes(found.fromStoreId) || scope.includes(found.toStoreId));
  if (!found || !visible) throw notFound(TRANSFER_NOT_FOUND);
  return toTransfer(found);
}

export async function listTransfers(db: Db, caller: Caller, page: { limit: number; offset: number }) {
  const ids = await repo.listTransfers(
    db,
    caller.storeIds === 'all' ? undefined : caller.storeIds,
    page.limit,
    page.offset,
  );
  const items: StockTransfer[] = [];
  for (const { id } of ids) {
    const found = await repo.findTransfer(db, id);
    if (found) items.push(toTransfer(found));
  }
  return items;
}
