import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** The Pix stand-in's charges (API Pix cob), kept in the shop's database so every instance agrees on them. */
export const sandboxPixCharges = pgTable('sandbox_pix_charges', {
  txid: text('txid').primaryKey(),
  chave: text('chave').notNull(),
  amountCents: integer('amount_cents').notNull(),
  expiracao: integer('expiracao').notNull(),
  status: text('status').notNull(),
  pixCopiaECola: text('pix_copia_e_cola').notNull(),
  revisao: integer('revisao').notNull().default(0),
  endToEndId: text('end_to_end_id'),
  paidCents: integer('paid_cents'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
