import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { products } from '../catalog/catalog.schema';
import { stores } from '../stores/stores.schema';
import { users } from '../users/users.schema';

/**
 * Units of a product on a store's shelves. A trigger keeps products.stock (SPEC's `stock`) equal to
 * the sum over the stores, so the shop's reads stay one column (migration 0017).
 */
export const storeStock = pgTable(
  'store_stock',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    quantity: integer('quantity').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'store_stock_pk', columns: [t.productId, t.storeId] }),
    check('store_stock_quantity_ck', sql`${t.quantity} >= 0`),
  ],
);

/** The ledger: every change of a store's stock, written with the change. Never updated. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    delta: integer('delta').notNull(),
    reason: text('reason').notNull(),
    /** what caused it: 'order:12', 'transfer:3', 'product:7', 'purchase-order:5', 'pos-sale:9' */
    ref: text('ref'),
    note: text('note').notNull().default(''),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'stock_movements_reason_ck',
      sql`${t.reason} in ('venda_online', 'venda_balcao', 'devolucao', 'ajuste', 'perda', 'transferencia', 'compra', 'cancelamento', 'expiracao')`,
    ),
    check('stock_movements_delta_ck', sql`${t.delta} <> 0`),
    index('stock_movements_product_idx').on(t.productId, t.storeId, t.id),
    index('stock_movements_store_idx').on(t.storeId, t.id),
    index('stock_movements_at_idx').on(t.at),
    index('stock_movements_ref_idx').on(t.ref),
    index('stock_movements_sales_idx').on(t.storeId, t.at).where(sql`${t.reason} in ('venda_online', 'venda_balcao')`),
  ],
);

/** Stock on its way between two stores: out of `from` when sent, into `to` once received. */
export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: serial('id').primaryKey(),
    fromStoreId: integer('from_store_id')
      .notNull()
      .references(() => stores.id),
    toStoreId: integer('to_store_id')
      .notNull()
      .references(() => stores.id),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    receivedBy: integer('received_by').references(() => users.id, { onDelete: 'set null' }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
  },
  (t) => [
    check('stock_transfers_stores_ck', sql`${t.fromStoreId} <> ${t.toStoreId}`),
    index('stock_transfers_open_idx').on(t.id).where(sql`${t.receivedAt} is null`),
  ],
);

export const stockTransferItems = pgTable(
  'stock_transfer_items',
  {
    transferId: integer('transfer_id')
      .notNull()
      .references(() => stockTransfers.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    primaryKey({ name: 'stock_transfer_items_pk', columns: [t.transferId, t.productId] }),
    check('stock_transfer_items_quantity_ck', sql`${t.quantity} > 0`),
  ],
);
