import type { PaginationQuery } from '@petshop/domain';
import { and, asc, count, desc, eq, gt, gte, inArray, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import type { MessageChannel, MessageKind, MessageStatus } from './message-kinds';
import { messages } from './messages.schema';

export type NewMessage = typeof messages.$inferInsert;

/** One row per channel; an event already written (same key and channel) writes nothing. */
export const insertMessages = (tx: Executor, rows: NewMessage[]) =>
  tx
    .insert(messages)
    .values(rows)
    .onConflictDoNothing({ target: [messages.eventKey, messages.channel] });

export interface Withdrawal {
  kind?: MessageKind;
  /** the event keys that start with it (a module's keys name what they are about first) */
  eventKeyPrefix?: string;
  userId?: number;
  channel?: MessageChannel;
}

/** Messages not sent yet that no longer should be: cancelled, with the reason as their last error. */
export const cancelPending = (tx: Executor, which: Withdrawal, reason: string) => {
  const conditions: (SQL | undefined)[] = [
    eq(messages.status, 'pendente'),
    which.kind ? eq(messages.kind, which.kind) : undefined,
    which.eventKeyPrefix ? sql`starts_with(${messages.eventKey}, ${which.eventKeyPrefix})` : undefined,
    which.userId !== undefined ? eq(messages.userId, which.userId) : undefined,
    which.channel ? eq(messages.channel, which.channel) : undefined,
  ];
  return tx
    .update(messages)
    .set({ status: 'cancelada', lastError: reason })
    .where(and(...conditions));
};

/** Which of these event keys already have a message (on any channel). */
export const existingEventKeys = async (db: Executor, eventKeys: string[]) =>
  (await db.selectDistinct({ key: messages.eventKey }).from(messages).where(inArray(messages.eventKey, eventKeys))).map(
    (row) => row.key,
  );

/** LGPD erasure: unsent messages go; sent ones lose their recipient and content. */
export async function forgetUser(tx: Tx, userId: number) {
  await tx.delete(messages).where(and(eq(messages.userId, userId), eq(messages.status, 'pendente')));
  await tx
    .update(messages)
    .set({ recipient: '', payload: {} })
    .where(and(eq(messages.userId, userId), ne(messages.status, 'pendente')));
}

/** LGPD export: what was sent to the user, without the content. */
export const listOfUser = (db: Db, userId: number) =>
  db
    .select({
      id: messages.id,
      channel: messages.channel,
      kind: messages.kind,
      recipient: messages.recipient,
      status: messages.status,
      createdAt: messages.createdAt,
      sentAt: messages.sentAt,
    })
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(asc(messages.id));

/**
 * The e-mails kept in the outbox because no SMTP server is configured, newer than `afterId` and
 * written since `since` (a restart does not announce the ones an earlier run already did).
 */
export const heldEmails = (db: Db, afterId: number, since: Date) =>
  db
    .select({ id: messages.id, kind: messages.kind })
    .from(messages)
    .where(
      and(
        eq(messages.channel, 'email'),
        eq(messages.status, 'pendente'),
        gt(messages.id, afterId),
        gte(messages.createdAt, since),
      ),
    )
    .orderBy(asc(messages.id))
    .limit(200);

export interface MessageFilter {
  status?: MessageStatus | undefined;
  channel?: MessageChannel | undefined;
}

const filterOf = (f: MessageFilter) =>
  and(f.status ? eq(messages.status, f.status) : undefined, f.channel ? eq(messages.channel, f.channel) : undefined);

const listColumns = {
  id: messages.id,
  userId: messages.userId,
  channel: messages.channel,
  kind: messages.kind,
  recipient: messages.recipient,
  status: messages.status,
  attempts: messages.attempts,
  lastError: messages.lastError,
  sendAfter: messages.sendAfter,
  sentAt: messages.sentAt,
  createdAt: messages.createdAt,
};

export const list = (db: Db, f: MessageFilter, page: PaginationQuery) =>
  db
    .select(listColumns)
    .from(messages)
    .where(filterOf(f))
    .orderBy(desc(messages.createdAt), desc(messages.id))
    .limit(page.limit)
    .offset(page.offset);

export const countMatching = async (db: Db, f: MessageFilter) =>
  (await db.select({ n: count() }).from(messages).where(filterOf(f)))[0]?.n ?? 0;

/** A failed message goes back to the queue with a fresh count of attempts. */
export const requeueFailed = async (db: Db | Tx, id: number) =>
  (
    await db
      .update(messages)
      .set({
        status: 'pendente',
        attempts: 0,
        sendAfter: sql`now()`,
        sendingAt: null,
        leaseUntil: null,
        leaseOwner: null,
      })
      .where(and(eq(messages.id, id), eq(messages.status, 'falhou')))
      .returning(listColumns)
  )[0];

export const findById = async (db: Db, id: number) =>
  (await db.select(listColumns).from(messages).where(eq(messages.id, id)))[0];

/** A message with what it says (its payload), to open it. */
export const findWithPayload = async (db: Db, id: number) =>
  (
    await db
      .select({ ...listColumns, payload: messages.payload })
      .from(messages)
      .where(eq(messages.id, id))
  )[0];

/** Pending messages that are already due: what the senders have not caught up with. */
export const countDueBacklog = async (db: Db) =>
  (
    await db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.status, 'pendente'), sql`${messages.sendAfter} <= now()`))
  )[0]?.n ?? 0;
