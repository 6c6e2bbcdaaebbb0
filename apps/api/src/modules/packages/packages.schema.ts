import type { PetSize } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { appointments } from '../appointments/appointments.schema';
import { orders } from '../orders/orders.schema';
import { pets } from '../pets/pets.schema';
import { services } from '../services/services.schema';
import { users } from '../users/users.schema';

/** What the shop sells: `credits` uses of a service within `validityDays`, for a pet of `size` (null: any). */
export const packages = pgTable(
  'packages',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    size: text('size').$type<PetSize>(),
    credits: integer('credits').notNull(),
    validityDays: integer('validity_days').notNull(),
    priceCents: integer('price_cents').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    /** removed by the admin: hidden everywhere, kept for the credits sold */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check('packages_size_ck', sql`${t.size} is null or ${t.size} in ('Pequeno', 'Médio', 'Grande')`),
    check('packages_credits_ck', sql`${t.credits} between 1 and 100`),
    check('packages_validity_ck', sql`${t.validityDays} between 1 and 730`),
    check('packages_price_ck', sql`${t.priceCents} >= 0`),
  ],
);

/** A package bought online: the order that carries its line and the pet its credits go to once paid. */
export const packagePurchases = pgTable(
  'package_purchases',
  {
    id: serial('id').primaryKey(),
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [unique('package_purchases_order_uq').on(t.orderId)],
);

export type CreditSource = 'online' | 'balcao';

/** One package granted to one pet (a paid order, or a counter sale): the ledger's account. */
export const petCredits = pgTable(
  'pet_credits',
  {
    id: serial('id').primaryKey(),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id),
    packageId: integer('package_id')
      .notNull()
      .references(() => packages.id),
    /** the package as it was sold */
    packageName: text('package_name').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    credits: integer('credits').notNull(),
    source: text('source').$type<CreditSource>().notNull(),
    /** what paid it: the order or the counter sale (the grant happens once per source and ref) */
    ref: text('ref').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** when the customer was told the credits are about to expire */
    expiryNoticeAt: timestamp('expiry_notice_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    check('pet_credits_source_ck', sql`${t.source} in ('online', 'balcao')`),
    check('pet_credits_credits_ck', sql`${t.credits} > 0`),
    unique('pet_credits_grant_uq').on(t.source, t.ref, t.packageId, t.petId),
    index('pet_credits_pet_idx').on(t.petId, t.serviceId, t.expiresAt),
    index('pet_credits_expires_idx').on(t.expiresAt),
  ],
);

export type CreditReason = 'compra' | 'uso' | 'devolucao' | 'expiracao' | 'estorno';

/**
 * The ledger: a grant's balance is the sum of its entries. Written only with the grant's row locked,
 * so two bookings never take the same last credit; an appointment uses, and gets back, at most one.
 */
export const petCreditEntries = pgTable(
  'pet_credit_entries',
  {
    id: serial('id').primaryKey(),
    creditId: integer('credit_id')
      .notNull()
      .references(() => petCredits.id),
    delta: integer('delta').notNull(),
    reason: text('reason').$type<CreditReason>().notNull(),
    appointmentId: integer('appointment_id').references(() => appointments.id),
    createdAt: createdAt(),
  },
  (t) => [
    check('pet_credit_entries_delta_ck', sql`${t.delta} <> 0`),
    check('pet_credit_entries_reason_ck', sql`${t.reason} in ('compra', 'uso', 'devolucao', 'expiracao', 'estorno')`),
    check(
      'pet_credit_entries_appointment_ck',
      sql`(${t.reason} in ('uso', 'devolucao')) = (${t.appointmentId} is not null)`,
    ),
    index('pet_credit_entries_credit_idx').on(t.creditId),
    uniqueIndex('pet_credit_entries_use_uq').on(t.appointmentId).where(sql`${t.reason} = 'uso'`),
    uniqueIndex('pet_credit_entries_return_uq').on(t.appointmentId).where(sql`${t.reason} = 'devolucao'`),
  ],
);
