import { addDays, businessMoment, VACCINE_DUE_SOON_DAYS } from '@petshop/domain';
import { and, asc, between, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { messages, pets, petVaccines, users } from '../../db/schema';
import type { VaccinePayload } from './message-kinds';
import { enqueue } from './outbox';

type Executor = Db | Tx;

/** The due date is in the key: a vaccine whose next dose is moved later gets a reminder for the new date. */
const vaccineKey = (id: number, dueOn: string) => `vaccine:${id}:due:${dueOn}`;

/** A vaccine on a live pet of a live account. */
const liveVaccine = and(isNull(pets.deletedAt), isNull(users.deletedAt));

/**
 * Writes one 'vaccine-due' message for each vaccine whose next dose falls within the next
 * VACCINE_DUE_SOON_DAYS days (São Paulo calendar) and has none yet. Run repeatedly: the event key
 * makes a second run write nothing.
 */
export async function writeDueVaccineReminders(db: Db, now = new Date()) {
  const today = businessMoment(now).date;
  const due = await db
    .select({
      vaccineId: petVaccines.id,
      userId: pets.userId,
      name: users.name,
      petName: pets.name,
      vaccineName: petVaccines.name,
      dueOn: sql<string>`${petVaccines.nextDueOn}`,
    })
    .from(petVaccines)
    .innerJoin(pets, eq(pets.id, petVaccines.petId))
    .innerJoin(users, eq(users.id, pets.userId))
    .where(
      and(
        liveVaccine,
        between(petVaccines.nextDueOn, today, addDays(today, VACCINE_DUE_SOON_DAYS)),
        sql`not exists (select 1 from ${messages} m where m.event_key = 'vaccine:' || ${petVaccines.id} || ':due:' || ${petVaccines.nextDueOn})`,
      ),
    )
    .orderBy(asc(petVaccines.nextDueOn))
    .limit(500);
  for (const { userId, ...payload } of due) {
    await enqueue(db, {
      userId,
      kind: 'vaccine-due',
      eventKey: vaccineKey(payload.vaccineId, payload.dueOn),
      payload,
    });
  }
  return due.length;
}

/** A deleted vaccine's reminder that has not gone out yet never will. */
export const withdrawVaccineReminder = (tx: Executor, vaccineId: number) =>
  tx
    .update(messages)
    .set({ status: 'cancelada', lastError: 'Vacina excluída antes do lembrete.' })
    .where(
      and(
        eq(messages.kind, 'vaccine-due'),
        eq(messages.status, 'pendente'),
        sql`${messages.payload}->>'vaccineId' = ${String(vaccineId)}`,
      ),
    );

/** Whether a reminder still stands at delivery: the vaccine, its pet and its owner still there, the date unchanged. */
export async function vaccineReminderStillValid(db: Db, payload: VaccinePayload) {
  const [row] = await db
    .select({ id: petVaccines.id })
    .from(petVaccines)
    .innerJoin(pets, eq(pets.id, petVaccines.petId))
    .innerJoin(users, eq(users.id, pets.userId))
    .where(and(eq(petVaccines.id, payload.vaccineId), eq(petVaccines.nextDueOn, payload.dueOn), liveVaccine));
  return Boolean(row);
}
