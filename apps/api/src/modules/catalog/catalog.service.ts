import { foldText, fromCents, type Product, type ProductListQuery, type productBody, toCents } from '@petshop/domain';
import type { z } from 'zod';
import type { Db, Tx } from '../../db/client';
import { conflict, fieldError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { withConstraintErrors } from '../../lib/pg-error';
import { type Actor, recordChange } from '../audit/audit.service';
import { removeProductFromCarts } from '../cart/cart.service';
import * as inventory from '../inventory/inventory.service';
import * as repo from './catalog.repository';

const PRODUCT_NOT_FOUND = 'Produto não encontrado.';
const CATEGORY_NOT_FOUND = 'Categoria não encontrada.';
const SPECIES_NOT_FOUND = 'Espécie não encontrada.';

type ProductInput = z.output<typeof productBody>;
type Page = ProductListQuery;

const toProduct = (row: repo.ProductRow): Product => ({
  id: row.id,
  name: row.name,
  description: row.description,
  price: fromCents(row.priceCents),
  stock: row.stock,
  category_id: row.categoryId,
  species_id: row.speciesId,
  url: row.url,
  barcode: row.barcode,
  categories: { name: row.categoryName },
  species: { name: row.speciesName },
});

async function list(db: Db, scope: repo.ProductFilter, query: Page) {
  const { limit, offset, sort, categoryId, speciesId } = query;
  const page = { limit, offset, sort };
  // The route's own category or species wins over the same filter in the query.
  const filter: repo.ProductFilter = {
    ...(categoryId !== undefined && { categoryId }),
    ...(speciesId !== undefined && { speciesId }),
    ...scope,
  };
  const rows = await repo.listProducts(db, filter, page);
  // An empty page carries no window count: count separately (only past the end).
  const total = rows[0]?.total ?? (page.offset > 0 ? await repo.countProducts(db, filter) : 0);
  return { items: rows.map(toProduct), total };
}

export const listAll = (db: Db, page: Page) => list(db, {}, page);

/**
 * Every word of the term, in any order, case- and accent-insensitive ('racao gato' finds 'Ração
 * para Gatos'): the words are folded like products.name_search. Blank lists everything.
 */
export const search = (db: Db, name: string, page: Page) => {
  const words = foldText(name).split(/\s+/).filter(Boolean);
  return list(db, words.length > 0 ? { nameContainsAll: words } : {}, page);
};

export async function listByCategory(db: Db, categoryId: number, page: Page) {
  const result = await list(db, { categoryId }, page);
  // An empty result is the only case where the category may not exist.
  if (result.total === 0 && !(await repo.categoryExists(db, categoryId))) throw notFound(CATEGORY_NOT_FOUND);
  return result;
}

export async function listBySpecies(db: Db, speciesId: number, page: Page) {
  const result = await list(db, { speciesId }, page);
  if (result.total === 0 && !(await repo.speciesExists(db, speciesId))) throw notFound(SPECIES_NOT_FOUND);
  return result;
}

export async function getProduct(db: Db | Tx, id: number) {
  const row = await repo.findProduct(db, id);
  if (!row) throw notFound(PRODUCT_NOT_FOUND);
  return toProduct(row);
}

/** The product a scanner read, by its EAN-13 (the shop's public catalogue: archived ones are not found). */
export async function getByBarcode(db: Db, ean: string) {
  const row = await repo.findByBarcode(db, ean);
  if (!row) throw notFound('Nenhum produto com este código de barras.');
  return toProduct(row);
}

export const listCategories = repo.listCategories;
export const listSpecies = repo.listSpecies;

async function toValues(db: Db | Tx, input: ProductInput): Promise<repo.ProductValues> {
  const [categoryOk, speciesOk] = await Promise.all([
    repo.categoryExists(db, input.category_id),
    repo.speciesExists(db, input.species_id),
  ]);
  if (!categoryOk) throw fieldError('category_id', 'Selecione uma categoria válida.');
  if (!speciesOk) throw fieldError('species_id', 'Selecione uma espécie válida.');
  return {
    name: input.name,
    nameSearch: foldText(input.name),
    description: input.description,
    priceCents: toCents(input.price),
    categoryId: input.category_id,
    speciesId: input.species_id,
    url: input.url,
    // Absent keeps the product's barcode; null takes it off.
    ...(input.barcode !== undefined ? { barcode: input.barcode } : {}),
  };
}

const BARCODE_TAKEN = 'Este código de barras já pertence a outro produto.';
const barcodeErrors = { products_barcode_uq: () => conflict(BARCODE_TAKEN, 'BARCODE_TAKEN') };

/** Who writes a product: their stores decide which shelf its `stock` field moves. */
type Caller = Pick<AuthUser, 'storeIds'>;

/**
 * The first units go on the caller's shelf (the owner's: the main store's), as an 'ajuste' movement
 * (the ledger owns stock); the audit entry names that store.
 */
export const createProduct = (db: Db, caller: Caller, input: ProductInput, actor: Actor) =>
  withConstraintErrors(barcodeErrors, () =>
    db.transaction(async (tx) => {
      const created = await repo.insertProduct(tx, await toValues(tx, input));
      if (!created) throw new Error('insert returned nothing');
      const storeId = await inventory.shelfForStockField(tx, caller);
      await inventory.initialStock(tx, created.id, input.stock, { storeId, userId: actor.userId });
      const product = await getProduct(tx, created.id);
      await recordChange(tx, actor, {
        action: 'create',
        entity: 'product',
        entityId: product.id,
        after: product,
        ...(input.stock > 0 && { storeId }),
      });
      return product;
    }),
  );

/**
 * A changed `stock` (the sum over the stores) is an 'ajuste' on the caller's shelf (the owner's: the
 * main store's), made first: shelves before the product row, the lock order of every sale. The
 * audit entry names the store whose shelf moved, as its movement does.
 */
export async function updateProduct(db: Db, caller: Caller, id: number, input: ProductInput, actor: Actor) {
  const values = await toValues(db, input);
  if (!(await repo.findProduct(db, id))) throw notFound(PRODUCT_NOT_FOUND);
  return withConstraintErrors(barcodeErrors, () =>
    db.transaction(async (tx) => {
      const before = await repo.findProduct(tx, id);
      const shelf = await inventory.setTotal(tx, id, input.stock, {
        storeId: await inventory.shelfForStockField(tx, caller),
        userId: actor.userId,
      });
      if (!before || !(await repo.updateProduct(tx, id, values))) throw notFound(PRODUCT_NOT_FOUND);
      const product = await getProduct(tx, id);
      await recordChange(tx, actor, {
        action: 'update',
        entity: 'product',
        entityId: id,
        before: toProduct(before),
        after: product,
        ...(shelf !== null && { storeId: shelf }),
      });
      return product;
    }),
  );
}

/**
 * A product nobody refers to is deleted. One that orders or carts refer to is archived instead:
 * hidden from the shop and taken out of every cart, while orders keep their own copy. So is one whose
 * stock ledger runs in a store outside the caller's: deleting it would erase that store's shelf and
 * movements, which only its own staff (or the owner) change.
 */
export const removeProduct = (db: Db, caller: Caller, id: number, actor: Actor) =>
  db.transaction(async (tx) => {
    if (!(await repo.lockActiveProduct(tx, id))) throw notFound(PRODUCT_NOT_FOUND);
    const before = await getProduct(tx, id);
    if ((await repo.isReferenced(tx, id)) || (await inventory.inLedgerOutside(tx, caller, id))) {
      await repo.archiveProduct(tx, id);
      await removeProductFromCarts(tx, id);
      await recordChange(tx, actor, { action: 'archive', entity: 'product', entityId: id, before });
      return { id, archived: true };
    }
    await repo.deleteProduct(tx, id);
    await recordChange(tx, actor, { action: 'delete', entity: 'product', entityId: id, before });
    return { id, archived: false };
  });

/** The photo addresses products use (archived ones too), for the sweep of unused uploads. */
export const photoUrlsInUse = (db: Db) => repo.listPhotoUrls(db);
