import type { StockReason } from '@petshop/domain';
import { and, asc, desc, eq, gte, inArray, isNull, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { products, stockMovements, stockTransferItems, stockTransfers, storeStock, stores } from '../../db/schema';

export interface MovementValues {
  productId: number;
  storeId: number;
  delta: number;
  reason: StockReason;
  ref?: string | null;
  note?: string;
  userId?: number | null;
}

export const mainStoreId = async (db: Executor) => {
  const [row] = await db.select({ id: sql<number | null>`min(${stores.id})` }).from(stores);
  if (!row?.id) throw new Error('no store: migration 0020 makes the main one');
  return Number(row.id);
};

export const storeExists = async (db: Executor, id: number) =>
  (await db.select({ id: stores.id }).from(stores).where(eq(stores.id, id))).length > 0;

/**
 * Takes units off one store's shelf only if enough are there and the product is on sale; the row
 * stays locked to the end of the transaction. Undefined: not enough (or no such product).
 */
export const takeFromShelf = async (tx: Tx, storeId: number, productId: number, quantity: number) =>
  (
    await tx
      .update(storeStock)
      .set({ quantity: sql`${storeStock.quantity} - ${quantity}` })
      .where(
        and(
          eq(storeStock.productId, productId),
          eq(storeStock.storeId, storeId),
          gte(storeStock.quantity, quantity),
          sql`exists (select 1 from ${products} where ${products.id} = ${productId} and ${products.archivedAt} is null)`,
        ),
      )
      .returning({ quantity: storeStock.quantity })
  )[0];

/** Moves a shelf by `delta` (a row is made for the first units), never below zero. Undefined: it would. */
export const moveShelf = async (tx: Executor, storeId: number, productId: number, delta: number) => {
  if (delta < 0) {
    return (
      await tx
        .update(storeStock)
        .set({ quantity: sql`${storeStock.quantity} + ${delta}` })
        .where(
          and(eq(storeStock.productId, productId), eq(storeStock.storeId, storeId), gte(storeStock.quantity, -delta)),
        )
        .returning({ quantity: storeStock.quantity })
    )[0];
  }
  return (
    await tx
      .insert(storeStock)
      .values({ productId, storeId, quantity: delta })
      .onConflictDoUpdate({
        target: [storeStock.productId, storeStock.storeId],
        set: { quantity: sql`${storeStock.quantity} + ${delta}` },
      })
      .returning({ quantity: storeStock.quantity })
  )[0];
};

export const insertMovements = async (tx: Executor, rows: readonly MovementValues[]) => {
  if (rows.length > 0) await tx.insert(stockMovements).values([...rows]);
};

/** The name and price of products, as their rows are now (read after their shelves were locked). */
export const productsNow = (tx: Executor, ids: readonly number[]) =>
  tx
    .select({ id: products.id, name: products.name, priceCents: products.priceCents })
    .from(products)
    .where(inArray(products.id, [...ids]));

export const productExists = async (db: Executor, id: number) =>
  (
    await db
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.archivedAt)))
  ).length > 0;

/** Every store's shelf of these products (stores without a row: nothing there). */
export const shelvesOf = (db: Executor, productIds: readonly number[]) =>
  db
    .select({ productId: storeStock.productId, storeId: storeStock.storeId, quantity: storeStock.quantity })
    .from(storeStock)
    .where(inArray(storeStock.productId, [...productIds]))
    .orderBy(asc(storeStock.productId), asc(storeStock.storeId));

/** The stores whose ledger has a movement of the product. */
export const storesInLedgerOf = async (db: Executor, productId: number) =>
  (
    await db
      .selectDistinct({ storeId: stockMovements.storeId })
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId))
  ).map((row) => row.storeId);

/** The stores customers see (active), in id order: SPEC's stock is the sum over them. */
export const listStores = (db: Executor) =>
  db.select({ id: stores.id, name: stores.name }).from(stores).where(eq(stores.active, true)).orderBy(asc(stores.id));

/** Locks a product's shelves (all stores, in store order) and answers them, with whether each store is active. */
export const lockShelves = (tx: Tx, productId: number) =>
  tx
    .select({ storeId: storeStock.storeId, quantity: storeStock.quantity, active: stores.active })
    .from(storeStock)
    .innerJoin(stores, eq(stores.id, storeStock.storeId))
    .where(eq(storeStock.productId, productId))
    .orderBy(asc(storeStock.storeId))
    .for('update', { of: storeStock });

/** Which store a reference took its units from (the first such movement), if any. */
export const storeOfRef = async (db: Executor, ref: string) =>
  (
    await db
      .select({ storeId: stockMovements.storeId })
      .from(stockMovements)
      .where(and(eq(stockMovements.ref, ref), lt(stockMovements.delta, 0)))
      .orderBy(asc(stockMovements.id))
      .limit(1)
  )[0]?.storeId;

export interface MovementFilter {
  productId?: number;
  storeIds?: readonly number[];
  from?: Date;
  to?: Date;
}

const movementWhere = (filter: MovementFilter): SQL | undefined =>
  and(
    filter.productId === undefined ? undefined : eq(stockMovements.productId, filter.productId),
    filter.storeIds === undefined ? undefined : inArray(stockMovements.storeId, [...filter.storeIds]),
    filter.from === undefined ? undefined : gte(stockMovements.at, filter.from),
    filter.to === undefined ? undefined : lt(stockMovements.at, filter.to),
  );

export const listMovements = (db: Executor, filter: MovementFilter, limit: number, offset: number) =>
  db
    .select({
      id: stockMovements.id,
      productId: stockMovements.productId,
      storeId: stockMovements.storeId,
      delta: stockMovements.delta,
      reason: stockMovements.reason,
      ref: stockMovements.ref,
      note: stockMovements.note,
      userId: stockMovements.userId,
      at: stockMovements.at,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(stockMovements)
    .where(movementWhere(filter))
    .orderBy(desc(stockMovements.id))
    .limit(limit)
    .offset(offset);

export const countMovements = async (db: Executor, filter: MovementFilter) =>
  (
    await db
      .select({ n: sql<number>`count(*)`.mapWith(Number) })
      .from(stockMovements)
      .where(movementWhere(filter))
  )[0]?.n ?? 0;

/** Every (product, store) whose stock is not the sum of its movements, and products off their stores' sum. */
export const ledgerProblems = (db: Executor) =>
  db
    .select({
      productId: sql<number>`product_id`.mapWith(Number),
      storeId: sql<number | null>`store_id`,
      stock: sql<number>`stock`.mapWith(Number),
      expected: sql<number>`expected`.mapWith(Number),
    })
    .from(sql`stock_ledger_problems()`);

export const insertTransfer = async (
  tx: Tx,
  values: { fromStoreId: number; toStoreId: number; sentBy: number | null },
  items: readonly { productId: number; quantity: number }[],
) => {
  const [row] = await tx.insert(stockTransfers).values(values).returning({ id: stockTransfers.id });
  if (!row) throw new Error('insert returned nothing');
  await tx.insert(stockTransferItems).values(items.map((item) => ({ ...item, transferId: row.id })));
  return row.id;
};

/** Marks a sent transfer received; undefined when it is not (any more) waiting. Exactly once. */
export const markReceived = async (tx: Tx, id: number, userId: number | null) =>
  (
    await tx
      .update(stockTransfers)
      .set({ receivedAt: new Date(), receivedBy: userId })
      .where(and(eq(stockTransfers.id, id), isNull(stockTransfers.receivedAt)))
      .returning({
        id: stockTransfers.id,
        toStoreId: stockTransfers.toStoreId,
        fromStoreId: stockTransfers.fromStoreId,
      })
  )[0];

export const findTransfer = async (db: Executor, id: number) => {
  const [row] = await db.select().from(stockTransfers).where(eq(stockTransfers.id, id));
  if (!row) return undefined;
  const items = await db
    .select({ productId: stockTransferItems.productId, quantity: stockTransferItems.quantity })
    .from(stockTransferItems)
    .where(eq(stockTransferItems.transferId, id))
    .orderBy(asc(stockTransferItems.productId));
  return { ...row, items };
};

export const listTransfers = (db: Executor, storeIds: readonly number[] | undefined, limit: number, offset: number) =>
  db
    .select({ id: stockTransfers.id })
    .from(stockTransfers)
    .where(
      storeIds === undefined
        ? undefined
        : sql`(${inArray(stockTransfers.fromStoreId, [...storeIds])} or ${inArray(stockTransfers.toStoreId, [...storeIds])})`,
    )
    .orderBy(desc(stockTransfers.id))
    .limit(limit)
    .offset(offset);

/** Units each product sold (web and counter, net of nothing) in a store since `since`. */
export const unitsSold = (db: Executor, storeId: number, since: Date) =>
  db
    .select({
      productId: stockMovements.productId,
      units: sql<number>`-sum(${stockMovements.delta})`.mapWith(Number),
    })
    .from(stockMovements)
    .where(
      and(
        eq(stockMovements.storeId, storeId),
        gte(stockMovements.at, since),
        sql`${stockMovements.reason} in ('venda_online', 'venda_balcao')`,
      ),
    )
    .groupBy(stockMovements.productId);

export const shelvesOfStore = (db: Executor, storeId: number) =>
  db
    .select({ productId: storeStock.productId, quantity: storeStock.quantity })
    .from(storeStock)
    .where(eq(storeStock.storeId, storeId));

/** The active stores (id order) whose shelves hold every line's units: one statement. */
export const storesHaving = async (db: Executor, lines: readonly { productId: number; quantity: number }[]) =>
  (
    await db
      .select({ id: stores.id })
      .from(stores)
      .where(
        and(
          eq(stores.active, true),
          sql`not exists (
            select 1 from (values ${sql.join(
              lines.map((line) => sql`(${line.productId}::int, ${line.quantity}::int)`),
              sql`, `,
            )}) as wanted (product_id, quantity)
            left join ${storeStock} on ${storeStock.productId} = wanted.product_id and ${storeStock.storeId} = ${stores.id}
            where coalesce(${storeStock.quantity}, 0) < wanted.quantity)`,
        ),
      )
      .orderBy(asc(stores.id))
  ).map((row) => row.id);
