import { sql } from 'drizzle-orm';
import {
  boolean,
  char,
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { appointments } from '../appointments/appointments.schema';
import { employees } from '../employees/employees.schema';
import { payments } from '../payments/payments.schema';
import { pets } from '../pets/pets.schema';
import { services } from '../services/services.schema';
import { users } from '../users/users.schema';

/** A subscription offer: one service for one pet size, every week, fortnight or four weeks; the price is per cycle. */
export const plans = pgTable(
  'plans',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    size: text('size').notNull(),
    frequency: text('frequency').notNull(),
    priceCents: integer('price_cents').notNull(),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('plans_price_ck', sql`${t.priceCents} > 0`),
    check('plans_frequency_ck', sql`${t.frequency} in ('SEMANAL', 'QUINZENAL', 'MENSAL')`),
  ],
);

/** A customer's pet on a plan: its weekday and time with one employee, and how it pays. */
export const subscriptions = pgTable(
  'subscriptions',
  {
    id: serial('id').primaryKey(),
    planId: integer('plan_id')
      .notNull()
      .references(() => plans.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    petId: integer('pet_id')
      .notNull()
      .references(() => pets.id),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id),
    weekday: smallint('weekday').notNull(),
    time: char('time', { length: 5 }).notNull(),
    status: text('status').notNull(),
    paymentMethod: text('payment_method').notNull(),
    /** the plan's price and frequency when subscribed: a later change of the plan does not reprice it */
    priceCents: integer('price_cents').notNull(),
    frequency: text('frequency').notNull(),
    /** the first date of the series: every date of the plan is this plus a whole number of intervals */
    anchorDate: date('anchor_date').notNull(),
    /** Pix Automático: the recurrence at the PSP (idRec), its status there and its authorisation QR */
    idRec: text('id_rec').unique(),
    recStatus: text('rec_status'),
    recCopiaECola: text('rec_copia_e_cola'),
    /** card: the PSP's customer and saved card */
    cardCustomerId: text('card_customer_id'),
    cardId: text('card_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('subscriptions_status_idx').on(t.status),
    index('subscriptions_user_idx').on(t.userId),
    check('subscriptions_weekday_ck', sql`${t.weekday} between 0 and 6`),
  ],
);

/**
 * One date of a subscription's series and what became of it: booked (its appointment), to rebook
 * (no free time that day) or released. The key makes booking ahead idempotent across instances.
 */
export const subscriptionDates = pgTable(
  'subscription_dates',
  {
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    onDate: date('on_date').notNull(),
    appointmentId: integer('appointment_id').references(() => appointments.id),
    state: text('state').notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriptionId, t.onDate], name: 'subscription_dates_pk' })],
);

/**
 * One cycle to charge: its due date, amount, attempts and retry date. Its money is in the payments
 * ledger (owner 'subscription_cycle'): one row per charge at the PSP, the latest in `paymentId`.
 */
export const subscriptionCycles = pgTable(
  'subscription_cycles',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => subscriptions.id),
    dueOn: date('due_on').notNull(),
    amountCents: integer('amount_cents').notNull(),
    status: text('status').notNull(),
    /** the cycle's key at the PSP: the Pix Automático cobr txid, or the base of each card attempt's idempotency key */
    txid: text('txid').notNull().unique(),
    /** its latest charge in the ledger */
    paymentId: integer('payment_id').references(() => payments.id),
    attempts: integer('attempts').notNull().default(0),
    /** a failed cycle is tried again from this date (its retry policy) */
    retryOn: date('retry_on'),
    failure: text('failure'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('subscription_cycles_due_uq').on(t.subscriptionId, t.dueOn),
    index('subscription_cycles_status_idx').on(t.status, t.dueOn),
    index('subscription_cycles_payment_idx').on(t.paymentId),
  ],
);
