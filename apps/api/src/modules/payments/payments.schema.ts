import type { PaymentMethod, PaymentStatus } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../users/users.schema';

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id),
    /** one of PAYMENT_METHODS: checked by the pay body's schema and by payments_method_ck */
    method: text('method').$type<PaymentMethod>().notNull(),
    totalCents: integer('total_cents').notNull(),
    status: text('status').$type<PaymentStatus>().notNull(),
    idempotencyKey: text('idempotency_key'),
    /** provider answer (e.g. the Pix BR Code) */
    details: jsonb('details'),
    createdAt: createdAt(),
    /** Pix and boleto: our id of the charge at the PSP (API Pix txid) */
    txid: text('txid'),
    /** a pending payment not paid by then expires */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** money arrived after the payment expired or was cancelled: it must be given back */
    refundDueAt: timestamp('refund_due_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payments_user_idempotency_uq').on(t.userId, t.idempotencyKey),
    uniqueIndex('payments_txid_uq').on(t.txid),
    index('payments_pending_expiry_idx').on(t.expiresAt).where(sql`${t.status} = 'Pendente'`),
    check('payments_total_ck', sql`${t.totalCents} >= 0`),
    check('payments_method_ck', sql`${t.method} in ('Cartão de Débito', 'Cartão de Crédito', 'Pix', 'Boleto')`),
    check('payments_status_ck', sql`${t.status} in ('Pendente', 'Aprovado', 'Expirado', 'Cancelado', 'Recusado')`),
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
