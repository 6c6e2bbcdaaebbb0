import type { LedgerMethod, PaymentOwnerKind, PaymentStatus, RefundKind } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import { char, check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { stores } from '../stores/stores.schema';
import { users } from '../users/users.schema';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    /** who paid: the customer (none for a counter sale to nobody in particular) */
    userId: integer('user_id').references(() => users.id),
    /** what the money is for: a web order, a counter sale or a plan's cycle (API.md 'One ledger for money') */
    ownerKind: text('owner_kind').$type<PaymentOwnerKind>().notNull(),
    ownerId: integer('owner_id').notNull(),
    /** the store whose money it is (a web order's shelf store, the till's store, the plan's store) */
    storeId: integer('store_id').references(() => stores.id),
    /** one of LEDGER_METHODS: checked by the pay body's schema and by payments_method_ck */
    method: text('method').$type<LedgerMethod>().notNull(),
    totalCents: integer('total_cents').notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    idempotencyKey: text('idempotency_key'),
    /** the hash of the body paid under idempotencyKey: the same key with another body is refused */
    idempotencyHash: text('idempotency_hash'),
    /** provider answer (e.g. the Pix BR Code) */
    details: jsonb('details'),
    createdAt: createdAt(),
    /** Pix and boleto: our id of the charge at the PSP (API Pix txid) */
    txid: text('txid'),
    /** a pending payment not paid by then expires */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** money arrived after the payment expired or was cancelled: it must be given back */
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
    /** cards and boletos: the card PSP's payment id */
    pspPaymentId: text('psp_payment_id'),
    installments: integer('installments'),
    /** the PSP's payment_method_id (master, visa, elo…) and the card's last four digits: nothing more of it */
    cardBrand: text('card_brand'),
    cardLastFour: char('card_last_four', { length: 4 }),
    /** given back so far (refunds concluded or under way) */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** a card on the store's own terminal: its NSU and authorisation code */
    nsu: text('nsu'),
    authorizationCode: text('authorization_code'),
    /** when the money was received (approved or paid) */
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    uniqueIndex('payments_txid_uq').on(t.txid),
    uniqueIndex('payments_psp_payment_uq').on(t.pspPaymentId),
    check('payments_refunded_ck', sql`${t.refundedCents} >= 0 and ${t.refundedCents} <= ${t.totalCents}`),
    check('payments_installments_ck', sql`${t.installments} is null or ${t.installments} between 1 and 12`),
    index('payments_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'Pendente'`),
    check('payments_total_ck', sql`${t.totalCents} >= 0`),
    check(
      'payments_method_ck',
      sql`${t.method} in ('Cartão de Débito', 'Cartão de Crédito', 'Pix', 'Boleto', 'Pix Automático', 'Dinheiro')`,
    ),
    check('payments_owner_kind_ck', sql`${t.ownerKind} in ('order', 'pos_sale', 'subscription_cycle')`),
    index('payments_owner_idx').on(t.ownerKind, t.ownerId),
    index('payments_created_idx').on(t.createdAt),
    index('payments_store_created_idx').on(t.storeId, t.createdAt),
    index('payments_method_created_idx').on(t.method, t.createdAt),
    check(
      'payments_status_ck',
      sql`${t.status} in ('Pendente', 'Aprovado', 'Expirado', 'Cancelado', 'Recusado', 'Contestado', 'Reembolso pendente', 'Reembolsado', 'Parcialmente reembolsado', 'Reembolso falhou')`,
    ),
  ],
);

/** Each payment the bank reported, once per endToEndId: what makes a repeated notification harmless. */
export const paymentReceipts = pgTable(
  'payment_receipts',
  {
    endToEndId: text('end_to_end_id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
    /** 'settled': it paid the order; 'refund': it came too late and must go back */
    outcome: text('outcome').$type<'settled' | 'refund'>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('payment_receipts_payment_idx').on(t.paymentId),
    check('payment_receipts_outcome_ck', sql`${t.outcome} in ('settled', 'refund')`),
  ],
);

/**
 * Each refund asked for. Its id is the key the PSP sees (X-Idempotency-Key, the Pix devolução id),
 * and (payment, request key) is unique, so a retried request never gives the money back twice.
 */
export const paymentRefunds = pgTable(
  'payment_refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull(),
    /** REFUND_KINDS: card, pix and manual wait for the PSP or the admin; cash and terminal (the counter's) are concluded when written */
    kind: text('kind').$type<RefundKind>().notNull(),
    status: text('status').$type<'pendente' | 'concluido' | 'falhou'>().notNull(),
    requestKey: text('request_key').notNull(),
    /** the hash of the body asked under requestKey (none for rows older than it, and the shop's own refunds) */
    requestHash: text('request_hash'),
    pspRefundId: text('psp_refund_id'),
    requestedBy: integer('requested_by').references(() => users.id),
    error: text('error'),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_refunds_request_uq').on(t.paymentId, t.requestKey),
    index('payment_refunds_payment_idx').on(t.paymentId),
    check('payment_refunds_amount_ck', sql`${t.amountCents} > 0`),
    check('payment_refunds_kind_ck', sql`${t.kind} in ('card', 'pix', 'manual', 'cash', 'terminal')`),
    check('payment_refunds_status_ck', sql`${t.status} in ('pendente', 'concluido', 'falhou')`),
  ],
);

/**
 * Each card charge asked of the PSP, written before the order's transaction (which may never
 * commit): the reconciliation asks the PSP by external_reference (this order id) for a charge it
 * approved that no payment recorded, and gives that money back.
 */
export const cardAttempts = pgTable(
  'card_attempts',
  {
    orderId: integer('order_id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    createdAt: createdAt(),
    /** the PSP was asked and nothing was left to give back */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [index('card_attempts_open_idx').on(t.createdAt).where(sql`${t.checkedAt} is null`)],
);
