import type { PurchaseOrderStatus } from '@petshop/domain';
import { and, asc, desc, eq, inArray, isNull, lte } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import {
  productCosts,
  products,
  purchaseOrderItems,
  purchaseOrders,
  stockLots,
  stockMinimums,
  suppliers,
} from '../../db/schema';

const supplierColumns = { id: suppliers.id, name: suppliers.name, cnpj: suppliers.cnpj, contact: suppliers.contact };

export const listSuppliers = (db: Executor) =>
  db.select(supplierColumns).from(suppliers).orderBy(asc(suppliers.name), asc(suppliers.id));

export const findSupplier = async (db: Executor, id: number) =>
  (await db.select(supplierColumns).from(suppliers).where(eq(suppliers.id, id)))[0];

export const insertSupplier = async (db: Executor, values: { name: string; cnpj: string; contact: string }) =>
  (await db.insert(suppliers).values(values).returning(supplierColumns))[0];

export const updateSupplier = async (
  db: Executor,
  id: number,
  values: { name: string; cnpj: string; contact: string },
) => (await db.update(suppliers).set(values).where(eq(suppliers.id, id)).returning(supplierColumns))[0];

export interface NewItem {
  productId: number;
  quantity: number;
  unitCostCents: number;
  lot: string | null;
  expiresOn: string | null;
}

export async function insertPurchaseOrder(
  tx: Tx,
  values: { supplierId: number; storeId: number; createdBy: number },
  items: readonly NewItem[],
) {
  const [row] = await tx.insert(purchaseOrders).values(values).returning({ id: purchaseOrders.id });
  if (!row) throw new Error('insert returned nothing');
  await tx.insert(purchaseOrderItems).values(items.map((item) => ({ ...item, purchaseOrderId: row.id })));
  return row.id;
}

export const findPurchaseOrder = async (db: Executor, id: number) =>
  (
    await db
      .select({
        id: purchaseOrders.id,
        supplierId: purchaseOrders.supplierId,
        supplierName: suppliers.name,
        storeId: purchaseOrders.storeId,
        status: purchaseOrders.status,
        createdAt: purchaseOrders.createdAt,
        sentAt: purchaseOrders.sentAt,
        receivedAt: purchaseOrders.receivedAt,
        cancelledAt: purchaseOrders.cancelledAt,
      })
      .from(purchaseOrders)
      .innerJoin(suppliers, eq(suppliers.id, purchaseOrders.supplierId))
      .where(eq(purchaseOrders.id, id))
  )[0];

export const itemsOf = (db: Executor, ids: readonly number[]) =>
  db
    .select({
      purchaseOrderId: purchaseOrderItems.purchaseOrderId,
      productId: purchaseOrderItems.productId,
      productName: products.name,
      quantity: purchaseOrderItems.quantity,
      unitCostCents: purchaseOrderItems.unitCostCents,
      lot: purchaseOrderItems.lot,
      expiresOn: purchaseOrderItems.expiresOn,
    })
    .from(purchaseOrderItems)
    .innerJoin(products, eq(products.id, purchaseOrderItems.productId))
    .where(inArray(purchaseOrderItems.purchaseOrderId, [...ids]))
    .orderBy(asc(purchaseOrderItems.id));

export const listPurchaseOrderIds = (db: Executor, filter: { status?: string; storeIds?: readonly number[] }) =>
  db
    .select({ id: purchaseOrders.id })
    .from(purchaseOrders)
    .where(
      and(
        filter.status === undefined ? undefined : eq(purchaseOrders.status, filter.status),
        filter.storeIds === undefined ? undefined : inArray(purchaseOrders.storeId, [...filter.storeIds]),
      ),
    )
    .orderBy(desc(purchaseOrders.id))
    .limit(200);

const stampOf = {
  Enviado: 'sentAt',
  Recebido: 'receivedAt',
  Cancelado: 'cancelledAt',
} as const;

/** The one conditional move (`where status in from`): of two parallel movers only one moves it. */
export const moveStatus = async (
  tx: Tx,
  id: number,
  from: readonly PurchaseOrderStatus[],
  to: Exclude<PurchaseOrderStatus, 'Rascunho'>,
) =>
  (
    await tx
      .update(purchaseOrders)
      .set({ status: to, [stampOf[to]]: new Date() })
      .where(and(eq(purchaseOrders.id, id), inArray(purchaseOrders.status, [...from])))
      .returning({ id: purchaseOrders.id, storeId: purchaseOrders.storeId })
  )[0];

export const insertLots = async (tx: Tx, rows: (typeof stockLots.$inferInsert)[]) => {
  if (rows.length > 0) await tx.insert(stockLots).values(rows);
};

export const costsOf = (db: Executor, productIds: readonly number[]) =>
  db
    .select({ productId: productCosts.productId, averageCostCents: productCosts.averageCostCents })
    .from(productCosts)
    .where(inArray(productCosts.productId, [...productIds]));

export const upsertCost = (tx: Tx, productId: number, averageCostCents: number) =>
  tx
    .insert(productCosts)
    .values({ productId, averageCostCents })
    .onConflictDoUpdate({ target: productCosts.productId, set: { averageCostCents, updatedAt: new Date() } });

/** Lots of these stores expiring on or before `until` (past ones too), soonest first. */
export const expiringLots = (db: Executor, until: string, storeIds: readonly number[] | undefined) =>
  db
    .select({
      id: stockLots.id,
      productId: stockLots.productId,
      productName: products.name,
      storeId: stockLots.storeId,
      lot: stockLots.lot,
      expiresOn: stockLots.expiresOn,
      quantity: stockLots.quantity,
      purchaseOrderId: stockLots.purchaseOrderId,
    })
    .from(stockLots)
    .innerJoin(products, eq(products.id, stockLots.productId))
    .where(
      and(
        lte(stockLots.expiresOn, until),
        isNull(products.archivedAt),
        storeIds === undefined ? undefined : inArray(stockLots.storeId, [...storeIds]),
      ),
    )
    .orderBy(asc(stockLots.expiresOn), asc(stockLots.id));

/** Every product on sale with the store's minimum (null: none set). */
export const productsWithMinimum = (db: Executor, storeId: number) =>
  db
    .select({ id: products.id, name: products.name, minimum: stockMinimums.minimum })
    .from(products)
    .leftJoin(stockMinimums, and(eq(stockMinimums.productId, products.id), eq(stockMinimums.storeId, storeId)))
    .where(isNull(products.archivedAt))
    .orderBy(asc(products.name), asc(products.id));

export const upsertMinimum = (tx: Executor, productId: number, storeId: number, minimum: number) =>
  tx
    .insert(stockMinimums)
    .values({ productId, storeId, minimum })
    .onConflictDoUpdate({ target: [stockMinimums.productId, stockMinimums.storeId], set: { minimum } });

export const minimumOf = async (db: Executor, productId: number, storeId: number) =>
  (
    await db
      .select({ minimum: stockMinimums.minimum })
      .from(stockMinimums)
      .where(and(eq(stockMinimums.productId, productId), eq(stockMinimums.storeId, storeId)))
  )[0]?.minimum;
