import { bigserial, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * Every staff write, appended in the write's own transaction. Append-only: a trigger (migration
 * 0015) refuses UPDATE, DELETE and TRUNCATE. `before`/`after` hold only the fields that changed, in
 * the API's names and units, never a secret.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
    /** no foreign key: the trail outlives whatever it names */
    userId: integer('user_id'),
    role: text('role').notNull(),
    storeId: integer('store_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: integer('entity_id'),
    before: jsonb('before').$type<Record<string, unknown>>(),
    after: jsonb('after').$type<Record<string, unknown>>(),
    ip: text('ip'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_user_idx').on(t.userId, t.at),
  ],
);
