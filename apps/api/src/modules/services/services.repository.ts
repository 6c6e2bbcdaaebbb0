import type { BusinessMoment, PaginationQuery } from '@petshop/domain';
import { and, asc, count, eq, exists, isNull } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { appointments, employees, services } from '../../db/schema';
import { upcomingAppointment } from '../../db/upcoming-appointment';

const columns = {
  id: services.id,
  name: services.name,
  description: services.description,
  priceCents: services.priceCents,
  priceSmallCents: services.priceSmallCents,
  priceMediumCents: services.priceMediumCents,
  priceLargeCents: services.priceLargeCents,
  durationMinutes: services.durationMinutes,
};

const active = isNull(services.archivedAt);

export type ServiceRow = NonNullable<Awaited<ReturnType<typeof findService>>>;

export const listServices = (db: Db, { limit, offset }: PaginationQuery) =>
  db.select(columns).from(services).where(active).orderBy(asc(services.id)).limit(limit).offset(offset);

export const countServices = async (db: Db) =>
  (await db.select({ n: count() }).from(services).where(active))[0]?.n ?? 0;

export const findService = async (db: Db | Tx, id: number) =>
  (
    await db
      .select(columns)
      .from(services)
      .where(and(eq(services.id, id), active))
  )[0];

export type ServiceValues = Pick<
  typeof services.$inferInsert,
  'name' | 'description' | 'priceCents' | 'priceSmallCents' | 'priceMediumCents' | 'priceLargeCents' | 'durationMinutes'
>;

export const insertService = async (db: Db | Tx, values: ServiceValues) =>
  (await db.insert(services).values(values).returning({ id: services.id }))[0];

export const updateService = async (db: Db | Tx, id: number, values: ServiceValues) =>
  (
    await db
      .update(services)
      .set(values)
      .where(and(eq(services.id, id), active))
      .returning({ id: services.id })
  )[0];

/** Locks the live service so a parallel booking or employee change waits for the delete or sees it gone. */
export const lockActiveService = async (tx: Tx, id: number) =>
  (
    await tx
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.id, id), active))
      .for('update')
  )[0];

/** Whether an appointment with it is still to come (blocks deletion). */
export const hasUpcomingAppointments = async (tx: Tx, id: number, now: BusinessMoment) => {
  const [row] = await tx
    .select({ id: appointments.id })
    .from(appointments)
    .where(and(eq(appointments.serviceId, id), upcomingAppointment(now)))
    .limit(1);
  return row !== undefined;
};

export const isReferenced = async (tx: Tx, id: number) => {
  const [row] = await tx
    .select({
      byEmployees: exists(tx.select({ id: employees.id }).from(employees).where(eq(employees.serviceId, id))),
      byAppointments: exists(
        tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.serviceId, id)),
      ),
    })
    .from(services)
    .where(eq(services.id, id));
  return Boolean(row?.byEmployees || row?.byAppointments);
};

export const archiveService = async (tx: Tx, id: number) => {
  await tx.update(services).set({ archivedAt: new Date() }).where(eq(services.id, id));
};

export const deleteService = async (tx: Tx, id: number) => {
  await tx.delete(services).where(eq(services.id, id));
};
