import { CYCLE_STATUS, type PetSize, SUBSCRIPTION_STATUS } from '@petshop/domain';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import {
  appointments,
  employees,
  pets,
  plans,
  services,
  subscriptionCycles,
  subscriptionDates,
  subscriptions,
  users,
} from '../../db/schema';

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

// Dates of a series

/** Claims a date of the series: undefined when it was claimed already (by this or another instance). */
export const claimDate = async (tx: Tx, subscriptionId: number, onDate: string) =>
  (
    await tx
      .insert(subscriptionDates)
      .values({ subscriptionId, onDate, state: 'pendente' })
      .onConflictDoNothing()
      .returning({ onDate: subscriptionDates.onDate })
  )[0];

export const setDate = async (
  tx: Tx,
  subscriptionId: number,
  onDate: string,
  state: 'agendado' | 'a remarcar' | 'liberado',
  appointmentId: number | null,
) => {
  await tx
    .update(subscriptionDates)
    .set({ state, appointmentId })
    .where(and(eq(subscriptionDates.subscriptionId, subscriptionId), eq(subscriptionDates.onDate, onDate)));
};

export const datesFrom = (db: Executor, subscriptionIds: number[], from: string) =>
  subscriptionIds.length === 0
    ? Promise.resolve([])
    : db
        .select({
          subscriptionId: subscriptionDates.subscriptionId,
          onDate: subscriptionDates.onDate,
          state: subscriptionDates.state,
          appointmentId: subscriptionDates.appointmentId,
          time: appointments.appointmentTime,
          appointmentStatus: appointments.status,
        })
        .from(subscriptionDates)
        .leftJoin(appointments, eq(appointments.id, subscriptionDates.appointmentId))
        .where(and(inArray(subscriptionDates.subscriptionId, subscriptionIds), gte(subscriptionDates.onDate, from)))
        .orderBy(asc(subscriptionDates.onDate));

/** Drops the future dates (after a pause or a change of weekday): booking ahead claims them afresh. */
export const dropDatesFrom = async (tx: Tx, subscriptionId: number, from: string) => {
  await tx
    .delete(subscriptionDates)
    .where(and(eq(subscriptionDates.subscriptionId, subscriptionId), gte(subscriptionDates.onDate, from)));
};

/** The last date claimed of each active subscription whose booking does not reach `horizon` yet. */
export const behindHorizon = (db: Executor, horizon: string, afterId: number, limit: number) =>
  db
    .select({ id: subscriptions.id })
    .from(subscriptions)
    .where(
      and(
        gt(subscriptions.id, afterId),
        inArray(subscriptions.status, [SUBSCRIPTION_STATUS.active, SUBSCRIPTION_STATUS.awaiting]),
        sql`coalesce((select max(${subscriptionDates.onDate}) from ${subscriptionDates} where ${subscriptionDates.subscriptionId} = ${subscriptions.id}), ${subscriptions.anchorDate} - 1) < ${horizon}::date - case ${subscriptions.frequency} when 'SEMANAL' then 7 when 'QUINZENAL' then 14 else 28 end`,
      ),
    )
    .orderBy(asc(subscriptions.id))
    .limit(limit);

// Cycles

export type CycleRow = typeof subscriptionCycles.$inferSelect;

/** The dates of active subscriptions in [from, to] with no cycle yet: the charges to send. */
export const datesToCharge = (db: Executor, today: string, from: string, to: string, limit: number) =>
  db
    .select({ subscription: subscriptions, onDate: subscriptionDates.onDate })
    .from(subscriptionDates)
    .innerJoin(subscriptions, eq(subscriptions.id, subscriptionDates.subscriptionId))
    .where(
      and(
        eq(subscriptions.status, SUBSCRIPTION_STATUS.active),
        inArray(subscriptionDates.state, ['agendado', 'a remarcar']),
        // Pix Automático: 2 to 10 days ahead, once authorised; a saved card: from 2 days ahead to the date.
        sql`((${subscriptions.recStatus} = 'APROVADA' and ${subscriptionDates.onDate} between ${from}::date and ${to}::date)
          or (${subscriptions.cardId} is not null and ${subscriptionDates.onDate} between ${today}::date and ${from}::date))`,
        sql`not exists (select 1 from ${subscriptionCycles} c where c.subscription_id = ${subscriptions.id} and c.due_on = ${subscriptionDates.onDate})`,
      ),
    )
    .orderBy(asc(subscriptionDates.onDate), asc(subscriptions.id))
    .limit(limit);

/** Creates the cycle once: undefined when another run created it. */
export const insertCycle = async (tx: Executor, values: typeof subscriptionCycles.$inferInsert) =>
  (await tx.insert(subscriptionCycles).values(values).onConflictDoNothing().returning())[0];

export const findCycleByPspPayment = async (db: Executor, pspPaymentId: string) =>
  (await db.select().from(subscriptionCycles).where(eq(subscriptionCycles.pspPaymentId, pspPaymentId)))[0];

export const findCycleByTxid = async (db: Executor, txid: string) =>
  (await db.select().from(subscriptionCycles).where(eq(subscriptionCycles.txid, txid)))[0];

/** Moves a cycle from one status to another: undefined when it was not in `from` any more (another run moved it). */
export const moveCycle = async (
  db: Executor,
  id: number,
  from: readonly string[],
  values: Partial<Pick<CycleRow, 'status' | 'attempts' | 'retryOn' | 'failure' | 'paidAt' | 'pspPaymentId'>>,
) =>
  (
    await db
      .update(subscriptionCycles)
      .set(values)
      .where(and(eq(subscriptionCycles.id, id), inArray(subscriptionCycles.status, [...from])))
      .returning()
  )[0];

export const cyclesInStatus = (db: Executor, statuses: readonly string[], dueBy: string, limit: number, afterId = 0) =>
  db
    .select()
    .from(subscriptionCycles)
    .where(
      and(
        inArray(subscriptionCycles.status, [...statuses]),
        lte(subscriptionCycles.dueOn, dueBy),
        gt(subscriptionCycles.id, afterId),
      ),
    )
    .orderBy(asc(subscriptionCycles.id))
    .limit(limit);

/** Failed cycles whose next retry is due. */
export const retriesDue = (db: Executor, today: string, limit: number) =>
  db
    .select()
    .from(subscriptionCycles)
    .where(and(eq(subscriptionCycles.status, CYCLE_STATUS.failed), lte(subscriptionCycles.retryOn, today)))
    .orderBy(asc(subscriptionCycles.retryOn), asc(subscriptionCycles.id))
    .limit(limit);

export const cyclesOf = (db: Executor, subscriptionIds: number[]) =>
  subscriptionIds.length === 0
    ? Promise.resolve([] as CycleRow[])
    : db
        .select()
        .from(subscriptionCycles)
        .where(inArray(subscriptionCycles.subscriptionId, subscriptionIds))
        .orderBy(asc(subscriptionCycles.dueOn));

/** Open charges from a date on (to cancel at the PSP on pause or cancellation). */
export const openCyclesFrom = (db: Executor, subscriptionId: number, from: string) =>
  db
    .select()
    .from(subscriptionCycles)
    .where(
      and(
        eq(subscriptionCycles.subscriptionId, subscriptionId),
        gte(subscriptionCycles.dueOn, from),
        inArray(subscriptionCycles.status, [CYCLE_STATUS.pending, CYCLE_STATUS.charged]),
      ),
    );

export const awaitingAuthorization = (db: Executor, limit: number) =>
  db
    .select()
    .from(subscriptions)
    .where(and(eq(subscriptions.status, SUBSCRIPTION_STATUS.awaiting), sql`${subscriptions.idRec} is not null`))
    .orderBy(asc(subscriptions.id))
    .limit(limit);

/** Dashboard figures. */
export const revenueFigures = async (db: Executor, since: Date) => {
  const [row] = await db
    .select({
      active: sql<number>`count(*) filter (where ${subscriptions.status} = ${SUBSCRIPTION_STATUS.active})::int`,
      suspended: sql<number>`count(*) filter (where ${subscriptions.status} = ${SUBSCRIPTION_STATUS.suspended})::int`,
      monthlyCents: sql<number>`coalesce(sum(case ${subscriptions.frequency} when 'SEMANAL' then ${subscriptions.priceCents} * 52 / 12.0 when 'QUINZENAL' then ${subscriptions.priceCents} * 26 / 12.0 else ${subscriptions.priceCents} end) filter (where ${subscriptions.status} = ${SUBSCRIPTION_STATUS.active}), 0)::float8`,
    })
    .from(subscriptions);
  const [paid] = await db
    .select({ cents: sql<number>`coalesce(sum(${subscriptionCycles.amountCents}), 0)::int` })
    .from(subscriptionCycles)
    .where(and(eq(subscriptionCycles.status, CYCLE_STATUS.paid), gte(subscriptionCycles.paidAt, since)));
  return {
    active: row?.active ?? 0,
    suspended: row?.suspended ?? 0,
    monthlyCents: row?.monthlyCents ?? 0,
    paidCents: paid?.cents ?? 0,
  };
};

export const countViews = async (db: Executor, status: string | undefined) =>
  (
    await db
      .select({ n: sql<number>`count(*)::int` })
      .from(subscriptions)
      .where(status ? eq(subscriptions.status, status) : undefined)
  )[0]?.n ?? 0;

/** LGPD export: the person's subscriptions as stored, with their plan's name, dates and charges. */
export async function exportOf(db: Executor, userId: number) {
  const rows = await db
    .select({ subscription: subscriptions, planName: plans.name })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.userId, userId))
    .orderBy(asc(subscriptions.id));
  const ids = rows.map((r) => r.subscription.id);
  const [dates, cycles] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select()
          .from(subscriptionDates)
          .where(inArray(subscriptionDates.subscriptionId, ids))
          .orderBy(asc(subscriptionDates.onDate)),
    cyclesOf(db, ids),
  ]);
  return rows.map(({ subscription, planName }) => ({
    ...subscription,
    planName,
    dates: dates.filter((d) => d.subscriptionId === subscription.id).map(({ subscriptionId: _, ...d }) => d),
    cycles: cycles.filter((c) => c.subscriptionId === subscription.id).map(({ subscriptionId: _, ...c }) => c),
  }));
}
