import { businessMoment } from '@petshop/domain';
import type { Db, Executor } from '../../db/client';
import * as messages from '../messages/messages.service';
import * as users from '../users/users.service';
import * as repo from './appointments.repository';

export type AppointmentEvent = 'booked' | 'moved' | 'cancelled';
type AppointmentPayload = messages.PayloadByKind['appointment-reminder'];

/** What the customer is told, read when it happens, so the message tells what was true then. */
async function payloadOf(tx: Executor, appointmentId: number) {
  const row = await repo.findAppointment(tx, appointmentId);
  if (!row) return undefined;
  const { userId, date, time, serviceName, employeeName, petName } = row;
  return { userId, payload: { appointmentId, date, time, serviceName, employeeName, petName } };
}

const reminderKeys = (appointmentId: number) => `appointment:${appointmentId}:reminder:`;
const reminderKey = (id: number, date: string, time: string) => `${reminderKeys(id)}${date}T${time}`;

/** The slot is in the key: a booking moved twice tells each move once. */
export async function appointmentChanged(tx: Executor, appointmentId: number, event: AppointmentEvent) {
  const found = await payloadOf(tx, appointmentId);
  if (!found) return;
  const { date, time } = found.payload;
  await messages.enqueue(tx, {
    kind: `appointment-${event}`,
    to: await users.messageRecipient(tx, found.userId),
    eventKey: `appointment:${appointmentId}:${event}:${date}T${time}`,
    payload: found.payload,
  });
  if (event !== 'booked') {
    // A reminder written for the old slot will not go out (delivery checks it again, too).
    await messages.withdraw(
      tx,
      { kind: 'appointment-reminder', eventKeyPrefix: reminderKeys(appointmentId) },
      'Agendamento alterado antes do lembrete.',
    );
  }
}

/**
 * Writes the reminder of every active appointment that starts within `hoursBefore` and has none yet;
 * run every minute, so an appointment booked inside the window gets its reminder at once. The key holds
 * the slot: a moved appointment gets a reminder for its new time, never two for one slot.
 */
export async function writeDueReminders(db: Db, hoursBefore: number, now = new Date()) {
  const horizon = businessMoment(new Date(now.getTime() + hoursBefore * 3_600_000));
  const due = await repo.listStartingBy(db, businessMoment(now), horizon);
  const keyOf = new Map(due.map((row) => [reminderKey(row.id, row.date, row.time), row.id]));
  const missing = (await messages.unwritten(db, [...keyOf.keys()])).slice(0, 500);
  let written = 0;
  for (const eventKey of missing) {
    await db.transaction(async (tx) => {
      const found = await payloadOf(tx, keyOf.get(eventKey) ?? 0);
      if (!found) return;
      await messages.enqueue(tx, {
        kind: 'appointment-reminder',
        to: await users.messageRecipient(tx, found.userId),
        eventKey,
        payload: found.payload,
      });
      written += 1;
    });
  }
  return written;
}

/** At sending time: a reminder stands while its appointment is active, not started and at the same slot. */
export async function reminderStillStands(db: Db, payload: AppointmentPayload, now = new Date()) {
  const stands = await repo.isUpcomingAt(db, payload.appointmentId, payload.date, payload.time, businessMoment(now));
  return stands ? undefined : 'Agendamento cancelado, remarcado ou já iniciado.';
}
