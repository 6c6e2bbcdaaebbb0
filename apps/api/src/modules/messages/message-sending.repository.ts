import { and, asc, eq, gt, inArray, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { MessageChannel, MessageKind, MessageStatus } from './message-kinds';
import { messages } from './messages.schema';

/** The sending side of the outbox: claims, leases, the mark before a send, and its outcomes. */

const LEASE = sql`now() + interval '2 minutes'`;

export interface ClaimedMessage {
  id: number;
  userId: number | null;
  channel: MessageChannel;
  kind: MessageKind;
  recipient: string;
  payload: Record<string, unknown>;
  /** after this claim: a mark only lands while it still matches (the lease is ours) */
  attempts: number;
}

/**
 * Takes up to `limit` due messages for a while. SKIP LOCKED and the lease keep two instances from
 * taking the same row; a sender that dies leaves a lease that runs out (or that the next sender
 * frees, `releaseLeasesOf`), and the message goes again.
 */
export async function claimDue(
  db: Db,
  channels: MessageChannel[],
  limit: number,
  owner: number | null = null,
): Promise<ClaimedMessage[]> {
  if (channels.length === 0) return [];
  const due = db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.status, 'pendente'),
        sql`${messages.sendAfter} <= now()`,
        inArray(messages.channel, channels),
        or(isNull(messages.leaseUntil), lt(messages.leaseUntil, sql`now()`)),
        isNull(messages.sendingAt),
      ),
    )
    .orderBy(asc(messages.sendAfter), asc(messages.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db
    .update(messages)
    .set({ leaseUntil: LEASE, leaseOwner: owner, attempts: sql`${messages.attempts} + 1` })
    .where(inArray(messages.id, due))
    .returning({
      id: messages.id,
      userId: messages.userId,
      channel: messages.channel,
      kind: messages.kind,
      recipient: messages.recipient,
      payload: messages.payload,
      attempts: messages.attempts,
    });
  return rows.map((row) => ({
    ...row,
    channel: row.channel as MessageChannel,
    kind: row.kind as MessageKind,
    payload: row.payload as Record<string, unknown>,
  }));
}

const ours = (m: Pick<ClaimedMessage, 'id' | 'attempts'>) =>
  and(eq(messages.id, m.id), eq(messages.attempts, m.attempts), eq(messages.status, 'pendente'));

/**
 * Committed just before the message goes to its server: whether the lease is still ours. From here
 * on, a sender that dies leaves a message that may have been delivered (see `settleInterrupted`).
 */
export const markSending = async (db: Db, m: ClaimedMessage) =>
  (
    await db
      .update(messages)
      .set({ sendingAt: sql`now()` })
      .where(and(ours(m), gt(messages.leaseUntil, sql`now()`)))
      .returning({ id: messages.id })
  ).length === 1;

/** Sent: a sealed secret (a reset token) leaves the row with it. */
export const markSent = (db: Db, m: ClaimedMessage) =>
  db
    .update(messages)
    .set({
      status: 'enviada',
      sentAt: sql`now()`,
      sendingAt: null,
      leaseUntil: null,
      leaseOwner: null,
      lastError: null,
      payload: sql`${messages.payload} - 'sealedToken'`,
    })
    .where(ours(m));

export const markRetry = (db: Db, m: ClaimedMessage, error: string, delaySeconds: number, countAttempt = true) =>
  db
    .update(messages)
    .set({
      sendAfter: sql`now() + make_interval(secs => ${delaySeconds})`,
      sendingAt: null,
      leaseUntil: null,
      leaseOwner: null,
      lastError: error,
      ...(countAttempt ? {} : { attempts: sql`${messages.attempts} - 1` }),
    })
    .where(ours(m));

export const markFinal = (
  db: Db,
  m: ClaimedMessage,
  status: Extract<MessageStatus, 'falhou' | 'cancelada'>,
  error: string,
) =>
  db
    .update(messages)
    .set({ status, sendingAt: null, leaseUntil: null, leaseOwner: null, lastError: error })
    .where(ours(m));

/** The owners (other than `except`) whose leases on pending messages still run. */
export const leaseOwners = async (db: Db, except: number) =>
  (
    await db
      .selectDistinct({ owner: messages.leaseOwner })
      .from(messages)
      .where(
        and(
          eq(messages.status, 'pendente'),
          gt(messages.leaseUntil, sql`now()`),
          isNotNull(messages.leaseOwner),
          ne(messages.leaseOwner, except),
        ),
      )
  ).flatMap((row) => (row.owner === null ? [] : [row.owner]));

/**
 * Leases of senders that are gone: their messages are due again now, with the attempt they used.
 * Those already handed to the server are left to `settleInterrupted`.
 */
export const releaseLeasesOf = (db: Db, owners: number[]) =>
  db
    .update(messages)
    .set({ leaseUntil: null, leaseOwner: null })
    .where(
      and(
        eq(messages.status, 'pendente'),
        gt(messages.leaseUntil, sql`now()`),
        inArray(messages.leaseOwner, owners),
        isNull(messages.sendingAt),
      ),
    );

const INTERRUPTED = 'Envio interrompido: a mensagem pode ter chegado ao destinatário. Confira antes de reenviar.';

/**
 * Messages whose sender went away between handing them to the server and recording the outcome
 * (its instance is gone, or its lease ran out): they may have been delivered, so they are never
 * sent again by themselves. They become 'falhou' with a reason, and an admin decides on a resend.
 */
export const settleInterrupted = (db: Db, goneOwners: number[]) =>
  db
    .update(messages)
    .set({ status: 'falhou', sendingAt: null, leaseUntil: null, leaseOwner: null, lastError: INTERRUPTED })
    .where(
      and(
        eq(messages.status, 'pendente'),
        isNotNull(messages.sendingAt),
        or(
          lt(messages.leaseUntil, sql`now()`),
          goneOwners.length > 0 ? inArray(messages.leaseOwner, goneOwners) : sql`false`,
        ),
      ),
    )
    .returning({ id: messages.id });

export const SERVER_DOWN = 'Servidor indisponível';

/** The server answers again: messages that were only waiting for it go out now, not at their backoff. */
export const wakeWaitingForServer = (db: Db, channel: MessageChannel) =>
  db
    .update(messages)
    .set({ sendAfter: sql`now()` })
    .where(
      and(
        eq(messages.status, 'pendente'),
        eq(messages.channel, channel),
        gt(messages.sendAfter, sql`now()`),
        sql`${messages.lastError} like ${`${SERVER_DOWN}%`}`,
      ),
    );
