import { addDays, businessMoment, VACCINE_DUE_SOON_DAYS } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import * as messages from '../messages/messages.service';
import * as users from '../users/users.service';
import * as repo from './pet-health.repository';

type VaccinePayload = messages.PayloadByKind['vaccine-due'];

/** The due date is in the key: a vaccine whose next dose is moved later gets a reminder for the new date. */
const vaccineKeys = (id: number) => `vaccine:${id}:due:`;

/**
 * Writes one 'vaccine-due' message for each vaccine whose next dose falls within the next
 * VACCINE_DUE_SOON_DAYS days (São Paulo calendar) and has none yet. Run repeatedly: the event key
 * makes a second run write nothing.
 */
export async function writeDueVaccineReminders(db: Db, now = new Date()) {
  const today = businessMoment(now).date;
  const due = await repo.listDueVaccines(db, today, addDays(today, VACCINE_DUE_SOON_DAYS));
  const byKey = new Map(due.map((row) => [`${vaccineKeys(row.vaccineId)}${row.dueOn}`, row]));
  let written = 0;
  for (const eventKey of await messages.unwritten(db, [...byKey.keys()])) {
    if (written === 500) break;
    const { userId, ...payload } = byKey.get(eventKey) as (typeof due)[number];
    const to = await users.messageRecipient(db, userId);
    if (!to) continue;
    await messages.enqueue(db, { kind: 'vaccine-due', to, eventKey, payload });
    written += 1;
  }
  return written;
}

/** A deleted vaccine's reminder that has not gone out yet never will. */
export const withdrawVaccineReminder = (tx: Tx, vaccineId: number) =>
  messages.withdraw(
    tx,
    { kind: 'vaccine-due', eventKeyPrefix: vaccineKeys(vaccineId) },
    'Vacina excluída antes do lembrete.',
  );

/** At sending time: the vaccine, its pet and its owner are still there, and the date is unchanged. */
export async function vaccineReminderStillStands(db: Db, payload: VaccinePayload) {
  const owner = await repo.findVaccineOwner(db, payload.vaccineId, payload.dueOn);
  const stands = owner !== undefined && (await users.messageRecipient(db, owner)) !== undefined;
  return stands ? undefined : 'Vacina excluída ou com outra data.';
}
