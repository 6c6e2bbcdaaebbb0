import { eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { messages, users } from '../../db/schema';
import type { MessageKind, PayloadByKind } from './message-kinds';

type Executor = Db | Tx;

/** Kinds that go by e-mail only (a reset link is never sent to a phone). */
const EMAIL_ONLY: ReadonlySet<MessageKind> = new Set(['password-reset', 'password-changed']);

export interface OutboxEntry<K extends MessageKind> {
  userId: number;
  kind: K;
  /** one event, one message per channel: the same key twice writes nothing the second time */
  eventKey: string;
  payload: PayloadByKind[K];
  /** a reminder waits until its time */
  sendAfter?: Date;
}

/**
 * Writes the message in the caller's transaction: if the change rolls back, so does its message.
 * E-mail always; WhatsApp too when the customer opted in. A deleted account gets nothing.
 */
export async function enqueue<K extends MessageKind>(tx: Executor, entry: OutboxEntry<K>) {
  const [user] = await tx
    .select({ email: users.email, phone: users.phone, whatsappOptIn: users.whatsappOptIn, deletedAt: users.deletedAt })
    .from(users)
    .where(eq(users.id, entry.userId));
  if (!user || user.deletedAt) return;
  const base = {
    userId: entry.userId,
    kind: entry.kind,
    eventKey: entry.eventKey,
    payload: entry.payload,
    sendAfter: entry.sendAfter ?? new Date(),
  };
  const rows: (typeof messages.$inferInsert)[] = [{ ...base, channel: 'email', recipient: user.email }];
  if (user.whatsappOptIn && !EMAIL_ONLY.has(entry.kind)) {
    rows.push({ ...base, channel: 'whatsapp', recipient: `55${user.phone}` });
  }
  await tx
    .insert(messages)
    .values(rows)
    .onConflictDoNothing({ target: [messages.eventKey, messages.channel] });
}
