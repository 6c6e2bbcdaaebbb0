import { BUSINESS_TIME_ZONE, type PetSize, type PetSpecies } from '@petshop/domain';
import { and, asc, count, eq, gte, isNull, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { appointments, pets } from '../../db/schema';
import { activeAppointment } from '../../db/upcoming-appointment';

const todayInBusinessZone = sql`(now() at time zone ${BUSINESS_TIME_ZONE})::date`;
const sinceBirth = sql`age(${todayInBusinessZone}, ${pets.birthDate})`;

const readColumns = {
  id: pets.id,
  name: pets.name,
  // A birth date, when known, says the age today (São Paulo); the stored age is what was typed.
  age: sql<number>`case when ${pets.birthDate} is null then ${pets.age} else extract(year from ${sinceBirth})::int end`.mapWith(
    Number,
  ),
  ageMonths: sql<number | null>`(extract(year from ${sinceBirth}) * 12 + extract(month from ${sinceBirth}))::int`,
  // The table's check constraints keep these inside the domain lists.
  specie: sql<PetSpecies>`${pets.specie}`,
  size: sql<PetSize>`${pets.size}`,
  allergies: pets.allergies,
  notes: pets.notes,
  breed: pets.breed,
  birthDate: pets.birthDate,
};

const live = isNull(pets.deletedAt);
const own = (userId: number, id: number) => and(eq(pets.id, id), eq(pets.userId, userId), live);

export const listOwn = (db: Executor, userId: number) =>
  db
    .select(readColumns)
    .from(pets)
    .where(and(eq(pets.userId, userId), live))
    .orderBy(asc(pets.id));

export const findOwn = async (db: Executor, userId: number, id: number) =>
  (await db.select(readColumns).from(pets).where(own(userId, id)))[0];

export const countOwn = async (db: Executor, userId: number) =>
  (
    await db
      .select({ n: count() })
      .from(pets)
      .where(and(eq(pets.userId, userId), live))
  )[0]?.n ?? 0;

export type PetValues = Pick<
  typeof pets.$inferInsert,
  'name' | 'age' | 'specie' | 'size' | 'allergies' | 'notes' | 'breed' | 'birthDate'
>;

export const insertPet = async (db: Executor, userId: number, values: PetValues) =>
  (
    await db
      .insert(pets)
      .values({ ...values, userId })
      .returning(readColumns)
  )[0];

export const updateOwn = async (db: Db, userId: number, id: number, values: PetValues) =>
  (await db.update(pets).set(values).where(own(userId, id)).returning(readColumns))[0];

/**
 * Locks the caller's live pet until the transaction ends. FOR UPDATE conflicts with the key-share
 * lock an appointment insert takes on the pet, so a booking racing a delete is seen (or waits).
 */
export const lockOwn = async (tx: Tx, userId: number, id: number) =>
  (await tx.select({ id: pets.id }).from(pets).where(own(userId, id)).for('update'))[0]?.id;

export const hasUpcomingAppointments = async (tx: Tx, petId: number) =>
  (
    await tx
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(eq(appointments.petId, petId), activeAppointment(), gte(appointments.appointmentDate, todayInBusinessZone)),
      )
      .limit(1)
  ).length > 0;

export const hasAnyAppointment = async (tx: Tx, petId: number) =>
  (await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.petId, petId)).limit(1)).length >
  0;

/** Any live pet, whoever owns it: staff read every pet's card. */
export const findLive = async (db: Executor, id: number) =>
  (
    await db
      .select({ id: pets.id, userId: pets.userId })
      .from(pets)
      .where(and(eq(pets.id, id), live))
  )[0];

export const hidePet = (tx: Tx, id: number) => tx.update(pets).set({ deletedAt: new Date() }).where(eq(pets.id, id));

export const deletePet = (tx: Tx, id: number) => tx.delete(pets).where(eq(pets.id, id));

/** LGPD erasure: pets are hidden (past appointments point to them) and lose what describes them. */
export const forgetPetsOf = (tx: Tx, userId: number) =>
  tx
    .update(pets)
    .set({ deletedAt: sql`coalesce(${pets.deletedAt}, now())`, allergies: '', notes: '', breed: null, birthDate: null })
    .where(eq(pets.userId, userId));

/** LGPD export: every pet of the user, hidden ones too. */
export const exportOf = (db: Db, userId: number) =>
  db.select().from(pets).where(eq(pets.userId, userId)).orderBy(asc(pets.id));
