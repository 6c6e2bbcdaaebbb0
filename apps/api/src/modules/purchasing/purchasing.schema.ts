import { sql } from 'drizzle-orm';
import { char, check, date, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { products } from '../catalog/catalog.schema';
import { stores } from '../stores/stores.schema';
import { users } from '../users/users.schema';

/** Who sells to the shop. The CNPJ is kept normalized: 12 characters 0-9/A-Z and 2 check digits. */
export const suppliers = pgTable(
  'suppliers',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    cnpj: char('cnpj', { length: 14 }).notNull().unique('suppliers_cnpj_uq'),
    contact: text('contact').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [check('suppliers_cnpj_ck', sql`${t.cnpj} ~ '^[0-9A-Z]{12}[0-9]{2}$'`)],
);

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: serial('id').primaryKey(),
    supplierId: integer('supplier_id')
      .notNull()
      .references(() => suppliers.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    status: text('status').notNull().default('Rascunho'),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    check('purchase_orders_status_ck', sql`${t.status} in ('Rascunho', 'Enviado', 'Recebido', 'Cancelado')`),
    index('purchase_orders_store_idx').on(t.storeId, t.id),
  ],
);

export const purchaseOrderItems = pgTable(
  'purchase_order_items',
  {
    id: serial('id').primaryKey(),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    unitCostCents: integer('unit_cost_cents').notNull(),
    lot: text('lot'),
    expiresOn: date('expires_on', { mode: 'string' }),
  },
  (t) => [
    check('purchase_order_items_quantity_ck', sql`${t.quantity} > 0`),
    check('purchase_order_items_cost_ck', sql`${t.unitCostCents} >= 0`),
    index('purchase_order_items_order_idx').on(t.purchaseOrderId),
  ],
);

/** What a received purchase brought in, lot by lot, with its expiry: 'Vencendo em 30 dias'. */
export const stockLots = pgTable(
  'stock_lots',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    purchaseOrderId: integer('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id),
    lot: text('lot'),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    check('stock_lots_quantity_ck', sql`${t.quantity} > 0`),
    index('stock_lots_expiry_idx').on(t.expiresOn, t.storeId),
  ],
);

/** A product's weighted average cost, moved by every purchase received. */
export const productCosts = pgTable(
  'product_costs',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    averageCostCents: integer('average_cost_cents').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('product_costs_cost_ck', sql`${t.averageCostCents} >= 0`)],
);

/** Below this, a store should reorder (without a row: the low-stock threshold of the reports). */
export const stockMinimums = pgTable(
  'stock_minimums',
  {
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    minimum: integer('minimum').notNull(),
  },
  (t) => [
    primaryKey({ name: 'stock_minimums_pk', columns: [t.productId, t.storeId] }),
    check('stock_minimums_ck', sql`${t.minimum} >= 0`),
  ],
);
