import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt } from '../../db/columns';
import { users } from '../users/users.schema';

/**
 * The outbox: one row per message and channel, written in the transaction of the change that causes it;
 * `event_key` makes each event produce its message at most once.
 */
export const messages = pgTable(
  'messages',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id),
    channel: text('channel').notNull(),
    kind: text('kind').notNull(),
    eventKey: text('event_key').notNull(),
    recipient: text('recipient').notNull(),
    /** template data; secrets (a reset link) are sealed and removed once sent */
    payload: jsonb('payload').notNull(),
    status: text('status').notNull().default('pendente'),
    attempts: integer('attempts').notNull().default(0),
    /** not before: retries with backoff and reminders wait until then */
    sendAfter: timestamp('send_after', { withTimezone: true }).notNull().defaultNow(),
    /** a delivery in progress owns the row until then (a crashed sender's lease runs out) */
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    /** the sending instance's owner key (jobs/run-owners.ts): a dead instance's lease is freed at once */
    leaseOwner: integer('lease_owner'),
    /** handed to the server at this time, outcome not yet recorded: never sent again by itself */
    sendingAt: timestamp('sending_at', { withTimezone: true }),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('messages_event_channel_uq').on(t.eventKey, t.channel),
    index('messages_due_idx').on(t.sendAfter).where(sql`${t.status} = 'pendente'`),
    index('messages_user_idx').on(t.userId),
    index('messages_created_idx').on(t.createdAt),
    check('messages_channel_ck', sql`${t.channel} in ('email', 'whatsapp')`),
    check('messages_status_ck', sql`${t.status} in ('pendente', 'enviada', 'falhou', 'cancelada')`),
  ],
);
