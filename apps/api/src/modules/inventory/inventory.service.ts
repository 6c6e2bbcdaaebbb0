import type { ProductStockRow, StockReason } from '@petshop/domain';
import type { Executor, Tx } from '../../db/client';
import { conflict, fieldError } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import * as repo from './inventory.repository';

/**
 * The only place stock changes. Every change of a store's shelf writes its movement in the caller's
 * transaction, so for every product and store the stock is the sum of its movements; products.stock
 * (SPEC's `stock`) follows the shelves by a trigger (migration 0017).
 */

export interface StockLine {
  productId: number;
  quantity: number;
}

export interface StockChange {
  storeId: number;
  lines: readonly StockLine[];
  reason: StockReason;
  /** what caused it: 'order:12', 'transfer:3', 'pos-sale:9', … */
  ref: string;
  userId?: number | null;
  note?: string;
}

export interface TakenLine extends StockLine {
  /** the product's name and price as they are now (its shelf is locked) */
  name: string;
  priceCents: number;
}

export type TakeResult = { taken: TakenLine[] } | { shortOf: number };

/** Lines of one product are summed; then product-id order, the one lock order of every stock change. */
function inLockOrder(lines: readonly StockLine[]): StockLine[] {
  const byId = new Map<number, number>();
  for (const line of lines) byId.set(line.productId, (byId.get(line.productId) ?? 0) + line.quantity);
  return [...byId].map(([productId, quantity]) => ({ productId, quantity })).sort((a, b) => a.productId - b.productId);
}

/**
 * Takes every line's units from the store's shelves, product by product in id order (parallel
 * takers lock rows in one order, so they never deadlock), and writes one movement per line. Answers
 * the lines with the products' current name and price, or the first product short of units (then
 * nothing should stay: the caller's transaction must roll back).
 */
export async function take(tx: Tx, change: StockChange): Promise<TakeResult> {
  const lines = inLockOrder(change.lines);
  for (const line of lines) {
    if (!(await repo.takeFromShelf(tx, change.storeId, line.productId, line.quantity))) {
      return { shortOf: line.productId };
    }
  }
  await repo.insertMovements(
    tx,
    lines.map((line) => movementOf(change, line.productId, -line.quantity)),
  );
  const now = new Map(
    (
      await repo.productsNow(
        tx,
        lines.map((line) => line.productId),
      )
    ).map((p) => [p.id, p]),
  );
  return {
    taken: lines.map((line) => {
      const product = now.get(line.productId);
      if (!product) throw new Error(`product ${line.productId} vanished`);
      return { ...line, name: product.name, priceCents: product.priceCents };
    }),
  };
}

const movementOf = (change: Omit<StockChange, 'lines'>, productId: number, delta: number): repo.MovementValues => ({
  productId,
  storeId: change.storeId,
  delta,
  reason: change.reason,
  ref: change.ref,
  note: change.note ?? '',
  userId: change.userId ?? null,
});

/** Puts units back on the store's shelves (an archived product too: its count stays true), in lock order. */
export async function giveBack(tx: Executor, change: StockChange) {
  const lines = inLockOrder(change.lines).filter((line) => line.quantity > 0);
  for (const line of lines) await repo.moveShelf(tx, change.storeId, line.productId, line.quantity);
  await repo.insertMovements(
    tx,
    lines.map((line) => movementOf(change, line.productId, line.quantity)),
  );
}

export interface Move {
  storeId: number;
  productId: number;
  delta: number;
  reason: StockReason;
  ref: string;
  userId?: number | null;
  note?: string;
}

export const OUT_OF_STOCK = 'OUT_OF_STOCK';

/** One product's shelf moves by `delta` with its movement; a shelf never goes below zero (409). */
export async function move(tx: Executor, change: Move): Promise<{ quantity: number }> {
  if (change.delta === 0) throw new Error('a movement moves something');
  const shelf = await repo.moveShelf(tx, change.storeId, change.productId, change.delta);
  if (!shelf) throw conflict('Estoque insuficiente nesta loja para essa saída.', OUT_OF_STOCK);
  await repo.insertMovements(tx, [movementOf(change, change.productId, change.delta)]);
  return shelf;
}

/** The main store: the oldest ('Loja principal'). */
export const mainStoreId = (db: Executor) => repo.mainStoreId(db);

/** Every store's quantity of each product (a store without a shelf row: 0), stores in id order. */
export async function stockByStore(db: Executor, productIds: readonly number[]) {
  const [stores, shelves] = await Promise.all([repo.listStores(db), repo.shelvesOf(db, productIds)]);
  const result = new Map<number, ProductStockRow[]>();
  for (const productId of productIds) {
    result.set(
      productId,
      stores.map((store) => ({
        storeId: store.id,
        storeName: store.name,
        quantity: shelves.find((s) => s.productId === productId && s.storeId === store.id)?.quantity ?? 0,
      })),
    );
  }
  return result;
}

/** The active stores (id order) whose shelves hold every line's units right now. */
export async function storesHavingAll(db: Executor, lines: readonly StockLine[]): Promise<number[]> {
  const wanted = inLockOrder(lines);
  if (wanted.length === 0) return (await repo.listStores(db)).map((s) => s.id);
  return repo.storesHaving(db, wanted);
}

/** The store a reference ('order:12') took its units from, if it took any through the ledger. */
export const storeOfRef = (db: Executor, ref: string) => repo.storeOfRef(db, ref);

/**
 * The shelf a back-office write of SPEC's `stock` moves: the main store for the owner (every store),
 * the caller's own store for staff of exactly one; null for staff of several, who must say which
 * store by an adjustment (a `stock` field names no store). The store must be active: only active
 * stores count in the sum.
 */
export async function shelfForStockField(db: Executor, caller: Pick<AuthUser, 'storeIds'>): Promise<number | null> {
  const storeId =
    caller.storeIds === 'all' ? await mainStoreId(db) : caller.storeIds.length === 1 ? caller.storeIds[0] : null;
  if (storeId == null) return null;
  return (await repo.listStores(db)).some((store) => store.id === storeId) ? storeId : null;
}

const NO_SHELF =
  'Você trabalha em mais de uma loja (ou numa loja inativa): ajuste o estoque de cada loja em Estoque, não pelo total do produto.';

/** Who writes a product's `stock` field, and on which store's shelf (see shelfForStockField). */
export interface StockFieldWriter {
  storeId: number | null;
  userId?: number | null;
}

/** A new product's first units: on the writer's shelf, as an 'ajuste' (tests and the seed: the main store). */
export async function initialStock(
  tx: Executor,
  productId: number,
  quantity: number,
  by: Partial<StockFieldWriter> = {},
) {
  if (quantity <= 0) return;
  const storeId = by.storeId === undefined ? await mainStoreId(tx) : by.storeId;
  if (storeId === null) throw fieldError('stock', NO_SHELF);
  await move(tx, {
    storeId,
    productId,
    delta: quantity,
    reason: 'ajuste',
    ref: `product:${productId}`,
    userId: by.userId ?? null,
    note: 'Estoque inicial',
  });
}

/**
 * The back office set SPEC's `stock` (the sum over the active stores) to `stock`: the difference is an
 * 'ajuste' on the writer's shelf (tests: the main store). Locks every shelf of the product first
 * (store order), so the sum read is the one changed; a shelf that would go below zero is a 400 on
 * `stock`. Answers the store whose shelf moved, or null when the sum was already `stock`.
 */
export async function setTotal(
  tx: Tx,
  productId: number,
  stock: number,
  by: Partial<StockFieldWriter> = {},
): Promise<number | null> {
  const shelves = await repo.lockShelves(tx, productId);
  const total = shelves.reduce((sum, shelf) => sum + (shelf.active ? shelf.quantity : 0), 0);
  const delta = stock - total;
  if (delta === 0) return null;
  const storeId = by.storeId === undefined ? await mainStoreId(tx) : by.storeId;
  if (storeId === null) throw fieldError('stock', NO_SHELF);
  const here = shelves.find((shelf) => shelf.storeId === storeId)?.quantity ?? 0;
  if (here + delta < 0) {
    throw fieldError(
      'stock',
      `As outras lojas têm ${total - here} unidade(s): o estoque total não pode ficar abaixo disso aqui. Use uma transferência ou um ajuste por loja.`,
    );
  }
  await move(tx, { storeId, productId, delta, reason: 'ajuste', ref: `product:${productId}`, userId: by.userId });
  return storeId;
}

/** Whether the product's ledger has movements in a store outside the caller's (never, for the owner). */
export async function inLedgerOutside(db: Executor, caller: Pick<AuthUser, 'storeIds'>, productId: number) {
  const { storeIds } = caller;
  if (storeIds === 'all') return false;
  return (await repo.storesInLedgerOf(db, productId)).some((storeId) => !storeIds.includes(storeId));
}

/** For operations and tests: every place where the ledger does not hold (none: it holds). */
export const ledgerProblems = (db: Executor) => repo.ledgerProblems(db);

/** Units of each product sold at a store (web and counter) since `since`. */
export async function unitsSold(db: Executor, storeId: number, since: Date): Promise<Map<number, number>> {
  return new Map((await repo.unitsSold(db, storeId, since)).map((row) => [row.productId, row.units]));
}

/** One store's shelves (products with a row), for the suggestions. */
export async function shelvesOfStore(db: Executor, storeId: number) {
  return repo.shelvesOfStore(db, storeId);
}

export const storeExists = (db: Executor, storeId: number) => repo.storeExists(db, storeId);
export const productExists = (db: Executor, productId: number) => repo.productExists(db, productId);
