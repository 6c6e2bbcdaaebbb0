import { char, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/** id is the 2-digit IBGE code of the state. */
export const states = pgTable('states', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  uf: char('uf', { length: 2 }).notNull().unique(),
});

/** id is the 7-digit IBGE code of the municipality. */
export const cities = pgTable(
  'cities',
  {
    id: integer('id').primaryKey(),
    name: text('name').notNull(),
    stateId: integer('state_id')
      .notNull()
      .references(() => states.id),
  },
  (t) => [index('cities_state_name_idx').on(t.stateId, t.name)],
);
