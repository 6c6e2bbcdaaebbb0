import {
  type BusinessMoment,
  businessMoment,
  CYCLE_STATUS,
  fromCents,
  type PaginationQuery,
  type PlanBody,
  type PlanFrequency,
  type PlanView,
  planBody,
  type RecurringRevenueView,
  ROLES,
  SUBSCRIPTION_STATUS,
  type SubscriptionPaymentMethod,
  type SubscriptionStatus,
  type SubscriptionView,
  toCents,
} from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { fieldError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { type Actor, recordChange } from '../audit/audit.service';
import { pixQrCode } from '../payments/payment-qr';
import { settledCycleCents } from '../payments/plan-payments';
import * as cycles from './cycles.repository';
import * as repo from './plans.repository';
import * as exportRepo from './plans-export.repository';
import * as dates from './subscription-dates.repository';

export const PLAN_NOT_FOUND = 'Plano não encontrado.';
export const SUBSCRIPTION_NOT_FOUND = 'Assinatura não encontrada.';

/** Pix Automático has no fortnightly periodicity: a QUINZENAL plan is a SEMANAL recurrence charged every other week. */
export const periodicidadeOf = (frequency: PlanFrequency) => (frequency === 'MENSAL' ? 'MENSAL' : 'SEMANAL');

const toPlan = (row: NonNullable<Awaited<ReturnType<typeof repo.findPlan>>>): PlanView => ({
  id: row.id,
  name: row.name,
  serviceId: row.serviceId,
  serviceName: row.serviceName,
  size: row.size,
  frequency: row.frequency as PlanFrequency,
  price: fromCents(row.priceCents),
  active: row.active,
});

export const listActivePlans = async (db: Db) => (await repo.listPlans(db, true)).map(toPlan);
export const listAllPlans = async (db: Db) => (await repo.listPlans(db, false)).map(toPlan);

async function planValues(db: Db, input: PlanBody): Promise<repo.PlanValues> {
  const body = planBody.parse(input);
  if (!(await repo.serviceExists(db, body.serviceId))) throw fieldError('serviceId', 'Selecione um serviço válido.');
  return {
    name: body.name,
    serviceId: body.serviceId,
    size: body.size,
    frequency: body.frequency,
    priceCents: toCents(body.price),
    active: body.active,
  };
}

export type PlanRow = NonNullable<Awaited<ReturnType<typeof repo.findPlan>>>;

export async function createPlan(db: Db, input: PlanBody, actor: Actor) {
  const values = await planValues(db, input);
  return db.transaction(async (tx) => {
    const created = await repo.insertPlan(tx, values);
    if (!created) throw new Error('insert returned nothing');
    const plan = toPlan((await repo.findPlan(tx, created.id)) as PlanRow);
    await recordChange(tx, actor, { action: 'create', entity: 'plan', entityId: plan.id, before: null, after: plan });
    return plan;
  });
}

/** A change applies to new subscriptions; those already running keep their price and frequency. */
export async function updatePlan(db: Db, id: number, input: PlanBody, actor: Actor) {
  const values = await planValues(db, input);
  return db.transaction(async (tx) => {
    const before = await repo.findPlan(tx, id);
    if (!before || !(await repo.updatePlan(tx, id, values))) throw notFound(PLAN_NOT_FOUND);
    const plan = toPlan((await repo.findPlan(tx, id)) as PlanRow);
    await recordChange(tx, actor, {
      action: 'update',
      entity: 'plan',
      entityId: id,
      before: toPlan(before),
      after: plan,
    });
    return plan;
  });
}

// Views

async function toViews(db: Db | Tx, rows: NonNullable<repo.SubscriptionViewRow>[], now: BusinessMoment) {
  const ids = rows.map((r) => r.subscription.id);
  const [known, charges] = await Promise.all([dates.datesFrom(db, ids, now.date), cycles.cyclesOf(db, ids)]);
  const views: SubscriptionView[] = [];
  for (const row of rows) {
    const sub = row.subscription;
    const mine = known.filter((d) => d.subscriptionId === sub.id);
    const open = charges.filter(
      (c) => c.subscriptionId === sub.id && c.status !== CYCLE_STATUS.paid && c.status !== CYCLE_STATUS.cancelled,
    );
    const next = open[0];
    views.push({
      id: sub.id,
      planId: sub.planId,
      planName: row.planName,
      frequency: sub.frequency as PlanFrequency,
      price: fromCents(sub.priceCents),
      petId: sub.petId,
      petName: row.petName,
      userId: sub.userId,
      customerName: row.customerName,
      employeeId: sub.employeeId,
      employeeName: row.employeeName,
      weekday: sub.weekday,
      time: sub.time,
      status: sub.status as SubscriptionStatus,
      paymentMethod: sub.paymentMethod as SubscriptionPaymentMethod,
      nextDates: mine.flatMap((d) =>
        d.state === 'agendado' && d.appointmentId !== null && d.appointmentStatus === 'Agendado' && d.time
          ? [{ appointmentId: d.appointmentId, date: d.onDate, time: d.time }]
          : [],
      ),
      toRebook: mine.filter((d) => d.state === 'a remarcar').map((d) => d.onDate),
      authorization:
        sub.status === SUBSCRIPTION_STATUS.awaiting && sub.idRec && sub.recCopiaECola
          ? { idRec: sub.idRec, pixCopiaECola: sub.recCopiaECola, pixQrCode: await pixQrCode(sub.recCopiaECola) }
          : null,
      nextCharge: next ? { dueOn: next.dueOn, amount: fromCents(next.amountCents), status: next.status } : null,
      createdAt: sub.createdAt.toISOString(),
    });
  }
  return views;
}

export async function viewOf(db: Db | Tx, id: number, now: BusinessMoment) {
  const row = await repo.findView(db, id);
  if (!row) throw new Error(`subscription ${id} vanished`);
  const [view] = await toViews(db, [row], now);
  return view as SubscriptionView;
}

/** The owner, or the shop's admin (other staff roles see subscriptions through the admin lists only). */
export const isStaff = (auth: AuthUser) => auth.role === ROLES.admin;

export async function listOwn(db: Db, auth: AuthUser) {
  return toViews(db, await repo.listViewsOf(db, auth.id), businessMoment());
}

/** LGPD export: the person's subscriptions, each with its dates and charges. */
export const exportOf = (db: Db, userId: number) => exportRepo.exportOf(db, userId);

export async function listAll(db: Db, status: string | undefined, page: PaginationQuery) {
  const [rows, total] = await Promise.all([
    repo.listViews(db, status, page.limit, page.offset),
    repo.countViews(db, status),
  ]);
  return { items: await toViews(db, rows, businessMoment()), total };
}

export async function get(db: Db, auth: AuthUser, id: number) {
  const row = await repo.findView(db, id);
  if (!row || (!isStaff(auth) && row.subscription.userId !== auth.id)) throw notFound(SUBSCRIPTION_NOT_FOUND);
  const [view] = await toViews(db, [row], businessMoment());
  return view as SubscriptionView;
}

// Dashboard

export async function recurringRevenue(db: Db, instant = new Date()): Promise<RecurringRevenueView> {
  const since = new Date(instant.getTime() - 30 * 86_400_000);
  const [figures, paidCents] = await Promise.all([repo.revenueFigures(db), settledCycleCents(db, since)]);
  return {
    activeSubscriptions: figures.active,
    monthlyRecurringRevenue: Math.round(figures.monthlyCents) / 100,
    suspended: figures.suspended,
    paidLast30Days: fromCents(paidCents),
  };
}
