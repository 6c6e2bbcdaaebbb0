import { APPOINTMENT_STATUS, type AppointmentStatus, type BusinessMoment } from '@petshop/domain';
import { and, asc, between, count, desc, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { appointments, employees, pets, petVaccines, petWeights, services } from '../../db/schema';

const vaccineColumns = {
  id: petVaccines.id,
  name: petVaccines.name,
  appliedOn: petVaccines.appliedOn,
  nextDueOn: petVaccines.nextDueOn,
};

export const listVaccines = (db: Db, petId: number) =>
  db
    .select(vaccineColumns)
    .from(petVaccines)
    .where(eq(petVaccines.petId, petId))
    .orderBy(desc(petVaccines.appliedOn), desc(petVaccines.id));

export const countVaccines = async (db: Executor, petId: number) =>
  (await db.select({ n: count() }).from(petVaccines).where(eq(petVaccines.petId, petId)))[0]?.n ?? 0;

export type VaccineValues = Pick<typeof petVaccines.$inferInsert, 'name' | 'appliedOn' | 'nextDueOn'>;

export const insertVaccine = async (db: Executor, petId: number, values: VaccineValues) =>
  (
    await db
      .insert(petVaccines)
      .values({ ...values, petId })
      .returning(vaccineColumns)
  )[0];

export const deleteVaccine = async (tx: Tx, petId: number, id: number) =>
  (
    await tx
      .delete(petVaccines)
      .where(and(eq(petVaccines.id, id), eq(petVaccines.petId, petId)))
      .returning(vaccineColumns)
  )[0];

/** Vaccines of live pets whose next dose falls between two dates, soonest first, with what their reminder shows. */
export const listDueVaccines = (db: Db, from: string, to: string) =>
  db
    .select({
      vaccineId: petVaccines.id,
      userId: pets.userId,
      petName: pets.name,
      vaccineName: petVaccines.name,
      dueOn: sql<string>`${petVaccines.nextDueOn}`,
    })
    .from(petVaccines)
    .innerJoin(pets, eq(pets.id, petVaccines.petId))
    .where(and(isNull(pets.deletedAt), between(petVaccines.nextDueOn, from, to)))
    .orderBy(asc(petVaccines.nextDueOn), asc(petVaccines.id));

/** The owner of a vaccine still on a live pet and still due on that date. */
export const findVaccineOwner = async (db: Db, vaccineId: number, dueOn: string) =>
  (
    await db
      .select({ userId: pets.userId })
      .from(petVaccines)
      .innerJoin(pets, eq(pets.id, petVaccines.petId))
      .where(and(eq(petVaccines.id, vaccineId), eq(petVaccines.nextDueOn, dueOn), isNull(pets.deletedAt)))
  )[0]?.userId;

const weightColumns = { id: petWeights.id, kg: petWeights.kg, measuredOn: petWeights.measuredOn };

/** Oldest first: the order a trend is read in. */
export const listWeights = (db: Db, petId: number) =>
  db
    .select(weightColumns)
    .from(petWeights)
    .where(eq(petWeights.petId, petId))
    .orderBy(asc(petWeights.measuredOn), asc(petWeights.id));

export const countWeights = async (db: Executor, petId: number) =>
  (await db.select({ n: count() }).from(petWeights).where(eq(petWeights.petId, petId)))[0]?.n ?? 0;

export const insertWeight = async (db: Executor, petId: number, values: { kg: number; measuredOn: string }) =>
  (
    await db
      .insert(petWeights)
      .values({ ...values, petId })
      .returning(weightColumns)
  )[0];

/**
 * Appointments of the pet that were not cancelled and have started by `now` or that the staff
 * already took in (in progress or done, e.g. a pet seen before its booked time), newest first.
 */
export const listPastVisits = (db: Db, petId: number, now: BusinessMoment) =>
  db
    .select({
      id: appointments.id,
      appointment_date: appointments.appointmentDate,
      appointment_time: appointments.appointmentTime,
      status: sql<AppointmentStatus>`${appointments.status}`,
      service: { id: services.id, name: services.name },
      employer: { id: employees.id, name: employees.name },
      priceCents: appointments.priceCents,
      note: appointments.staffNote,
      noteForCustomer: appointments.noteForCustomer,
    })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(employees, eq(employees.id, appointments.employeeId))
    .where(
      and(
        eq(appointments.petId, petId),
        ne(appointments.status, APPOINTMENT_STATUS.cancelled),
        or(
          sql`(${appointments.appointmentDate}, ${appointments.appointmentTime}) <= (${now.date}::date, ${now.time})`,
          inArray(appointments.status, [APPOINTMENT_STATUS.inProgress, APPOINTMENT_STATUS.done]),
        ),
      ),
    )
    .orderBy(desc(appointments.appointmentDate), desc(appointments.appointmentTime))
    .limit(200);

const petsOf = (tx: Executor, userId: number) => tx.select({ id: pets.id }).from(pets).where(eq(pets.userId, userId));

/** LGPD erasure: the health records of every pet of the user. */
export async function deleteRecordsOf(tx: Tx, userId: number) {
  await tx.delete(petVaccines).where(inArray(petVaccines.petId, petsOf(tx, userId)));
  await tx.delete(petWeights).where(inArray(petWeights.petId, petsOf(tx, userId)));
}

/** LGPD export: vaccines and weights of the given pets. */
export const exportRecordsOf = async (db: Db, petIds: number[]) =>
  petIds.length === 0
    ? { vaccines: [], weights: [] }
    : {
        vaccines: await db
          .select()
          .from(petVaccines)
          .where(inArray(petVaccines.petId, petIds))
          .orderBy(asc(petVaccines.id)),
        weights: await db
          .select()
          .from(petWeights)
          .where(inArray(petWeights.petId, petIds))
          .orderBy(asc(petWeights.id)),
      };
