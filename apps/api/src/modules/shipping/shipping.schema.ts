import { sql } from 'drizzle-orm';
import { char, check, integer, pgTable } from 'drizzle-orm/pg-core';

/** The admin's delivery fee per UF; a UF without a row is not delivered to. */
export const shippingRates = pgTable(
  'shipping_rates',
  {
    uf: char('uf', { length: 2 }).primaryKey(),
    priceCents: integer('price_cents').notNull(),
    days: integer('days').notNull(),
  },
  (t) => [
    check('shipping_rates_price_ck', sql`${t.priceCents} >= 0`),
    check('shipping_rates_days_ck', sql`${t.days} between 1 and 90`),
  ],
);

/** One row (id 1): the order subtotal from which delivery is free (null: never). */
export const shippingSettings = pgTable(
  'shipping_settings',
  {
    id: integer('id').primaryKey(),
    freeAboveCents: integer('free_above_cents'),
  },
  (t) => [
    check('shipping_settings_single_ck', sql`${t.id} = 1`),
    check('shipping_settings_free_above_ck', sql`${t.freeAboveCents} >= 0`),
  ],
);
