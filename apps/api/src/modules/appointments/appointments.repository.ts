import {
  ACTIVE_APPOINTMENT_STATUSES,
  APPOINTMENT_STATUS,
  type AppointmentStatus,
  type BusinessMoment,
  PAID_WITH_PACKAGE,
  type PaginationQuery,
  type PetSize,
} from '@petshop/domain';
import { and, asc, count, desc, eq, inArray, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { appointments, employees, pets, services, users } from '../../db/schema';
import { activeAppointment, upcomingAppointment } from '../../db/upcoming-appointment';

const viewColumns = {
  id: appointments.id,
  userId: appointments.userId,
  date: appointments.appointmentDate,
  time: appointments.appointmentTime,
  petId: appointments.petId,
  serviceId: appointments.serviceId,
  employeeId: appointments.employeeId,
  storeId: appointments.storeId,
  status: appointments.status,
  priceCents: appointments.priceCents,
  paidWith: appointments.paidWith,
  durationMinutes: appointments.durationMinutes,
  note: appointments.staffNote,
  noteForCustomer: appointments.noteForCustomer,
  serviceName: services.name,
  employeeName: employees.name,
  petName: pets.name,
  petSize: sql<PetSize>`${pets.size}`,
};

const selectViews = <T extends Record<string, SQL.Aliased | SQL>>(db: Executor, extra: T) =>
  db
    .select({ ...viewColumns, ...extra })
    .from(appointments)
    .innerJoin(services, eq(services.id, appointments.serviceId))
    .innerJoin(employees, eq(employees.id, appointments.employeeId))
    .innerJoin(pets, eq(pets.id, appointments.petId));

const chronological = [asc(appointments.appointmentDate), asc(appointments.appointmentTime), asc(appointments.id)];

export type AppointmentRow = NonNullable<Awaited<ReturnType<typeof findAppointment>>>;

export const findAppointment = async (db: Executor, id: number) =>
  (await selectViews(db, {}).where(eq(appointments.id, id)))[0];

/** Scheduled appointments not started at `now` that start by `horizon`: the ones a reminder is due for. */
export const listStartingBy = (db: Db, now: BusinessMoment, horizon: BusinessMoment) =>
  db
    .select({ id: appointments.id, date: appointments.appointmentDate, time: appointments.appointmentTime })
    .from(appointments)
    .where(
      and(
        upcomingAppointment(now),
        sql`(${appointments.appointmentDate}, ${appointments.appointmentTime}) <= (${horizon.date}::date, ${horizon.time})`,
      ),
    )
    .orderBy(...chronological);

/** Whether the appointment is still scheduled at this slot and has not started at `now`. */
export const isUpcomingAt = async (db: Db, id: number, date: string, time: string, now: BusinessMoment) =>
  (
    await db
      .select({ id: appointments.id })
      .from(appointments)
      .where(
        and(
          eq(appointments.id, id),
          eq(appointments.appointmentDate, date),
          eq(appointments.appointmentTime, time),
          upcomingAppointment(now),
        ),
      )
  ).length > 0;

export const listActiveOf = (db: Db, userId: number) =>
  selectViews(db, {})
    .where(and(eq(appointments.userId, userId), activeAppointment()))
    .orderBy(...chronological);

/** Done, missed or cancelled: what the customer's history tab lists. */
const closedAppointment = () => notInArray(appointments.status, [...ACTIVE_APPOINTMENT_STATUSES]);

/** The caller's closed appointments, the latest first; `total` counts them all (window function). */
export const listClosedOf = (db: Db, userId: number, { limit, offset }: PaginationQuery) =>
  selectViews(db, { total: sql<number>`count(*) over ()`.mapWith(Number) })
    .where(and(eq(appointments.userId, userId), closedAppointment()))
    .orderBy(desc(appointments.appointmentDate), desc(appointments.appointmentTime), desc(appointments.id))
    .limit(limit)
    .offset(offset);

export const countClosedOf = async (db: Db, userId: number) =>
  (
    await db
      .select({ n: count() })
      .from(appointments)
      .where(and(eq(appointments.userId, userId), closedAppointment()))
  )[0]?.n ?? 0;

/** The staff's list: today and later, whatever happened to them, except the cancelled ones. */
const onStaffList = (now: BusinessMoment, storeIds?: readonly number[]) =>
  and(
    sql`${appointments.appointmentDate} >= ${now.date}::date`,
    ne(appointments.status, APPOINTMENT_STATUS.cancelled),
    storeIds === undefined ? undefined : inArray(appointments.storeId, [...storeIds]),
  );

/** `storeIds`: only appointments of these stores (a manager's or receptionist's); every store without it. */
export const listUpcoming = (
  db: Db,
  now: BusinessMoment,
  { limit, offset }: PaginationQuery,
  storeIds?: readonly number[],
) =>
  selectViews(db, {
    total: sql<number>`count(*) over ()`.mapWith(Number),
    customerName: sql<string>`${users.name}`,
    customerPhone: sql<string>`${users.phone}`,
  })
    .innerJoin(users, eq(users.id, appointments.userId))
    .where(onStaffList(now, storeIds))
    .orderBy(...chronological)
    .limit(limit)
    .offset(offset);

export const countUpcoming = async (db: Db, now: BusinessMoment, storeIds?: readonly number[]) =>
  (await db.select({ n: count() }).from(appointments).where(onStaffList(now, storeIds)))[0]?.n ?? 0;

/** A package credit paid it: nothing more to pay at the shop. */
export const markPaidWithPackage = async (tx: Tx, id: number) => {
  await tx.update(appointments).set({ priceCents: 0, paidWith: PAID_WITH_PACKAGE }).where(eq(appointments.id, id));
};

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
        durationMinutes: appointments.durationMinutes,
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

export const setStatus = async (
  tx: Tx,
  id: number,
  status: AppointmentStatus,
  note: string | undefined,
  noteForCustomer: boolean | undefined,
) => {
  await tx
    .update(appointments)
    .set({
      status,
      ...(note !== undefined && { staffNote: note, noteForCustomer: noteForCustomer ?? false }),
      ...(note === undefined && noteForCustomer !== undefined && { noteForCustomer }),
    })
    .where(eq(appointments.id, id));
};

/** LGPD erasure: the user's booked times are freed; past appointments stay for the books. */
export const cancelActiveOf = (tx: Tx, userId: number) =>
  tx
    .update(appointments)
    .set({ status: APPOINTMENT_STATUS.cancelled })
    .where(and(eq(appointments.userId, userId), activeAppointment()));

/** LGPD export: every appointment of the user with the service, employee and pet by name. */
export const exportOf = async (db: Db, userId: number) =>
  (
    await db
      .select({ appointment: appointments, service: services.name, employee: employees.name, pet: pets.name })
      .from(appointments)
      .innerJoin(services, eq(services.id, appointments.serviceId))
      .innerJoin(employees, eq(employees.id, appointments.employeeId))
      .innerJoin(pets, eq(pets.id, appointments.petId))
      .where(eq(appointments.userId, userId))
      .orderBy(asc(appointments.id))
  ).map(({ appointment, service, employee, pet }) => ({ ...appointment, service, employee, pet }));
