import { sql } from 'drizzle-orm';
import { check, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

export const services = pgTable(
  'services',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** the smallest of the three size prices (SPEC's `price`) */
    priceCents: integer('price_cents').notNull(),
    priceSmallCents: integer('price_small_cents').notNull(),
    priceMediumCents: integer('price_medium_cents').notNull(),
    priceLargeCents: integer('price_large_cents').notNull(),
    durationMinutes: integer('duration_minutes').notNull().default(30),
    archivedAt: timestamp('archived_at', { withTimezone: true }),
  },
  (t) => [
    check('services_price_ck', sql`${t.priceCents} >= 0`),
    check(
      'services_size_prices_ck',
      sql`least(${t.priceSmallCents}, ${t.priceMediumCents}, ${t.priceLargeCents}) >= 0 and ${t.priceCents} = least(${t.priceSmallCents}, ${t.priceMediumCents}, ${t.priceLargeCents})`,
    ),
    check('services_duration_ck', sql`${t.durationMinutes} in (30, 60, 90, 120)`),
  ],
);
