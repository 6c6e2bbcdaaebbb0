import type { BusyTime, PetSize } from '@petshop/domain';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { appointments, employees, pets, services, stores } from '../../db/schema';
import { activeAppointment } from '../../db/upcoming-appointment';

// What a booking reads before it writes (pet, service, employee, the free span) and its insert:
// shared by a single booking and a series date (booking-rules.ts).

/** The caller's live pet, share-locked so a parallel delete of the pet waits for this booking. */
export const findOwnPet = async (tx: Tx, userId: number, petId: number) =>
  (
    await tx
      .select({ id: pets.id, size: sql<PetSize>`${pets.size}` })
      .from(pets)
      .where(and(eq(pets.id, petId), eq(pets.userId, userId), isNull(pets.deletedAt)))
      .for('share')
  )[0];

/** What a booking of the live service costs and how long it lasts, read as the booking commits. */
export const findActiveService = async (tx: Tx, id: number) =>
  (
    await tx
      .select({
        id: services.id,
        durationMinutes: services.durationMinutes,
        Pequeno: services.priceSmallCents,
        Médio: services.priceMediumCents,
        Grande: services.priceLargeCents,
      })
      .from(services)
      .where(and(eq(services.id, id), isNull(services.archivedAt)))
  )[0];

/**
 * Share lock on the live employee: an archive or change of service (which takes FOR UPDATE)
 * waits for this booking to commit, then sees it.
 */
export const lockLiveEmployee = async (tx: Tx, id: number) =>
  (
    await tx
      .select({ id: employees.id, serviceId: employees.serviceId, storeId: employees.storeId })
      .from(employees)
      .where(and(eq(employees.id, id), isNull(employees.archivedAt)))
      .for('share')
  )[0];

/** The live employee of a store open to customers, with the duration of the service they do (availability is per service). */
export const findLiveEmployee = async (db: Db, id: number) =>
  (
    await db
      .select({ id: employees.id, durationMinutes: services.durationMinutes })
      .from(employees)
      .innerJoin(services, eq(services.id, employees.serviceId))
      .innerJoin(stores, eq(stores.id, employees.storeId))
      .where(and(eq(employees.id, id), isNull(employees.archivedAt), eq(stores.active, true)))
  )[0];

interface Span {
  date: string;
  time: string;
  durationMinutes: number;
  /** the appointment being moved, which does not collide with itself */
  exceptId?: number;
}

/** Active appointments whose time shares a minute with the span (the exclusion constraints' test). */
const activeOverlapping = ({ date, time, durationMinutes, exceptId }: Span) =>
  and(
    activeAppointment(),
    sql`${appointments.during} && tsrange(${date}::date + ${time}::time, ${date}::date + ${time}::time + make_interval(mins => ${durationMinutes}::int))`,
    exceptId === undefined ? undefined : ne(appointments.id, exceptId),
  );

/** A fast, friendly answer; the exclusion constraints are what decide under concurrency. */
export const spanTaken = async (tx: Tx, span: Span & { employeeId: number; petId: number }) => {
  const [row] = await tx
    .select({
      employee: sql<boolean>`bool_or(${appointments.employeeId} = ${span.employeeId})`,
      pet: sql<boolean>`bool_or(${appointments.petId} = ${span.petId})`,
    })
    .from(appointments)
    .where(
      and(
        activeOverlapping(span),
        sql`(${appointments.employeeId} = ${span.employeeId} or ${appointments.petId} = ${span.petId})`,
      ),
    );
  return { employee: row?.employee === true, pet: row?.pet === true };
};

/** The employee's active appointments of the day, as start and duration. */
export const busyTimes = async (
  db: Executor,
  employeeId: number,
  date: string,
  exceptId?: number,
): Promise<BusyTime[]> =>
  db
    .select({ time: appointments.appointmentTime, durationMinutes: appointments.durationMinutes })
    .from(appointments)
    .where(
      and(
        eq(appointments.employeeId, employeeId),
        activeAppointment(),
        eq(appointments.appointmentDate, date),
        exceptId === undefined ? undefined : ne(appointments.id, exceptId),
      ),
    );

export type AppointmentValues = Pick<
  typeof appointments.$inferInsert,
  | 'userId'
  | 'petId'
  | 'serviceId'
  | 'employeeId'
  | 'appointmentDate'
  | 'appointmentTime'
  | 'durationMinutes'
  | 'priceCents'
>;

export const insertAppointment = async (tx: Tx, values: AppointmentValues) =>
  (await tx.insert(appointments).values(values).returning({ id: appointments.id }))[0];
