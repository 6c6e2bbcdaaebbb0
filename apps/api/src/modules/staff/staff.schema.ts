import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { employees } from '../employees/employees.schema';
import { stores } from '../stores/stores.schema';
import { users } from '../users/users.schema';

/** The stores a staff user (manager, reception, professional) works in; the owner (admin) has every store without rows. */
export const userStores = pgTable(
  'user_stores',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ name: 'user_stores_pk', columns: [t.userId, t.storeId] }),
    index('user_stores_store_idx').on(t.storeId),
  ],
);

/**
 * An invitation to an account that already exists: its role, store and employee link change only
 * when the person accepts by the e-mailed link (single use, 72 h; only the token's hash is kept).
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    employeeId: integer('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    storeId: integer('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    tokenHash: text('token_hash').notNull(),
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('staff_invitations_token_uq').on(t.tokenHash),
    index('staff_invitations_user_idx').on(t.userId),
    check('staff_invitations_role_ck', sql`${t.role} in ('manager', 'reception', 'professional')`),
  ],
);
