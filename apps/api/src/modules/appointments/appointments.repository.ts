import {
  ACTIVE_APPOINTMENT_STATUSES,
  APPOINTMENT_STATUS,
  type AppointmentStatus,
  type BusinessMoment,
  type BusyTime,
  PAID_WITH_PACKAGE,
  type PaginationQuery,
  type PetSize,
} from '@petshop/domain';
import { and, asc, count, desc, eq, inArray, isNull, ne, notInArray, type SQL, sql } from 'drizzle-orm';
import type { Db, Executor, Tx } from '../../db/client';
import { appointments, employees, pets, services, stores, users } from '../../db/schema';
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

export const setStatus = async (tx: Tx, id: number, status: AppointmentStatus, note: string | undefined) => {
  await tx
    .update(appointments)
    .set(note === undefined ? { status } : { status, staffNote: note })
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
