import {
  addDays,
  type BusinessMoment,
  bookingHorizon,
  businessMoment,
  type ChangeWeekdayBody,
  CYCLE_STATUS,
  fromCents,
  isFutureSlot,
  nextWeekday,
  type PaginationQuery,
  type PlanBody,
  type PlanFrequency,
  type PlanView,
  planBody,
  type RecurringRevenueView,
  ROLES,
  SUBSCRIPTION_STATUS,
  type SubscribeBody,
  type SubscriptionPaymentMethod,
  type SubscriptionStatus,
  type SubscriptionView,
  seriesDates,
  toCents,
} from '@petshop/domain';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, Tx } from '../../db/client';
import { conflict, fieldError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { bookSeriesDate, freeDatesAt, releaseSeries } from '../appointments/series-booking';
import { type Actor, recordChange } from '../audit/audit.service';
import type { MercadoPago } from '../payments/mercado-pago-client';
import { pixQrCode } from '../payments/payment-qr';
import type { RailConfig } from '../payments/payment-rails';
import { assertOffered } from '../payments/payments.service';
import { PspRefusedError } from '../payments/pix-api-client';
import type { PixAutomatico } from '../payments/pix-automatico-client';
import * as stores from '../stores/stores.service';
import * as repo from './plans.repository';

export interface PlansDeps {
  db: Db;
  pixAutomatico: PixAutomatico;
  /** the card PSP (Mercado Pago): customers and saved cards for plans paid by card */
  cards?: MercadoPago | undefined;
  log: FastifyBaseLogger;
}

/** A saved card as the subscription keeps it: the PSP's payment method id and card id. */
export const savedCardOf = (cardId: string) => {
  const [method, id] = cardId.split(':');
  return { paymentMethodId: method ?? '', cardId: id ?? '' };
};

const PLAN_NOT_FOUND = 'Plano não encontrado.';
const SUBSCRIPTION_NOT_FOUND = 'Assinatura não encontrada.';

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

type PlanRow = NonNullable<Awaited<ReturnType<typeof repo.findPlan>>>;

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

// Booking ahead

/** The first date of a series: the weekday on or after today, next week's when today's time has passed. */
function anchorFor(weekday: number, time: string, now: BusinessMoment) {
  const first = nextWeekday(now.date, weekday);
  return first === now.date && !isFutureSlot(first, time, now) ? addDays(first, 7) : first;
}

/**
 * Books every date of the series from today to 8 weeks ahead that is not booked yet, at its time or
 * the nearest free time that day (else listed to rebook). Each date is claimed in the plan's own
 * table first, so a second run, here or on another instance, books nothing twice.
 */
export async function bookAhead(tx: Tx, sub: repo.SubscriptionRow, now: BusinessMoment) {
  const plan = await repo.findPlan(tx, sub.planId);
  if (!plan) return;
  const dates = seriesDates(sub.anchorDate, sub.frequency as PlanFrequency, now.date, bookingHorizon(now.date));
  for (const date of dates) {
    if (!(await repo.claimDate(tx, sub.id, date))) continue;
    const result = await bookSeriesDate(
      tx,
      {
        userId: sub.userId,
        petId: sub.petId,
        serviceId: plan.serviceId,
        employeeId: sub.employeeId,
        date,
        preferredTime: sub.time,
        // paid by the plan's cycles
        priceCents: 0,
      },
      now,
    );
    if ('booked' in result) await repo.setDate(tx, sub.id, date, 'agendado', result.booked.appointmentId);
    else await repo.setDate(tx, sub.id, date, 'a remarcar', null);
  }
}

/** Frees the series' appointments from today on; `drop` forgets those dates (they are booked afresh later). */
async function releaseFuture(tx: Tx, sub: repo.SubscriptionRow, now: BusinessMoment, drop: boolean) {
  const dates = await repo.datesFrom(tx, [sub.id], now.date);
  const ids = dates.flatMap((d) => (d.appointmentId === null ? [] : [d.appointmentId]));
  const freed = new Set(await releaseSeries(tx, ids, now));
  if (drop) {
    await repo.dropDatesFrom(tx, sub.id, now.date);
    return;
  }
  for (const d of dates) {
    if (d.state === 'liberado') continue;
    if (d.appointmentId === null || freed.has(d.appointmentId))
      await repo.setDate(tx, sub.id, d.onDate, 'liberado', d.appointmentId);
  }
}

/** Frees the series' appointment of one date still to come (a cycle whose money went back). */
async function releaseDate(tx: Tx, sub: repo.SubscriptionRow, onDate: string, now: BusinessMoment) {
  const dates = (await repo.datesFrom(tx, [sub.id], now.date)).filter(
    (d) => d.onDate === onDate && d.state !== 'liberado',
  );
  const ids = dates.flatMap((d) => (d.appointmentId === null ? [] : [d.appointmentId]));
  const freed = new Set(await releaseSeries(tx, ids, now));
  for (const d of dates) {
    if (d.appointmentId === null || freed.has(d.appointmentId))
      await repo.setDate(tx, sub.id, d.onDate, 'liberado', d.appointmentId);
  }
}

// Views

async function toViews(db: Db | Tx, rows: NonNullable<repo.SubscriptionViewRow>[], now: BusinessMoment) {
  const ids = rows.map((r) => r.subscription.id);
  const [dates, cycles] = await Promise.all([repo.datesFrom(db, ids, now.date), repo.cyclesOf(db, ids)]);
  const views: SubscriptionView[] = [];
  for (const row of rows) {
    const sub = row.subscription;
    const mine = dates.filter((d) => d.subscriptionId === sub.id);
    const open = cycles.filter(
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

async function viewOf(db: Db | Tx, id: number, now: BusinessMoment) {
  const row = await repo.findView(db, id);
  if (!row) throw new Error(`subscription ${id} vanished`);
  const [view] = await toViews(db, [row], now);
  return view as SubscriptionView;
}

/** The owner, or the shop's admin (other staff roles see subscriptions through the admin lists only). */
const isStaff = (auth: AuthUser) => auth.role === ROLES.admin;

export async function listOwn(db: Db, auth: AuthUser) {
  return toViews(db, await repo.listViewsOf(db, auth.id), businessMoment());
}

/** LGPD export: the person's subscriptions, each with its dates and charges. */
export const exportOf = (db: Db, userId: number) => repo.exportOf(db, userId);

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

// Subscribing

/**
 * The employee of the series: the one asked for, who must do the service in a store open to
 * customers (the store asked for, if any); else, of those, the one free at that weekday and time on
 * the most of the next 8 weeks' dates (the longest-serving on a tie).
 */
async function employeeFor(db: Db, plan: PlanRow, input: SubscribeBody, anchorDate: string, now: BusinessMoment) {
  if (input.storeId !== undefined) await stores.requireActiveStore(db, input.storeId, 'storeId');
  const staff: number[] = [];
  for (const e of await repo.employeesFor(db, plan.serviceId)) {
    const inStore = input.storeId === undefined ? await stores.isActive(db, e.storeId) : e.storeId === input.storeId;
    if (inStore) staff.push(e.id);
  }
  if (input.employeeId !== undefined) {
    if (!staff.includes(input.employeeId))
      throw fieldError('employeeId', 'Selecione um profissional que realize este serviço nesta loja.');
    return input.employeeId;
  }
  if (staff.length === 0) throw fieldError('employeeId', 'Nenhum profissional realiza este serviço nesta loja.');
  if (staff.length === 1) return staff[0] as number;
  const dates = seriesDates(anchorDate, plan.frequency as PlanFrequency, now.date, bookingHorizon(now.date));
  const free = await db.transaction((tx) => freeDatesAt(tx, staff, plan.serviceId, dates, input.time, now));
  let best = staff[0] as number;
  for (const id of staff) if ((free.get(id) ?? 0) > (free.get(best) ?? 0)) best = id;
  return best;
}

export async function subscribe(
  deps: PlansDeps & { config: RailConfig },
  auth: AuthUser,
  planId: number,
  input: SubscribeBody,
  instant: Date = new Date(),
): Promise<SubscriptionView> {
  const { db } = deps;
  // Pix Automático is the Pix PSP's, a saved card the card PSP's: each only where that method is offered.
  assertOffered(deps, input.paymentMethod === 'Cartão de Crédito' ? 'Cartão de Crédito' : 'Pix');
  const now = businessMoment(instant);
  const plan = await repo.findPlan(db, planId);
  if (!plan?.active) throw notFound(PLAN_NOT_FOUND);
  const pet = await repo.findOwnPet(db, auth.id, input.petId);
  if (!pet) throw notFound('Pet não encontrado.');
  if (pet.size !== plan.size) throw fieldError('petId', `Este plano é para pets de porte ${plan.size}.`);
  const anchorDate = anchorFor(input.weekday, input.time, now);
  const employeeId = await employeeFor(db, plan, input, anchorDate, now);
  const payer = await repo.payerOf(db, auth.id);
  if (!payer) throw notFound('Conta não encontrada.');
  // A staff account made by an invitation has no CPF until its owner adds one.
  if (!payer.cpf) throw conflict('Informe seu CPF no perfil para assinar um plano.', 'CPF_REQUIRED');
  const { cpf } = payer;
  if (input.paymentMethod === 'Cartão de Crédito') {
    return subscribeByCard(deps, auth, { plan, petId: pet.id, employeeId, anchorDate, payer }, input, now);
  }

  // Pix Automático: the recurrence exists at the PSP before the subscription does; one the shop
  // never records simply expires there unauthorised.
  const loc = await deps.pixAutomatico.createLocrec();
  const created = await deps.pixAutomatico.createRec({
    vinculo: {
      objeto: plan.name.slice(0, 35),
      contrato: `PET${pet.id}-PLANO${plan.id}-${Date.now().toString(36)}`.slice(0, 35),
      devedor: { cpf, nome: payer.name.slice(0, 140) },
    },
    calendario: { dataInicial: anchorDate, periodicidade: periodicidadeOf(plan.frequency as PlanFrequency) },
    valor: { valorRec: fromCents(plan.priceCents).toFixed(2) },
    politicaRetentativa: 'PERMITE_3R_7D',
    loc: loc.id,
  });
  const rec = await deps.pixAutomatico.getRec(created.idRec);
  const copiaECola = rec?.dadosQR?.pixCopiaECola ?? null;

  const id = await db.transaction(async (tx) => {
    const sub = await repo.insertSubscription(tx, {
      planId: plan.id,
      userId: auth.id,
      petId: pet.id,
      employeeId,
      weekday: input.weekday,
      time: input.time,
      status: SUBSCRIPTION_STATUS.awaiting,
      paymentMethod: input.paymentMethod,
      priceCents: plan.priceCents,
      frequency: plan.frequency,
      anchorDate,
      idRec: created.idRec,
      recStatus: created.status,
      recCopiaECola: copiaECola,
    });
    if (!sub) throw new Error('insert returned nothing');
    await bookAhead(tx, sub, now);
    return sub.id;
  });
  return viewOf(db, id, now);
}

/**
 * By card: the card is saved at the card PSP for the customer (Customers API) and charged each
 * cycle from two days before its date; the subscription is active at once.
 */
async function subscribeByCard(
  deps: PlansDeps,
  auth: AuthUser,
  what: {
    plan: NonNullable<Awaited<ReturnType<typeof repo.findPlan>>>;
    petId: number;
    employeeId: number;
    anchorDate: string;
    payer: { email: string };
  },
  input: SubscribeBody,
  now: BusinessMoment,
) {
  const { db, cards } = deps;
  if (!cards || !input.card) throw fieldError('card', 'Informe os dados do cartão.');
  let saved: { customerId: string; cardId: string };
  try {
    const customer = await cards.createCustomer(what.payer.email);
    const card = await cards.saveCard(customer.id, input.card.token);
    saved = { customerId: customer.id, cardId: `${card.payment_method?.id || input.card.paymentMethodId}:${card.id}` };
  } catch (error) {
    if (error instanceof PspRefusedError)
      throw fieldError('card', 'Cartão recusado. Confira os dados ou use outro cartão.');
    throw error;
  }
  const id = await db.transaction(async (tx) => {
    const sub = await repo.insertSubscription(tx, {
      planId: what.plan.id,
      userId: auth.id,
      petId: what.petId,
      employeeId: what.employeeId,
      weekday: input.weekday,
      time: input.time,
      status: SUBSCRIPTION_STATUS.active,
      paymentMethod: input.paymentMethod,
      priceCents: what.plan.priceCents,
      frequency: what.plan.frequency,
      anchorDate: what.anchorDate,
      cardCustomerId: saved.customerId,
      cardId: saved.cardId,
    });
    if (!sub) throw new Error('insert returned nothing');
    await bookAhead(tx, sub, now);
    return sub.id;
  });
  return viewOf(db, id, now);
}

// Pause, resume, cancel, change of weekday

async function lockOwn(tx: Tx, auth: AuthUser, id: number) {
  const sub = await repo.lockSubscription(tx, id);
  if (!sub || (!isStaff(auth) && sub.userId !== auth.id)) throw notFound(SUBSCRIPTION_NOT_FOUND);
  return sub;
}

/** A staff member acting on a customer's subscription is recorded in the audit log. */
async function audit(
  tx: Tx,
  actor: Actor | undefined,
  action: string,
  before: repo.SubscriptionRow,
  after: Partial<repo.SubscriptionRow>,
) {
  if (!actor) return;
  const pick = (row: Partial<repo.SubscriptionRow>) => ({ status: row.status, weekday: row.weekday, time: row.time });
  await recordChange(tx, actor, {
    action,
    entity: 'subscription',
    entityId: before.id,
    before: pick(before),
    after: pick({ ...before, ...after }),
  });
}

const wrongState = (status: string, action: string) =>
  conflict(`Não é possível ${action} uma assinatura com status "${status}".`, 'INVALID_SUBSCRIPTION_STATE');

/** Charges at the PSP that must not go on (pause, cancel): cancelled after the change commits. */
async function cancelCharges(deps: PlansDeps, txids: string[], idRec?: string | null) {
  for (const txid of txids) {
    await deps.pixAutomatico.cancelCobr(txid).catch((error: unknown) => {
      deps.log.warn({ err: error, txid }, 'could not cancel a recurring charge at the PSP');
    });
  }
  if (idRec) {
    await deps.pixAutomatico.cancelRec(idRec).catch((error: unknown) => {
      deps.log.warn({ err: error, idRec }, 'could not cancel a recurrence at the PSP');
    });
  }
}

async function closeOpenCycles(tx: Tx, sub: repo.SubscriptionRow, now: BusinessMoment) {
  const open = await repo.openCyclesFrom(tx, sub.id, now.date);
  const txids: string[] = [];
  for (const cycle of open) {
    const moved = await repo.moveCycle(tx, cycle.id, [CYCLE_STATUS.pending, CYCLE_STATUS.charged], {
      status: CYCLE_STATUS.cancelled,
    });
    if (moved && cycle.status === CYCLE_STATUS.charged) txids.push(cycle.txid);
  }
  return txids;
}

/** A pause frees the future appointments and stops the charges until resumed. */
export async function pause(deps: PlansDeps, auth: AuthUser, id: number, actor?: Actor, instant = new Date()) {
  const now = businessMoment(instant);
  const txids = await deps.db.transaction(async (tx) => {
    const sub = await lockOwn(tx, auth, id);
    if (sub.status !== SUBSCRIPTION_STATUS.active) throw wrongState(sub.status, 'pausar');
    await releaseFuture(tx, sub, now, true);
    await repo.setSubscription(tx, id, { status: SUBSCRIPTION_STATUS.paused });
    await audit(tx, actor, 'pause', sub, { status: SUBSCRIPTION_STATUS.paused });
    return closeOpenCycles(tx, sub, now);
  });
  await cancelCharges(deps, txids);
  return viewOf(deps.db, id, now);
}

/** Back from a pause or a suspension: books ahead again from today. */
export async function resume(deps: PlansDeps, auth: AuthUser, id: number, actor?: Actor, instant = new Date()) {
  const now = businessMoment(instant);
  await deps.db.transaction(async (tx) => {
    const sub = await lockOwn(tx, auth, id);
    if (sub.status !== SUBSCRIPTION_STATUS.paused && sub.status !== SUBSCRIPTION_STATUS.suspended) {
      throw wrongState(sub.status, 'retomar');
    }
    const status =
      sub.recStatus === 'APROVADA' || sub.cardId ? SUBSCRIPTION_STATUS.active : SUBSCRIPTION_STATUS.awaiting;
    await releaseFuture(tx, sub, now, true);
    const anchorDate = anchorFor(sub.weekday, sub.time, now);
    await repo.setSubscription(tx, id, { status, anchorDate });
    await audit(tx, actor, 'resume', sub, { status });
    await bookAhead(tx, { ...sub, status, anchorDate }, now);
  });
  return viewOf(deps.db, id, now);
}

/** Cancels for good: every future appointment is freed, open charges and the recurrence cancelled at the PSP. */
export async function cancel(deps: PlansDeps, auth: AuthUser, id: number, actor?: Actor, instant = new Date()) {
  const now = businessMoment(instant);
  const { txids, idRec } = await deps.db.transaction(async (tx) => {
    const sub = await lockOwn(tx, auth, id);
    if (sub.status === SUBSCRIPTION_STATUS.cancelled) throw wrongState(sub.status, 'cancelar');
    await releaseFuture(tx, sub, now, false);
    await repo.setSubscription(tx, id, { status: SUBSCRIPTION_STATUS.cancelled });
    await audit(tx, actor, 'cancel', sub, { status: SUBSCRIPTION_STATUS.cancelled });
    return { txids: await closeOpenCycles(tx, sub, now), idRec: sub.idRec };
  });
  await cancelCharges(deps, txids, idRec);
  return viewOf(deps.db, id, now);
}

/** Another weekday (and time): the future appointments move to the new series. */
export async function changeWeekday(
  deps: PlansDeps,
  auth: AuthUser,
  id: number,
  input: ChangeWeekdayBody,
  actor?: Actor,
  instant = new Date(),
) {
  const now = businessMoment(instant);
  const txids = await deps.db.transaction(async (tx) => {
    const sub = await lockOwn(tx, auth, id);
    if (sub.status === SUBSCRIPTION_STATUS.cancelled) throw wrongState(sub.status, 'alterar');
    const time = input.time ?? sub.time;
    const anchorDate = anchorFor(input.weekday, time, now);
    await releaseFuture(tx, sub, now, true);
    await repo.setSubscription(tx, id, { weekday: input.weekday, time, anchorDate });
    await audit(tx, actor, 'weekday', sub, { weekday: input.weekday, time });
    const cancelled = await closeOpenCycles(tx, sub, now);
    if (sub.status === SUBSCRIPTION_STATUS.active || sub.status === SUBSCRIPTION_STATUS.awaiting) {
      await bookAhead(tx, { ...sub, weekday: input.weekday, time, anchorDate }, now);
    }
    return cancelled;
  });
  await cancelCharges(deps, txids);
  return viewOf(deps.db, id, now);
}

// Dashboard

export async function recurringRevenue(db: Db, instant = new Date()): Promise<RecurringRevenueView> {
  const figures = await repo.revenueFigures(db, new Date(instant.getTime() - 30 * 86_400_000));
  return {
    activeSubscriptions: figures.active,
    monthlyRecurringRevenue: Math.round(figures.monthlyCents) / 100,
    suspended: figures.suspended,
    paidLast30Days: fromCents(figures.paidCents),
  };
}

export { releaseDate, releaseFuture };
