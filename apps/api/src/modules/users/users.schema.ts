import { sql } from 'drizzle-orm';
import { boolean, char, check, integer, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    /** null only for staff accounts made by an invitation (a customer always has one) */
    cpf: char('cpf', { length: 11 }),
    phone: text('phone').notNull(),
    role: text('role').notNull().default('customer'),
    passwordHash: text('password_hash').notNull(),
    photoUrl: text('photo_url'),
    emailVerified: boolean('email_verified').notNull().default(false),
    tokenVersion: integer('token_version').notNull().default(0),
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    whatsappOptIn: boolean('whatsapp_opt_in').notNull().default(false),
    createdAt: createdAt(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_lower_active_uq').on(sql`lower(${t.email})`).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_cpf_active_uq').on(t.cpf).where(sql`${t.deletedAt} is null`),
    check('users_role_ck', sql`${t.role} in ('admin', 'customer', 'manager', 'reception', 'professional')`),
    check('users_cpf_customer_ck', sql`${t.cpf} is not null or ${t.role} <> 'customer'`),
    check('users_cpf_digits_ck', sql`${t.cpf} ~ '^[0-9]{11}$'`),
    check('users_phone_digits_ck', sql`${t.phone} ~ '^[0-9]{10,11}$'`),
  ],
);
