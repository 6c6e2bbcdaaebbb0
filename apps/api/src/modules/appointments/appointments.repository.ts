import { APPOINTMENT_STATUS, type BusinessMoment, type PaginationQuery } from '@petshop/domain';
import { and, asc, count, eq, isNull, ne, type SQL, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appointments, employees, pets, services } from '../../db/schema';
import { upcomingAppointment } from '../../db/upcoming-appointment';

type Executor = Db | Tx;

const viewColumns = {
  id: appointments.id,
  userId: appointments.userId,
  date: appointments.appointmentDate,
  time: appointments.appointmentTime,
  petId: appointments.petId,
  serviceId: appointments.serviceId,
  employeeId: appointments.employeeId,
  status: appointments.status,
  serviceName: services.name,
  employeeName: employees.name,
  petName: pets.name,
};

const selectViews = <T extends Record<string, SQL.Aliased | SQL>>(db: Executor, extra: T) =>
  db
    .select({ ...viewColumns, ...extra })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(employees, eq(employees.id, appointments.employeeId))
    .innerJoin(pets, eq(pets.id, appointments.petId));

const chronological = [asc(appointments.appointmentDate), asc(appointments.appointmentTime), asc(appointments.id)];

/** Not started yet, as seen on the São Paulo clock. */

export type AppointmentRow = NonNullable<Awaited<ReturnType<typeof findAppointment>>>;

export const findAppointment = async (db: Executor, id: number) =>
  (await selectViews(db, {}).where(eq(appointments.id, id)))[0];

export const listActiveOf = (db: Db, userId: number) =>
  selectViews(db, {})
    .where(and(eq(appointments.userId, userId), eq(appointments.status, APPOINTMENT_STATUS.active)))
    .orderBy(...chronological);

export const listUpcoming = (db: Db, now: BusinessMoment, { limit, offset }: PaginationQuery) =>
  selectViews(db, { total: sql<number>`count(*) over ()`.mapWith(Number) })
    .where(upcomingAppointment(now))
    .orderBy(...chronological)
    .limit(limit)
    .offset(offset);

export const countUpcoming = async (db: Db, now: BusinessMoment) =>
  (await db.select({ n: count() }).from(appointments).where(upcomingAppointment(now)))[0]?.n ?? 0;

/** The caller's live pet, share-locked so a parallel delete of the pet waits for this booking. */
export const findOwnPet = async (tx: Tx, userId: number, petId: number) =>
  (
    await tx
      .select({ id: pets.id })
      .from(pets)
      .where(and(eq(pets.id, petId), eq(pets.userId, userId), isNull(pets.deletedAt)))
      .for('share')
  )[0];

export const activeServiceExists = async (tx: Tx, id: number) =>
  (
    await tx
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.id, id), isNull(services.archivedAt)))
  ).length > 0;

/**
 * Share lock on the live employee: an archive or change of service (which takes FOR UPDATE)
 * waits for this booking to commit, then sees it.
 */
export const lockLiveEmployee = async (tx: Tx, id: number) =>
  (
    await tx
      .select({ id: employees.id, serviceId: employees.serviceId })
      .from(employees)
      .where(and(eq(employees.id, id), isNull(employees.archivedAt)))
      .for('share')
  )[0];

export const findLiveEmployee = async (db: Db, id: number) =>
  (
    await db
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.id, id), isNull(employees.archivedAt)))
  )[0];

interface Slot {
  date: string;
  time: string;
  /** the appointment being moved, which does not collide with itself */
  exceptId?: number;
}

const activeAt = ({ date, time, exceptId }: Slot) =>
  and(
    eq(appointments.status, APPOINTMENT_STATUS.active),
    eq(appointments.appointmentDate, date),
    eq(appointments.appointmentTime, time),
    exceptId === undefined ? undefined : ne(appointments.id, exceptId),
  );

/** A fast, friendly answer; the partial unique indexes are what decide under concurrency. */
export const slotTaken = async (tx: Tx, slot: Slot & { employeeId: number; petId: number }) => {
  const [row] = await tx
    .select({
      employee: sql<boolean>`bool_or(${appointments.employeeId} = ${slot.employeeId})`,
      pet: sql<boolean>`bool_or(${appointments.petId} = ${slot.petId})`,
    })
    .from(appointments)
    .where(activeAt(slot));
  return { employee: row?.employee === true, pet: row?.pet === true };
};

export const takenTimes = async (db: Db, employeeId: number, date: string) =>
  (
    await db
      .select({ time: appointments.appointmentTime })
      .from(appointments)
      .where(
        and(
          eq(appointments.employeeId, employeeId),
          eq(appointments.status, APPOINTMENT_STATUS.active),
          eq(appointments.appointmentDate, date),
        ),
      )
  ).map((r) => r.time);

export type AppointmentValues = Pick<
  typeof appointments.$inferInsert,
  'userId' | 'petId' | 'serviceId' | 'employeeId' | 'appointmentDate' | 'appointmentTime'
>;

export const insertAppointment = async (tx: Tx, values: AppointmentValues) =>
  (await tx.insert(appointments).values(values).returning({ id: appointments.id }))[0];

/** Serialises reschedules and cancellations of one appointment. */
export const lockAppointment = async (tx: Tx, id: number) =>
  (
    await tx
      .select({
        id: appointments.id,
        userId: appointments.userId,
        petId: appointments.petId,
        employeeId: appointments.employeeId,
        date: appointments.appointmentDate,
        time: appointments.appointmentTime,
        status: appointments.status,
      })
      .from(appointments)
      .where(eq(appointments.id, id))
      .for('update')
  )[0];

export const moveAppointment = async (tx: Tx, id: number, date: string, time: string) => {
  await tx.update(appointments).set({ appointmentDate: date, appointmentTime: time }).where(eq(appointments.id, id));
};

export const cancelAppointment = async (tx: Tx, id: number) => {
  await tx.update(appointments).set({ status: APPOINTMENT_STATUS.cancelled }).where(eq(appointments.id, id));
};
