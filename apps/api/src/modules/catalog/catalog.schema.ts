import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

export const categories = pgTable('categories', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const species = pgTable('species', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
});

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** lower-case, accent-free copy of name (foldText), kept by the repository; trigram-indexed. */
    nameSearch: text('name_search').notNull(),
    description: text('description').notNull().default(''),
    priceCents: integer('price_cents').notNull(),
    stock: integer('stock').notNull().default(0),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    speciesId: integer('species_id')
      .notNull()
      .references(() => species.id),
    url: text('url').notNull().default(''),
    createdAt: createdAt(),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    /** EAN-13 printed on the package, what the counter's scanner reads; unique among products */
    barcode: char('barcode', { length: 13 }),
  },
  (t) => [
    check('products_price_ck', sql`${t.priceCents} >= 0`),
    check('products_stock_ck', sql`${t.stock} >= 0`),
    index('products_active_id_idx').on(t.id).where(sql`${t.archivedAt} is null`),
    index('products_category_idx').on(t.categoryId, t.id).where(sql`${t.archivedAt} is null`),
    index('products_species_idx').on(t.speciesId, t.id).where(sql`${t.archivedAt} is null`),
    uniqueIndex('products_barcode_uq').on(t.barcode),
    check('products_barcode_ck', sql`${t.barcode} ~ '^[0-9]{13}$'`),
    index('products_name_search_trgm_idx').using('gin', sql`${t.nameSearch} gin_trgm_ops`),
  ],
);
