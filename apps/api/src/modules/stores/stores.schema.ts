import { sql } from 'drizzle-orm';
import { boolean, char, check, integer, pgTable, primaryKey, serial, smallint, text } from 'drizzle-orm/pg-core';
import { cities, states } from '../locations/locations.schema';

/** A shop of the installation; a fresh install has one, 'Loja principal'. */
export const stores = pgTable('stores', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  cep: char('cep', { length: 8 }),
  street: text('street'),
  number: text('number'),
  district: text('district'),
  stateId: integer('state_id').references(() => states.id),
  cityId: integer('city_id').references(() => cities.id),
  phone: text('phone'),
  /** whether customers may pick orders up here */
  pickup: boolean('pickup').notNull().default(true),
  /** open to customers (booking, pickup, stock counted in the product's `stock`); the main store always is */
  active: boolean('active').notNull().default(true),
});

/** The main store's id as the database knows it (the oldest store): the default of every row that belongs to a store. */
export const mainStoreIdSql = sql`main_store_id()`;

/** A store's opening hours on one weekday (0 = Sunday), half-hour marks; a weekday without a row is closed. */
export const storeHours = pgTable(
  'store_hours',
  {
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startTime: char('start_time', { length: 5 }).notNull(),
    endTime: char('end_time', { length: 5 }).notNull(),
  },
  (t) => [
    primaryKey({ name: 'store_hours_pk', columns: [t.storeId, t.weekday] }),
    check('store_hours_weekday_ck', sql`${t.weekday} between 0 and 6`),
    check('store_hours_start_ck', sql`${t.startTime} ~ '^([01][0-9]|2[0-3]):[03]0$'`),
    check('store_hours_end_ck', sql`${t.endTime} ~ '^(([01][0-9]|2[0-3]):[03]0|24:00)$'`),
    check('store_hours_order_ck', sql`${t.startTime} < ${t.endTime}`),
  ],
);
