import type { DeliveryMethod, OrderStatus } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { products } from '../catalog/catalog.schema';
import { payments } from '../payments/payments.schema';
import { mainStoreIdSql, stores } from '../stores/stores.schema';
import { users } from '../users/users.schema';

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    status: text('status').$type<OrderStatus>().notNull().default('Processando'),
    /** products plus shipping */
    totalCents: integer('total_cents').notNull(),
    deliveryMethod: text('delivery_method').$type<DeliveryMethod>().notNull().default('Entrega'),
    shippingCents: integer('shipping_cents').notNull().default(0),
    /** the delivery address as it was at checkout; all null for pickup */
    addressStreet: text('address_street'),
    addressNumber: text('address_number'),
    addressComplement: text('address_complement'),
    addressDistrict: text('address_district'),
    addressCity: text('address_city'),
    addressState: char('address_state', { length: 2 }),
    addressCep: char('address_cep', { length: 8 }),
    createdAt: createdAt(),
    /** customer or admin deleted a cancelled order: hidden, kept for the books */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** the store that hands the order over (pickup) or ships it (delivery), and whose stock it took */
    storeId: integer('store_id')
      .notNull()
      .default(mainStoreIdSql)
      .references(() => stores.id),
  },
  (t) => [
    index('orders_user_created_idx').on(t.userId, t.createdAt),
    index('orders_created_idx').on(t.createdAt),
    index('orders_status_created_idx').on(t.status, t.createdAt),
    check(
      'orders_status_ck',
      sql`${t.status} in ('Aguardando pagamento', 'Processando', 'Enviado', 'Pronto para retirada', 'Entregue', 'Cancelado')`,
    ),
    check('orders_total_ck', sql`${t.totalCents} >= 0`),
    check('orders_delivery_method_ck', sql`${t.deliveryMethod} in ('Entrega', 'Retirada na loja')`),
    check('orders_shipping_ck', sql`${t.shippingCents} >= 0 and ${t.shippingCents} <= ${t.totalCents}`),
    check(
      'orders_delivery_address_ck',
      sql`${t.deliveryMethod} = 'Retirada na loja' or (${t.addressStreet} is not null and ${t.addressNumber} is not null and ${t.addressComplement} is not null and ${t.addressDistrict} is not null and ${t.addressCity} is not null and ${t.addressState} is not null and ${t.addressCep} is not null)`,
    ),
    check(
      'orders_pickup_ck',
      sql`${t.deliveryMethod} = 'Entrega' or (${t.shippingCents} = 0 and ${t.addressCep} is null)`,
    ),
  ],
);

/** Every status an order has been in, with when: written by a trigger on orders, so no code path can skip it. */
export const orderStatusEvents = pgTable(
  'order_status_events',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    status: text('status').$type<OrderStatus>().notNull(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('order_status_events_order_idx').on(t.orderId, t.at),
    /** the reports date paid orders by this step */
    index('order_status_events_paid_idx').on(t.at).where(sql`${t.status} = 'Processando'`),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    productId: integer('product_id').references(() => products.id),
    productName: text('product_name').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    index('order_items_product_idx').on(t.productId),
    check('order_items_quantity_ck', sql`${t.quantity} > 0`),
    check('order_items_price_ck', sql`${t.unitPriceCents} >= 0`),
  ],
);
