import type { AdminMessage, PaginationQuery } from '@petshop/domain';
import type { Db } from '../../db/client';
import { conflict, notFound } from '../../lib/app-error';
import { MESSAGE_KIND_LABELS, type MessageKind } from './message-kinds';
import * as repo from './messages.repository';

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

/** For the metrics: due messages not sent yet. */
export const dueBacklog = (db: Db) => repo.countDueBacklog(db);
