import type { AdminMessage, AdminMessageContent, PaginationQuery } from '@petshop/domain';
import type { Config } from '../../config';
import type { Db, Executor, Tx } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { unseal } from '../../lib/sealed';
import { type Actor, recordChange } from '../audit/audit.service';
import {
  MESSAGE_KIND_LABELS,
  type MessageKind,
  type NewPayload,
  type PayloadByKind,
  type Recipient,
} from './message-kinds';
import * as repo from './messages.repository';
import { toText } from './templates/layout';
import { messageContent } from './templates/message-content';

export type { MessageKind, NewPayload, PayloadByKind, Recipient } from './message-kinds';
export type { Withdrawal } from './messages.repository';

/** Kinds that go by e-mail only (a reset link is never sent to a phone). */
const EMAIL_ONLY: ReadonlySet<MessageKind> = new Set([
  'password-reset',
  'password-changed',
  'account-unlock',
  'staff-invite',
]);

/**
 * A message as the module that causes it hands it over: it builds the payload from its own data, and
 * the users module says who the recipient is. The outbox reads nothing else.
 */
export interface OutboxMessage<K extends MessageKind> {
  kind: K;
  /** undefined for an account that is gone: nothing is written */
  to: Recipient | undefined;
  /** one event, one message per channel: the same key twice writes nothing the second time */
  eventKey: string;
  payload: NewPayload<K>;
  /** a reminder waits until its time */
  sendAfter?: Date;
}

/**
 * Writes the message in the caller's transaction: if the change rolls back, so does its message.
 * E-mail always; WhatsApp too when the customer opted in.
 */
export async function enqueue<K extends MessageKind>(tx: Executor, message: OutboxMessage<K>) {
  const { to } = message;
  if (!to) return;
  const base = {
    userId: to.userId,
    kind: message.kind,
    eventKey: message.eventKey,
    payload: { ...message.payload, name: to.name },
    sendAfter: message.sendAfter ?? new Date(),
  };
  const rows: repo.NewMessage[] = [{ ...base, channel: 'email', recipient: to.email }];
  if (to.whatsappOptIn && !EMAIL_ONLY.has(message.kind)) {
    rows.push({ ...base, channel: 'whatsapp', recipient: `55${to.phone}` });
  }
  await repo.insertMessages(tx, rows);
}

/** Messages written but not sent that no longer should go (their event was undone): cancelled, with the reason. */
export const withdraw = (tx: Executor, which: repo.Withdrawal, reason: string) => repo.cancelPending(tx, which, reason);

/** The event keys, of these, that have no message yet: a job that writes reminders asks before building them. */
export async function unwritten(db: Executor, eventKeys: string[]) {
  const written = new Set<string>();
  for (let i = 0; i < eventKeys.length; i += 1000) {
    for (const key of await repo.existingEventKeys(db, eventKeys.slice(i, i + 1000))) written.add(key);
  }
  return eventKeys.filter((key) => !written.has(key));
}

/** Account deletion: unsent messages are dropped, sent ones keep only that they were sent. */
export const forget = (tx: Tx, userId: number) => repo.forgetUser(tx, userId);

/** LGPD export: every message of the user, without its content. */
export const exportOf = (db: Db, userId: number) => repo.listOfUser(db, userId);

type Row = Awaited<ReturnType<typeof repo.list>>[number];

const toAdminMessage = (row: Row): AdminMessage => ({
  id: row.id,
  userId: row.userId,
  channel: row.channel as AdminMessage['channel'],
  kind: row.kind,
  kindLabel: MESSAGE_KIND_LABELS[row.kind as MessageKind] ?? row.kind,
  recipient: row.recipient,
  status: row.status as AdminMessage['status'],
  attempts: row.attempts,
  lastError: row.lastError,
  sendAfter: row.sendAfter.toISOString(),
  sentAt: row.sentAt?.toISOString() ?? null,
  createdAt: row.createdAt.toISOString(),
});

export async function list(db: Db, filter: repo.MessageFilter, page: PaginationQuery) {
  const [rows, total] = await Promise.all([repo.list(db, filter, page), repo.countMatching(db, filter)]);
  return { items: rows.map(toAdminMessage), total };
}

/** Only a failed message can be sent again; it goes back to the queue with fresh attempts. */
export async function resend(db: Db, id: number, actor: Actor) {
  const row = await db.transaction(async (tx) => {
    const requeued = await repo.requeueFailed(tx, id);
    if (requeued) {
      await recordChange(tx, actor, {
        action: 'retry',
        entity: 'message',
        entityId: id,
        before: { status: 'falhou' },
        after: { status: requeued.status },
      });
    }
    return requeued;
  });
  if (row) return toAdminMessage(row);
  if (!(await repo.findById(db, id))) throw notFound('Mensagem não encontrada.');
  throw conflict('Apenas mensagens que falharam podem ser reenviadas.', 'MESSAGE_NOT_FAILED');
}

/**
 * A message as it is (or would be) sent. Without SMTP the outbox is the development mailbox: a
 * password-reset link is shown so it can be handed over by hand. With SMTP the link goes only to
 * its owner's inbox and is withheld here.
 */
export async function open(
  db: Db,
  config: Pick<Config, 'APP_URL' | 'JWT_SECRET' | 'SMTP_URL'>,
  id: number,
): Promise<AdminMessageContent> {
  const row = await repo.findWithPayload(db, id);
  if (!row) throw notFound('Mensagem não encontrada.');
  const kind = row.kind as MessageKind;
  const payload = row.payload as unknown as PayloadByKind[MessageKind];
  let resetToken: string | undefined;
  if ((kind === 'password-reset' || kind === 'account-unlock' || kind === 'staff-invite') && !config.SMTP_URL) {
    const sealed = (payload as PayloadByKind['password-reset' | 'account-unlock' | 'staff-invite']).sealedToken;
    resetToken = sealed ? unseal(config.JWT_SECRET, sealed) : undefined;
  }
  const content = messageContent(kind, payload, { appUrl: config.APP_URL, resetToken });
  return {
    ...toAdminMessage(row),
    subject: content.subject,
    text: toText(content),
    link: content.action ?? null,
  };
}

/** For the metrics: due messages not sent yet. */
export const dueBacklog = (db: Db) => repo.countDueBacklog(db);
