import type { PosMethod, PosSaleStatus } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import { char, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { payments } from '../payments/payments.schema';
import { stores } from '../stores/stores.schema';
import { users } from '../users/users.schema';

/** Amounts per counter payment method, in cents: what a closing expects, counts and finds different. */
export interface MethodCents {
  dinheiro: number;
  pix: number;
  credito: number;
  debito: number;
}

/**
 * A till's shift: one operator at one store, from opening (with the cash in the drawer) to closing
 * (with what was counted). At most one open per operator and store; a closed one never changes.
 */
export const posSessions = pgTable(
  'pos_sessions',
  {
    id: serial('id').primaryKey(),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id),
    openingCashCents: integer('opening_cash_cents').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    /** at closing: what the drawer and the statements should hold, and what was counted */
    expected: jsonb('expected').$type<MethodCents>(),
    counted: jsonb('counted').$type<MethodCents>(),
  },
  (t) => [
    uniqueIndex('pos_sessions_one_open_uq').on(t.operatorId, t.storeId).where(sql`${t.closedAt} is null`),
    index('pos_sessions_store_idx').on(t.storeId, t.openedAt),
    check('pos_sessions_opening_ck', sql`${t.openingCashCents} >= 0`),
    check(
      'pos_sessions_closed_ck',
      sql`(${t.closedAt} is null) = (${t.counted} is null) and (${t.closedAt} is null) = (${t.expected} is null)`,
    ),
  ],
);

/** Cash taken out of the drawer (sangria) or put in (suprimento) during a session. */
export const posCashMovements = pgTable(
  'pos_cash_movements',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => posSessions.id),
    type: text('type').$type<'sangria' | 'suprimento'>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    note: text('note').notNull().default(''),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('pos_cash_movements_session_idx').on(t.sessionId),
    check('pos_cash_movements_type_ck', sql`${t.type} in ('sangria', 'suprimento')`),
    check('pos_cash_movements_amount_ck', sql`${t.amountCents} > 0`),
  ],
);

/**
 * A counter sale. Its idempotency key (chosen by the till) is unique: a replay after a dropped
 * connection finds this row instead of selling twice. `request_hash` tells a replay from another
 * sale that reused the key.
 */
export const posSales = pgTable(
  'pos_sales',
  {
    id: serial('id').primaryKey(),
    sessionId: integer('session_id')
      .notNull()
      .references(() => posSessions.id),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id),
    operatorId: integer('operator_id')
      .notNull()
      .references(() => users.id),
    customerId: integer('customer_id').references(() => users.id),
    /** printed on the receipt when the customer asks (CPF na nota) */
    cpf: char('cpf', { length: 11 }),
    idempotencyKey: text('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    status: text('status').$type<PosSaleStatus>().notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    discountCents: integer('discount_cents').notNull().default(0),
    totalCents: integer('total_cents').notNull(),
    changeCents: integer('change_cents').notNull().default(0),
    createdAt: createdAt(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pos_sales_idempotency_uq').on(t.idempotencyKey),
    index('pos_sales_session_idx').on(t.sessionId),
    check('pos_sales_status_ck', sql`${t.status} in ('Concluída', 'Aguardando pagamento', 'Cancelada')`),
    check('pos_sales_amounts_ck', sql`${t.discountCents} >= 0 and ${t.discountCents} <= ${t.subtotalCents}`),
    check('pos_sales_total_ck', sql`${t.totalCents} = ${t.subtotalCents} - ${t.discountCents}`),
    check('pos_sales_change_ck', sql`${t.changeCents} >= 0`),
  ],
);

/** A line of a counter sale: a product (with quantity), a service for a pet, or a package for a pet. */
export const posSaleItems = pgTable(
  'pos_sale_items',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => posSales.id),
    kind: text('kind').$type<'produto' | 'servico' | 'pacote'>().notNull(),
    productId: integer('product_id'),
    serviceId: integer('service_id'),
    packageId: integer('package_id'),
    petId: integer('pet_id'),
    name: text('name').notNull(),
    quantity: integer('quantity').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    returnedQuantity: integer('returned_quantity').notNull().default(0),
  },
  (t) => [
    index('pos_sale_items_sale_idx').on(t.saleId),
    check('pos_sale_items_kind_ck', sql`${t.kind} in ('produto', 'servico', 'pacote')`),
    check('pos_sale_items_quantity_ck', sql`${t.quantity} > 0`),
    check('pos_sale_items_returned_ck', sql`${t.returnedQuantity} between 0 and ${t.quantity}`),
    check('pos_sale_items_price_ck', sql`${t.unitPriceCents} >= 0`),
  ],
);

/**
 * The counter's own record of one payment of a sale: the payments ledger row it is (`payment_id`,
 * where its status, refunds, NSU and installments live), its method and part of the total as sold,
 * and for cash what was handed over (`received_cents`). Decision 0121.
 */
export const posSalePayments = pgTable(
  'pos_sale_payments',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => posSales.id),
    method: text('method').$type<PosMethod>().notNull(),
    amountCents: integer('amount_cents').notNull(),
    receivedCents: integer('received_cents'),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
  },
  (t) => [
    index('pos_sale_payments_sale_idx').on(t.saleId),
    uniqueIndex('pos_sale_payments_payment_uq').on(t.paymentId),
    check(
      'pos_sale_payments_method_ck',
      sql`${t.method} in ('Dinheiro', 'Pix', 'Cartão de Crédito', 'Cartão de Débito')`,
    ),
    check('pos_sale_payments_amount_ck', sql`${t.amountCents} > 0`),
    check('pos_sale_payments_received_ck', sql`${t.receivedCents} is null or ${t.receivedCents} >= ${t.amountCents}`),
  ],
);

/** A return of units of a sale: restocked and paid back by the sale's own methods, once. */
export const posReturns = pgTable(
  'pos_returns',
  {
    id: serial('id').primaryKey(),
    saleId: integer('sale_id')
      .notNull()
      .references(() => posSales.id),
    /** the session whose drawer the cash went out of (the open one of who took the return back) */
    sessionId: integer('session_id').references(() => posSessions.id),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** the caller's Idempotency-Key, if any: the same key answers this return again */
    requestKey: text('request_key'),
    /** the hash of the body returned under requestKey: the same key with another body is refused */
    requestHash: text('request_hash'),
    totalCents: integer('total_cents').notNull(),
    /** what went back by each method, e.g. {"Dinheiro": 1990} */
    refunds: jsonb('refunds').$type<Partial<Record<PosMethod, number>>>().notNull(),
    /** the items returned: [{saleItemId, kind, productId, quantity, amountCents}] (returns older than services and packages have no kind: products) */
    items: jsonb('items')
      .$type<
        {
          saleItemId: number;
          kind?: 'produto' | 'servico' | 'pacote';
          productId: number | null;
          quantity: number;
          amountCents: number;
        }[]
      >()
      .notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('pos_returns_sale_idx').on(t.saleId),
    uniqueIndex('pos_returns_request_uq').on(t.saleId, t.requestKey),
    check('pos_returns_total_ck', sql`${t.totalCents} >= 0`),
  ],
);
