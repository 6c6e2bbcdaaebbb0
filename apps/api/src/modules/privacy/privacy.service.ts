import { type Preferences, ROLES } from '@petshop/domain';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import * as messages from '../messages/messages.service';
import * as repo from './privacy.repository';

const NOT_FOUND = 'Usuário não encontrado.';

const requireOwner = (caller: AuthUser, id: number) => {
  if (caller.id !== id) throw notFound(NOT_FOUND);
};

export async function getPreferences(db: Db, caller: AuthUser, id: number) {
  requireOwner(caller, id);
  const found = await repo.findPreferences(db, id);
  if (!found) throw notFound(NOT_FOUND);
  return found;
}

export async function updatePreferences(db: Db, caller: AuthUser, id: number, input: Preferences) {
  requireOwner(caller, id);
  const updated = await repo.updatePreferences(db, id, input);
  if (!updated) throw notFound(NOT_FOUND);
  return updated;
}

/** The owner, or an admin answering a request made to the shop. */
export async function exportData(db: Db, caller: AuthUser, id: number) {
  if (caller.role !== ROLES.admin) requireOwner(caller, id);
  const [data, messageRows] = await Promise.all([repo.exportData(db, id), messages.exportOf(db, id)]);
  if (!data) throw notFound(NOT_FOUND);
  const { passwordResets, ...held } = data;
  return { exportedAt: new Date().toISOString(), ...held, messages: messageRows, passwordResets };
}
