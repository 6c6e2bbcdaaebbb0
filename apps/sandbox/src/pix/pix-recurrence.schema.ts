import { date, integer, jsonb, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';

/** The Pix stand-in's recurrence locations (API Pix /locrec). */
export const sandboxPixLocrecs = pgTable('sandbox_pix_locrecs', {
  id: serial('id').primaryKey(),
  idRec: text('id_rec'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The Pix stand-in's recurrences (API Pix /rec, Pix Automático): what was asked, and its status history. */
export const sandboxPixRecs = pgTable('sandbox_pix_recs', {
  idRec: text('id_rec').primaryKey(),
  status: text('status').notNull(),
  /** the body as created (vinculo, calendario, valor, politicaRetentativa) */
  body: jsonb('body').notNull(),
  locId: integer('loc_id'),
  atualizacao: jsonb('atualizacao').notNull(),
  encerramento: jsonb('encerramento'),
  tipoJornada: text('tipo_jornada').notNull().default('AGUARDANDO_DEFINICAO'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Confirmation requests sent to the payer's bank (API Pix /solicrec). */
export const sandboxPixSolicrecs = pgTable('sandbox_pix_solicrecs', {
  idSolicRec: text('id_solic_rec').primaryKey(),
  idRec: text('id_rec').notNull(),
  status: text('status').notNull(),
  body: jsonb('body').notNull(),
  atualizacao: jsonb('atualizacao').notNull(),
});

/** Recurring charges (API Pix /cobr) and their settlement attempts (tentativas). */
export const sandboxPixCobrs = pgTable('sandbox_pix_cobrs', {
  txid: text('txid').primaryKey(),
  idRec: text('id_rec').notNull(),
  status: text('status').notNull(),
  amountCents: integer('amount_cents').notNull(),
  dueOn: date('due_on').notNull(),
  body: jsonb('body').notNull(),
  atualizacao: jsonb('atualizacao').notNull(),
  tentativas: jsonb('tentativas').notNull(),
  endToEndId: text('end_to_end_id'),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
