import { type PetSize, SUBSCRIPTION_STATUS } from '@petshop/domain';
import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { employees, pets, plans, services, subscriptions, users } from '../../db/schema';

const planColumns = {
  id: plans.id,
  name: plans.name,
  serviceId: plans.serviceId,
  serviceName: services.name,
  size: sql<PetSize>`${plans.size}`,
  frequency: plans.frequency,
  priceCents: plans.priceCents,
  active: plans.active,
};

export const listPlans = (db: Executor, activeOnly: boolean) =>
  db
    .select(planColumns)
    .from(plans)
    .innerJoin(services, eq(services.id, plans.serviceId))
    .where(activeOnly ? and(eq(plans.active, true), isNull(services.archivedAt)) : undefined)
    .orderBy(asc(plans.priceCents), asc(plans.id));

export const findPlan = async (db: Executor, id: number) =>
  (
    await db
      .select(planColumns)
      .from(plans)
      .innerJoin(services, eq(services.id, plans.serviceId))
      .where(eq(plans.id, id))
  )[0];

export type PlanValues = Pick<
  typeof plans.$inferInsert,
  'name' | 'serviceId' | 'size' | 'frequency' | 'priceCents' | 'active'
>;

export const insertPlan = async (db: Executor, values: PlanValues) =>
  (await db.insert(plans).values(values).returning({ id: plans.id }))[0];

export const updatePlan = async (db: Executor, id: number, values: PlanValues) =>
  (await db.update(plans).set(values).where(eq(plans.id, id)).returning({ id: plans.id }))[0];

export const serviceExists = async (db: Executor, id: number) =>
  (
    await db
      .select({ id: services.id })
      .from(services)
      .where(and(eq(services.id, id), isNull(services.archivedAt)))
  ).length > 0;

/** The caller's live pet. */
export const findOwnPet = async (db: Executor, userId: number, petId: number) =>
  (
    await db
      .select({ id: pets.id, size: sql<PetSize>`${pets.size}` })
      .from(pets)
      .where(and(eq(pets.id, petId), eq(pets.userId, userId), isNull(pets.deletedAt)))
  )[0];

/** Live employees who do the service, by id. */
export const employeesFor = (db: Executor, serviceId: number) =>
  db
    .select({ id: employees.id, storeId: employees.storeId })
    .from(employees)
    .where(and(eq(employees.serviceId, serviceId), isNull(employees.archivedAt)))
    .orderBy(asc(employees.id));

export const payerOf = async (db: Executor, userId: number) =>
  (
    await db
      // '' for a staff account made by an invitation, which has no CPF until its owner adds one
      .select({ name: users.name, cpf: sql<string>`coalesce(${users.cpf}, '')`, email: users.email })
      .from(users)
      .where(eq(users.id, userId))
  )[0];

export type SubscriptionValues = typeof subscriptions.$inferInsert;

export const insertSubscription = async (tx: Tx, values: SubscriptionValues) =>
  (await tx.insert(subscriptions).values(values).returning())[0];

export type SubscriptionRow = typeof subscriptions.$inferSelect;

export const lockSubscription = async (tx: Tx, id: number) =>
  (await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update'))[0];

/** Locks it unless another instance holds it: that one is doing the work. */
export const lockSubscriptionIfFree = async (tx: Tx, id: number) =>
  (await tx.select().from(subscriptions).where(eq(subscriptions.id, id)).for('update', { skipLocked: true }))[0];

export const findSubscription = async (db: Executor, id: number) =>
  (await db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0];

export const findByIdRec = async (db: Executor, idRec: string) =>
  (await db.select().from(subscriptions).where(eq(subscriptions.idRec, idRec)))[0];

export const setSubscription = async (
  db: Executor,
  id: number,
  values: Partial<
    Pick<
      SubscriptionValues,
      | 'status'
      | 'weekday'
      | 'time'
      | 'anchorDate'
      | 'idRec'
      | 'recStatus'
      | 'recCopiaECola'
      | 'cardCustomerId'
      | 'cardId'
    >
  >,
) => {
  await db
    .update(subscriptions)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(subscriptions.id, id));
};

/** For the views: the subscriptions with their plan, pet, customer and employee names. */
const viewColumns = {
  subscription: subscriptions,
  planName: plans.name,
  petName: pets.name,
  customerName: users.name,
  employeeName: employees.name,
};
const selectViews = (db: Executor) =>
  db
    .select(viewColumns)
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .innerJoin(pets, eq(pets.id, subscriptions.petId))
    .innerJoin(users, eq(users.id, subscriptions.userId))
    .innerJoin(employees, eq(employees.id, subscriptions.employeeId));
export type SubscriptionViewRow = Awaited<ReturnType<typeof findView>>;

export const findView = async (db: Executor, id: number) => (await selectViews(db).where(eq(subscriptions.id, id)))[0];

export const listViewsOf = (db: Executor, userId: number) =>
  selectViews(db).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.id));

export const listViews = (db: Executor, status: string | undefined, limit: number, offset: number) =>
  selectViews(db)
    .where(status ? eq(subscriptions.status, status) : undefined)
    .orderBy(desc(subscriptions.id))
    .limit(limit)
    .offset(offset);

export const awaitingAuthorization = (db: Executor, limit: number) =>
  db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, SUBSCRIPTION_STATUS.awaiting), sql`${subscriptions.idRec} is not null`))
    .orderBy(asc(subscriptions.id))
    .limit(limit);

export const countViews = async (db: Executor, status: string | undefined) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptions)
      .where(status ? eq(subscriptions.status, status) : undefined)
  )[0]?.n ?? 0;

/** Dashboard figures of the subscriptions (what they brought in is the ledger's). */
export const revenueFigures = async (db: Executor) => {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${subscriptions.status} = ${SUBSCRIPTION_STATUS.active})::int`,
      suspended: sql<number>`count(*) filter (where ${subscriptions.status} = ${SUBSCRIPTION_STATUS.suspended})::int`,
      monthlyCents: sql<number>`coalesce(sum(case ${subscriptions.frequency} when 'SEMANAL' then ${subscriptions.priceCents} * 52 / 12.0 when 'QUINZENAL' then ${subscriptions.priceCents} * 26 / 12.0 else ${subscriptions.priceCents} end) filter (where ${subscriptions.status} = ${SUBSCRIPTION_STATUS.active}), 0)::float8`,
    })
    .from(subscriptions);
  return { active: row?.active ?? 0, suspended: row?.suspended ?? 0, monthlyCents: row?.monthlyCents ?? 0 };
};

/** The store whose money a subscription's cycles are: its employee's. */
export const storeOfEmployee = async (db: Executor, employeeId: number) =>
  (await db.select({ storeId: employees.storeId }).from(employees).where(eq(employees.id, employeeId)))[0]?.storeId ??
  null;
