import type { AdminMessage, AdminMessageContent, PaginationQuery } from '@petshop/domain';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { unseal } from '../../lib/sealed';
import { MESSAGE_KIND_LABELS, type MessageKind, type PayloadByKind } from './message-kinds';
import * as repo from './messages.repository';
import { toText } from './templates/layout';
import { messageContent } from './templates/message-content';

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
export async function resend(db: Db, id: number) {
  const row = await repo.requeueFailed(db, id);
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
  if (kind === 'password-reset' && !config.SMTP_URL) {
    const sealed = (payload as PayloadByKind['password-reset']).sealedToken;
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
