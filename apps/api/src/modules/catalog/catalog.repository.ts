import type { PaginationQuery, ProductSort } from '@petshop/domain';
import { and, asc, count, desc, eq, exists, isNull, type SQL, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/pg-core';
import type { Db, Tx } from '../../db/client';
import { cartItems, categories, orderItems, products, species } from '../../db/schema';

export interface ProductFilter {
  categoryId?: number;
  speciesId?: number;
  /** already folded (foldText); each one matched anywhere in products.name_search */
  nameContainsAll?: readonly string[];
}

const productColumns = {
  id: products.id,
  name: products.name,
  description: products.description,
  priceCents: products.priceCents,
  stock: products.stock,
  categoryId: products.categoryId,
  speciesId: products.speciesId,
  url: products.url,
  barcode: products.barcode,
  categoryName: categories.name,
  speciesName: species.name,
};

const escapeLike = (term: string) => term.replace(/[\\%_]/g, '\\$&');

const activeProducts = (filter: ProductFilter): SQL | undefined =>
  and(
    isNull(products.archivedAt),
    filter.categoryId === undefined ? undefined : eq(products.categoryId, filter.categoryId),
    filter.speciesId === undefined ? undefined : eq(products.speciesId, filter.speciesId),
    // LIKE on the folded column is served by the trigram GIN index (one bitmap per word).
    ...(filter.nameContainsAll ?? []).map(
      (word) => sql`${products.nameSearch} like ${`%${escapeLike(word)}%`} escape '\\'`,
    ),
  );

const ORDER: Record<ProductSort, SQL[]> = {
  name: [asc(products.nameSearch), asc(products.id)],
  'price-asc': [asc(products.priceCents), asc(products.id)],
  'price-desc': [desc(products.priceCents), asc(products.id)],
};

const selectProducts = <T extends SelectedFields>(db: Db | Tx, extra: T) =>
  db
    .select({ ...productColumns, ...extra })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .innerJoin(species, eq(species.id, products.speciesId));

/** One page, with the total of matching rows counted by the same query. */
export const listProducts = (
  db: Db,
  filter: ProductFilter,
  { limit, offset, sort }: PaginationQuery & { sort?: ProductSort | undefined },
) =>
  selectProducts(db, { total: sql<number>`count(*) over ()`.mapWith(Number) })
    .where(activeProducts(filter))
    .orderBy(...(sort ? ORDER[sort] : [asc(products.id)]))
    .limit(limit)
    .offset(offset);

export const countProducts = async (db: Db, filter: ProductFilter) =>
  (await db.select({ n: count() }).from(products).where(activeProducts(filter)))[0]?.n ?? 0;

export type ProductRow = NonNullable<Awaited<ReturnType<typeof findProduct>>>;

export const findProduct = async (db: Db | Tx, id: number) =>
  (
    await selectProducts(db, {})
      .where(and(eq(products.id, id), isNull(products.archivedAt)))
      .limit(1)
  )[0];

/** The live product carrying this EAN-13. */
export const findByBarcode = async (db: Db, ean: string) =>
  (
    await selectProducts(db, {})
      .where(and(eq(products.barcode, ean), isNull(products.archivedAt)))
      .limit(1)
  )[0];

export const categoryExists = async (db: Db | Tx, id: number) =>
  (await db.select({ id: categories.id }).from(categories).where(eq(categories.id, id))).length > 0;

export const speciesExists = async (db: Db | Tx, id: number) =>
  (await db.select({ id: species.id }).from(species).where(eq(species.id, id))).length > 0;

export const listCategories = (db: Db) =>
  db.select({ id: categories.id, name: categories.name }).from(categories).orderBy(asc(categories.id));

export const listSpecies = (db: Db) =>
  db.select({ id: species.id, name: species.name }).from(species).orderBy(asc(species.id));

/** Everything of a product but its stock, which only the inventory module changes. */
export type ProductValues = Omit<typeof products.$inferInsert, 'id' | 'createdAt' | 'archivedAt' | 'stock'>;

export const insertProduct = async (db: Db | Tx, values: ProductValues) =>
  (await db.insert(products).values(values).returning({ id: products.id }))[0];

export const updateProduct = async (db: Db | Tx, id: number, values: ProductValues) =>
  (
    await db
      .update(products)
      .set(values)
      .where(and(eq(products.id, id), isNull(products.archivedAt)))
      .returning({ id: products.id })
  )[0];

/** Locks the live product row so concurrent cart adds and payments see the delete or wait for it. */
export const lockActiveProduct = async (tx: Tx, id: number) =>
  (
    await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.id, id), isNull(products.archivedAt)))
      .for('update')
  )[0];

/** Runs after lockActiveProduct, so it sees order and cart lines committed while we waited. */
export const isReferenced = async (tx: Tx, id: number) => {
  const [row] = await tx
    .select({
      inOrders: exists(tx.select({ id: orderItems.id }).from(orderItems).where(eq(orderItems.productId, id))),
      inCarts: exists(tx.select({ id: cartItems.id }).from(cartItems).where(eq(cartItems.productId, id))),
    })
    .from(products)
    .where(eq(products.id, id));
  return Boolean(row?.inOrders || row?.inCarts);
};

export const archiveProduct = async (tx: Tx, id: number) => {
  await tx.update(products).set({ archivedAt: new Date() }).where(eq(products.id, id));
};

export const deleteProduct = async (tx: Tx, id: number) => {
  await tx.delete(products).where(eq(products.id, id));
};

/** Every photo address a product row names, archived products included (their orders show them). */
export const listPhotoUrls = async (db: Db) =>
  (await db.selectDistinct({ url: products.url }).from(products)).map((row) => row.url);
