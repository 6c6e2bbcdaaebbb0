import { sql } from 'drizzle-orm';
import { check, date, index, integer, numeric, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../users/users.schema';

export const pets = pgTable(
  'pets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    name: text('name').notNull(),
    age: integer('age').notNull(),
    specie: text('specie').notNull(),
    size: text('size').notNull(),
    allergies: text('allergies').notNull().default(''),
    notes: text('notes').notNull().default(''),
    breed: text('breed'),
    birthDate: date('birth_date'),
    createdAt: createdAt(),
    /** deleted by the owner but kept because past appointments refer to it: hidden everywhere */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    index('pets_user_idx').on(t.userId),
    check('pets_age_ck', sql`${t.age} between 0 and 40`),
    check('pets_specie_ck', sql`${t.specie} in ('Cachorro', 'Gato', 'Pássaro', 'Roedor', 'Réptil', 'Peixe', 'Outro')`),
    check('pets_size_ck', sql`${t.size} in ('Pequeno', 'Médio', 'Grande')`),
  ],
);

/** The pet's vaccine card; a vaccine with `next_due_on` gets a reminder when that date comes near. */
export const petVaccines = pgTable(
  'pet_vaccines',
  {
    id: serial('id').primaryKey(),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    appliedOn: date('applied_on').notNull(),
    nextDueOn: date('next_due_on'),
    createdAt: createdAt(),
  },
  (t) => [
    index('pet_vaccines_pet_idx').on(t.petId),
    index('pet_vaccines_next_due_idx').on(t.nextDueOn).where(sql`${t.nextDueOn} is not null`),
    check('pet_vaccines_next_due_ck', sql`${t.nextDueOn} > ${t.appliedOn}`),
  ],
);

export const petWeights = pgTable(
  'pet_weights',
  {
    id: serial('id').primaryKey(),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id, { onDelete: 'cascade' }),
    kg: numeric('kg', { precision: 5, scale: 2, mode: 'number' }).notNull(),
    measuredOn: date('measured_on').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pet_weights_pet_idx').on(t.petId, t.measuredOn),
    check('pet_weights_kg_ck', sql`${t.kg} > 0 and ${t.kg} <= 150`),
  ],
);
