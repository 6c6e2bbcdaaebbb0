import { sql } from 'drizzle-orm';
import { char, check, index, integer, pgTable, serial, text } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { cities, states } from '../locations/locations.schema';
import { users } from '../users/users.schema';

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** '' on rows saved before street and district were asked for; every write sets both. */
    street: text('street').notNull().default(''),
    number: text('number').notNull(),
    complement: text('complement').notNull().default(''),
    district: text('district').notNull().default(''),
    cep: char('cep', { length: 8 }).notNull(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
    cityId: integer('city_id')
      .notNull()
      .references(() => cities.id),
    createdAt: createdAt(),
  },
  (t) => [index('addresses_user_idx').on(t.userId), check('addresses_cep_ck', sql`${t.cep} ~ '^[0-9]{8}$'`)],
);
