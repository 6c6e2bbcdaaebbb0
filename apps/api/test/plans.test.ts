import { addDays, businessMoment, CYCLE_STATUS, SUBSCRIPTION_STATUS, weekdayOf } from '@petshop/domain';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  appointments,
  employees,
  messages,
  payments,
  plans,
  services,
  stores,
  subscriptionCycles,
  subscriptionDates,
  subscriptions,
} from '../src/db/schema';
import { reconcileSubscriptions } from '../src/modules/plans/recurrence-sync';
import {
  bookAheadAll,
  chargeDueCycles,
  cycleTxid,
  retryFailedCycles,
} from '../src/modules/plans/subscription-charging';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { bookingFixtures, onePrice } from './support/booking';
import { cardFor } from './support/card-token';
import { type PixPspStandIn, PSP_CLIENT, PSP_WEBHOOK_SECRET, startPixPspStandIn } from './support/pix-psp-stand-in';

// Room for a loaded machine: the PSP stand-in and the app start in the hook.
vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let t: TestContext;
let psp: PixPspStandIn;
let f: ReturnType<typeof bookingFixtures>;
let admin: LoggedIn;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => Promise<boolean>, ms = 15_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(25);
  }
}

beforeAll(async () => {
  psp = await startPixPspStandIn(() => `${t.baseUrl}/api/webhooks`);
  t = await createTestContext({
    PIX_API_URL: psp.url,
    PIX_CLIENT_ID: PSP_CLIENT.id,
    PIX_CLIENT_SECRET: PSP_CLIENT.secret,
    PIX_KEY: '7d9f0335-8dcc-4054-9bf9-0c5a2e4b1f6a',
    PIX_WEBHOOK_SECRET: PSP_WEBHOOK_SECRET,
    PIX_TIMEOUT_MS: '3000',
  });
  f = bookingFixtures(t);
  admin = await t.admin();
});
afterAll(async () => {
  await t?.close();
  await psp?.stop();
});

const deps = () => ({ db: t.db, payments: t.app.planPayments, log: t.app.log });
/** A business day's noon, as the controllable clock of the jobs. */
const at = (date: string) => new Date(`${date}T15:00:00Z`);

/** A weekday two or more days ahead that is not Sunday: 8 dates fall in the next 8 weeks. */
function planWeekday() {
  for (let days = 2; ; days += 1) {
    const date = addDays(businessMoment().date, days);
    if (weekdayOf(date) !== 0) return { weekday: weekdayOf(date), first: date };
  }
}

async function createPlan(frequency = 'SEMANAL', price = 79.9) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/plans',
    headers: admin.auth,
    payload: {
      name: `Banho ${frequency.toLowerCase()}`,
      serviceId: await f.service(),
      size: 'Médio',
      frequency,
      price,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

async function subscribe(customer: LoggedIn, planId: number, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: `/api/plans/${planId}/subscribe`,
    headers: customer.auth,
    payload: { paymentMethod: 'Pix Automático', ...body },
  });
}

const subscriptionOf = async (customer: LoggedIn, id: number) =>
  (await t.app.inject({ method: 'GET', url: `/api/subscriptions/${id}`, headers: customer.auth })).json().data;

async function authorize(idRec: string, subscriptionId: number, customer: LoggedIn) {
  expect(await psp.sandbox.authorizeRec(idRec)).toBe('approved');
  await until(async () => (await subscriptionOf(customer, subscriptionId)).status === SUBSCRIPTION_STATUS.active);
}

describe('plans: admin and public list', () => {
  it('an admin creates plans; the public list shows the active ones; customers may not create', async () => {
    const planId = await createPlan('QUINZENAL', 150);
    const list = await t.app.inject({ method: 'GET', url: '/api/plans' });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(
      expect.objectContaining({
        id: planId,
        frequency: 'QUINZENAL',
        price: 150,
        size: 'Médio',
        serviceName: 'Banho de teste',
      }),
    );
    const customer = await t.customer();
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/plans',
      headers: customer.auth,
      payload: { name: 'x', serviceId: await f.service(), size: 'Médio', frequency: 'SEMANAL', price: 10 },
    });
    expect(denied.statusCode).toBe(403);
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/plans/${planId}`,
      headers: admin.auth,
      payload: {
        name: 'Quinzenal',
        serviceId: await f.service(),
        size: 'Médio',
        frequency: 'QUINZENAL',
        price: 150,
        active: false,
      },
    });
    expect(off.statusCode).toBe(200);
    const after = (await t.app.inject({ method: 'GET', url: '/api/plans' })).json().data as { id: number }[];
    expect(after.map((p) => p.id)).not.toContain(planId);
  });
});

describe('a weekly plan booked ahead', () => {
  it('books 8 weeks at the weekday and time, around a day off and a taken slot, into the customer’s appointments', async () => {
    const planId = await createPlan();
    const employeeId = await f.employee('Groomer do plano');
    const { weekday, first } = planWeekday();
    const dates = Array.from({ length: 8 }, (_, i) => addDays(first, 7 * i));
    // The third date is the employee's day off; at 10:00 of the second, someone else is booked.
    const schedule = await t.app.inject({
      method: 'PUT',
      url: `/api/employers/${employeeId}/schedule`,
      headers: admin.auth,
      payload: {
        week: [1, 2, 3, 4, 5, 6].map((d) => ({ weekday: d, start: '08:00', end: '18:00' })),
        daysOff: [dates[2]],
      },
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    const other = await t.customer();
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: other.auth,
      payload: {
        service_id: await f.service(),
        employer_id: employeeId,
        pet_id: await f.pet(other, 'Outro'),
        appointment_date: dates[1],
        appointment_time: '10:00',
      },
    });
    expect(taken.statusCode, taken.body).toBe(201);

    const customer = await t.customer();
    const petId = await f.pet(customer, 'Thor');
    const started = performance.now();
    const res = await subscribe(customer, planId, { petId, weekday, time: '10:00', employeeId });
    const elapsed = performance.now() - started;
    expect(res.statusCode, res.body).toBe(201);
    console.log(`[measure] subscribe + book 8 weeks ahead: ${elapsed.toFixed(0)} ms (${t.kind})`);
    const sub = res.json().data;
    expect(sub.status).toBe(SUBSCRIPTION_STATUS.awaiting);
    expect(sub.authorization.pixCopiaECola).toMatch(/^000201/);
    expect(sub.authorization.pixQrCode).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(sub.toRebook).toEqual([dates[2]]);
    expect(sub.nextDates.map((d: { date: string }) => d.date)).toEqual(dates.filter((_, i) => i !== 2));
    // The taken date got the nearest free time that day (09:30 and 10:30 are as near: the earlier).
    expect(sub.nextDates.find((d: { date: string }) => d.date === dates[1]).time).toBe('09:30');
    expect(sub.nextDates.filter((d: { time: string }) => d.time === '10:00')).toHaveLength(6);

    const own = await t.app.inject({ method: 'GET', url: '/api/appointments', headers: customer.auth });
    expect(own.json().data.filter((a: { pet_id: number }) => a.pet_id === petId)).toHaveLength(7);

    // Booking ahead again (job, twice, a day later) books nothing twice.
    await bookAheadAll(deps());
    await bookAheadAll(deps(), at(addDays(businessMoment().date, 1)));
    const rows = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(appointments)
      .where(and(eq(appointments.petId, petId), eq(appointments.status, 'Agendado')));
    expect(rows[0]?.n).toBe(7);

    // A week later the window moves on: one more date is booked.
    await bookAheadAll(deps(), at(addDays(first, 1)));
    const later = await subscriptionOf(customer, sub.id);
    expect(later.nextDates.map((d: { date: string }) => d.date)).toContain(addDays(first, 56));
  });

  it('without an employee: the one of the service, in a store open to customers, free on the most dates at that time', async () => {
    const planId = await createPlan();
    const [service] = await t.db
      .insert(services)
      .values({ name: `Tosa do plano ${Date.now()}`, description: '', ...onePrice(6000) })
      .returning({ id: services.id });
    const serviceId = service?.id as number;
    await t.db.update(plans).set({ serviceId }).where(eq(plans.id, planId));
    const [closed] = await t.db
      .insert(stores)
      .values({ name: 'Loja fechada', active: false })
      .returning({ id: stores.id });
    const hire = async (name: string, storeId?: number) =>
      (
        await t.db
          .insert(employees)
          .values({ name, phone: '11987654321', position: 'Tosador', serviceId, ...(storeId ? { storeId } : {}) })
          .returning({ id: employees.id })
      )[0]?.id as number;
    // First hired, but off on three of the dates; the second is taken at that time on one date;
    // the third is free on all of them, in a store closed to customers.
    const busiest = await hire('Tosador de folga');
    const chosen = await hire('Tosador livre');
    const elsewhere = await hire('Tosador da loja fechada', closed?.id);
    const { weekday, first } = planWeekday();
    const dates = Array.from({ length: 8 }, (_, i) => addDays(first, 7 * i));
    const schedule = await t.app.inject({
      method: 'PUT',
      url: `/api/employers/${busiest}/schedule`,
      headers: admin.auth,
      payload: {
        week: [1, 2, 3, 4, 5, 6].map((d) => ({ weekday: d, start: '08:00', end: '18:00' })),
        daysOff: [dates[1], dates[3], dates[5]],
      },
    });
    expect(schedule.statusCode, schedule.body).toBe(200);
    const other = await t.customer();
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: other.auth,
      payload: {
        service_id: serviceId,
        employer_id: chosen,
        pet_id: await f.pet(other, 'Outro'),
        appointment_date: dates[2],
        appointment_time: '11:00',
      },
    });
    expect(taken.statusCode, taken.body).toBe(201);

    const customer = await t.customer();
    const petId = await f.pet(customer, 'Bolinha');
    const res = await subscribe(customer, planId, { petId, weekday, time: '11:00' });
    expect(res.statusCode, res.body).toBe(201);
    const sub = res.json().data;
    expect(sub.employeeId).toBe(chosen);
    expect(sub.toRebook).toEqual([]);
    expect(sub.nextDates.filter((d: { time: string }) => d.time === '11:00')).toHaveLength(7);

    // Asked for by name, the one of the closed store is refused, and so is the closed store itself.
    const pet2 = await f.pet(customer, 'Bolota');
    const refused = await subscribe(customer, planId, { petId: pet2, weekday, time: '15:00', employeeId: elsewhere });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details).toEqual([{ field: 'employeeId', message: expect.any(String) }]);
    const closedStore = await subscribe(customer, planId, { petId: pet2, weekday, time: '15:00', storeId: closed?.id });
    expect(closedStore.statusCode).toBe(400);
    expect(closedStore.json().details).toEqual([{ field: 'storeId', message: expect.any(String) }]);
    expect(await t.db.select().from(subscriptions).where(eq(subscriptions.petId, pet2))).toEqual([]);
  });

  it('pause frees the future appointments, resume books them again, a weekday change moves them, cancel frees all', async () => {
    const planId = await createPlan();
    const employeeId = await f.employee('Groomer da pausa');
    const customer = await t.customer();
    const petId = await f.pet(customer, 'Mel');
    const { weekday } = planWeekday();
    const sub = (await subscribe(customer, planId, { petId, weekday, time: '14:00', employeeId })).json().data;
    await authorize(sub.idRec ?? sub.authorization.idRec, sub.id, customer);
    const action = (name: string, payload?: object) =>
      t.app.inject({ method: 'POST', url: `/api/subscriptions/${sub.id}/${name}`, headers: customer.auth, payload });
    const active = async () =>
      (
        await t.db
          .select({ n: sql<number>`count(*)::int` })
          .from(appointments)
          .where(and(eq(appointments.petId, petId), eq(appointments.status, 'Agendado')))
      )[0]?.n;

    expect(await active()).toBe(8);
    const paused = await action('pause');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().data).toMatchObject({ status: SUBSCRIPTION_STATUS.paused, nextDates: [] });
    expect(await active()).toBe(0);
    expect((await action('pause')).statusCode).toBe(409);
    const resumed = await action('resume');
    expect(resumed.json().data.status).toBe(SUBSCRIPTION_STATUS.active);
    expect(await active()).toBe(8);

    const otherDay = weekday === 6 ? 1 : weekday + 1;
    const moved = await action('weekday', { weekday: otherDay });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(moved.json().data.nextDates.every((d: { date: string }) => weekdayOf(d.date) === otherDay)).toBe(true);
    expect(await active()).toBe(moved.json().data.nextDates.length);

    // Someone else's subscription is not found.
    const stranger = await t.customer();
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/subscriptions/${sub.id}/cancel`, headers: stranger.auth }))
        .statusCode,
    ).toBe(404);
    const cancelled = await action('cancel');
    expect(cancelled.json().data).toMatchObject({ status: SUBSCRIPTION_STATUS.cancelled, nextDates: [] });
    expect(await active()).toBe(0);
    const [rec] = await psp.db
      .execute(sql`select status from sandbox_pix_recs where id_rec = ${sub.authorization.idRec}`)
      .then((r) => (r as unknown as { rows: { status: string }[] }).rows);
    expect(rec?.status).toBe('CANCELADA');
  });
});

describe('charging each cycle by Pix Automático', () => {
  it('authorised in the bank app over HTTP; a cycle charged 2–10 days ahead is paid', async () => {
    const planId = await createPlan();
    const employeeId = await f.employee('Groomer da cobrança');
    const customer = await t.customer();
    const petId = await f.pet(customer, 'Luna');
    const { weekday, first } = planWeekday();
    const sub = (await subscribe(customer, planId, { petId, weekday, time: '11:00', employeeId })).json().data;
    // Before the authorisation nothing is charged.
    expect(await chargeDueCycles(deps(), at(addDays(first, -5)))).toBe(0);
    await authorize(sub.authorization.idRec, sub.id, customer);
    expect((await subscriptionOf(customer, sub.id)).authorization).toBeNull();

    // 11 days before: too early. 5 days before: charged, once even when run twice.
    expect(await chargeDueCycles(deps(), at(addDays(first, -11)))).toBe(0);
    expect(await chargeDueCycles(deps(), at(addDays(first, -5)))).toBe(1);
    expect(await chargeDueCycles(deps(), at(addDays(first, -5)))).toBe(0);
    const txid = cycleTxid(sub.id, first);
    expect((await psp.sandbox.payCycle(txid)) === 'paid').toBe(true);
    await until(async () => {
      const [cycle] = await t.db.select().from(subscriptionCycles).where(eq(subscriptionCycles.txid, txid));
      return cycle?.status === CYCLE_STATUS.paid;
    });

    // The charge is the cycle's row in the payments ledger, paid with the Pix the PSP reported; the
    // PSP was asked for the plan's price to the cent.
    const [cycle] = await t.db.select().from(subscriptionCycles).where(eq(subscriptionCycles.txid, txid));
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, cycle?.paymentId ?? 0));
    expect(payment).toMatchObject({
      ownerKind: 'subscription_cycle',
      ownerId: cycle?.id,
      method: 'Pix Automático',
      status: 'Aprovado',
      txid,
      totalCents: 7990,
      userId: customer.user.id,
    });
    const [asked] = await psp.db
      .execute(sql`select amount_cents from sandbox_pix_cobrs where txid = ${txid}`)
      .then((r) => (r as unknown as { rows: { amount_cents: number }[] }).rows);
    expect(asked?.amount_cents).toBe(7990);

    // An admin gives part of it back by a devolução of that Pix, once per Idempotency-Key.
    const refund = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/subscriptions/${sub.id}/cycles/${cycle?.id}/refund`,
        headers: { ...admin.auth, 'idempotency-key': `ciclo-${cycle?.id}-parte` },
        payload: { amount: 30, reason: 'Banho incompleto' },
      });
    const first_ = await refund();
    expect(first_.statusCode, first_.body).toBe(201);
    expect(first_.json().data.refund).toMatchObject({ amount: 30, kind: 'pix', status: 'concluido' });
    const again = await refund();
    expect(again.json().data.refund.id).toBe(first_.json().data.refund.id);
    const [after] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, payment?.id ?? 0));
    expect(after).toMatchObject({ status: 'Parcialmente reembolsado', refundedCents: 3000 });
    // A part keeps the cycle paid; a cycle of another subscription is not found.
    const [still] = await t.db.select().from(subscriptionCycles).where(eq(subscriptionCycles.txid, txid));
    expect(still?.status).toBe(CYCLE_STATUS.paid);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: `/api/subscriptions/${sub.id + 1000}/cycles/${cycle?.id}/refund`,
      headers: admin.auth,
      payload: { reason: 'Outra' },
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('a failed cycle is retried per its policy, then the subscription is suspended, the customer told, its times freed', async () => {
    const planId = await createPlan();
    const employeeId = await f.employee('Groomer da falha');
    const customer = await t.customer();
    const petId = await f.pet(customer, 'Bidu');
    const { weekday, first } = planWeekday();
    const sub = (await subscribe(customer, planId, { petId, weekday, time: '15:00', employeeId })).json().data;
    await authorize(sub.authorization.idRec, sub.id, customer);
    expect(await chargeDueCycles(deps(), at(addDays(first, -5)))).toBe(1);
    const txid = cycleTxid(sub.id, first);
    const cycle = async () =>
      (await t.db.select().from(subscriptionCycles).where(eq(subscriptionCycles.txid, txid)))[0];

    psp.sandbox.recurrenceFaults.failCycles = 4;
    // The first attempt fails on the date; the webhook is lost: reconciliation finds out.
    psp.sandbox.recurrenceFaults.loseWebhooks = true;
    expect(await psp.sandbox.payCycle(txid)).toBe('rejected');
    await reconcileSubscriptions(deps(), at(first));
    psp.sandbox.recurrenceFaults.loseWebhooks = false;
    expect(await cycle()).toMatchObject({ status: CYCLE_STATUS.failed, attempts: 1, retryOn: addDays(first, 1) });

    for (let attempt = 2; attempt <= 4; attempt += 1) {
      const day = addDays(first, attempt - 1);
      // Twice on the same day: one retry only.
      expect(await retryFailedCycles(deps(), at(day))).toBe(1);
      expect(await retryFailedCycles(deps(), at(day))).toBe(0);
      expect(await psp.sandbox.payCycle(txid)).toBe('rejected');
      if (attempt < 4)
        await until(
          async () => (await cycle())?.status === CYCLE_STATUS.failed && (await cycle())?.attempts === attempt,
        );
    }
    await until(async () => (await subscriptionOf(customer, sub.id)).status === SUBSCRIPTION_STATUS.suspended);
    const suspended = await subscriptionOf(customer, sub.id);
    expect(suspended.nextDates).toEqual([]);
    const booked = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(appointments)
      .where(and(eq(appointments.petId, petId), eq(appointments.status, 'Agendado')));
    expect(booked[0]?.n).toBe(0);
    const told = await t.db
      .select({ kind: messages.kind })
      .from(messages)
      .where(and(eq(messages.userId, customer.user.id), eq(messages.channel, 'email')));
    expect(told.filter((m) => m.kind === 'subscription-charge-failed')).toHaveLength(3);
    expect(told.filter((m) => m.kind === 'subscription-suspended')).toHaveLength(1);
    // Nothing more happens on later runs.
    expect(await retryFailedCycles(deps(), at(addDays(first, 6)))).toBe(0);
    const [row] = await t.db.select().from(subscriptions).where(eq(subscriptions.id, sub.id));
    expect(row?.status).toBe(SUBSCRIPTION_STATUS.suspended);
    const dates = await t.db.select().from(subscriptionDates).where(eq(subscriptionDates.subscriptionId, sub.id));
    expect(dates.every((d) => d.onDate < businessMoment().date)).toBe(true);
  });

  it('a rejected authorisation cancels the subscription and frees its times', async () => {
    const planId = await createPlan();
    const employeeId = await f.employee('Groomer recusado');
    const customer = await t.customer();
    const petId = await f.pet(customer, 'Nina');
    const { weekday } = planWeekday();
    const sub = (await subscribe(customer, planId, { petId, weekday, time: '16:00', employeeId })).json().data;
    psp.sandbox.recurrenceFaults.rejectAuthorization = true;
    try {
      expect(await psp.sandbox.authorizeRec(sub.authorization.idRec)).toBe('rejected');
    } finally {
      psp.sandbox.recurrenceFaults.rejectAuthorization = false;
    }
    await until(async () => (await subscriptionOf(customer, sub.id)).status === SUBSCRIPTION_STATUS.cancelled);
    expect((await subscriptionOf(customer, sub.id)).nextDates).toEqual([]);
  });
});

describe('charging each cycle on the saved card', () => {
  it('saves the card at the card PSP, charges 2 days before the date, once', async () => {
    const planId = await createPlan();
    const employeeId = await f.employee('Groomer do cartão');
    const customer = await t.customer();
    const petId = await f.pet(customer, 'Pipoca');
    const { weekday, first } = planWeekday();
    const res = await subscribe(customer, planId, {
      petId,
      weekday,
      time: '08:30',
      employeeId,
      paymentMethod: 'Cartão de Crédito',
      card: await cardFor(t.baseUrl),
    });
    expect(res.statusCode, res.body).toBe(201);
    const sub = res.json().data;
    expect(sub).toMatchObject({ status: SUBSCRIPTION_STATUS.active, authorization: null });
    // 5 days before: nothing yet (a card is charged from 2 days before); 2 days before: once.
    await chargeDueCycles(deps(), at(addDays(first, -5)));
    const cycleOf = async () =>
      (await t.db.select().from(subscriptionCycles).where(eq(subscriptionCycles.subscriptionId, sub.id)))[0];
    expect(await cycleOf()).toBeUndefined();
    await chargeDueCycles(deps(), at(addDays(first, -2)));
    await chargeDueCycles(deps(), at(addDays(first, -2)));
    expect(await cycleOf()).toMatchObject({ status: CYCLE_STATUS.paid, attempts: 1, dueOn: first });
  });

  it('a card refused every time: retried the next days, then suspended', async () => {
    const planId = await createPlan();
    const employeeId = await f.employee('Groomer do cartão recusado');
    const customer = await t.customer();
    const petId = await f.pet(customer, 'Paçoca');
    const { weekday, first } = planWeekday();
    const res = await subscribe(customer, planId, {
      petId,
      weekday,
      time: '08:30',
      employeeId,
      paymentMethod: 'Cartão de Crédito',
      card: await cardFor(t.baseUrl, { holder: 'FUND' }),
    });
    expect(res.statusCode, res.body).toBe(201);
    const sub = res.json().data;
    await chargeDueCycles(deps(), at(addDays(first, -2)));
    for (let day = -1; day <= 1; day += 1) {
      expect(await retryFailedCycles(deps(), at(addDays(first, day)))).toBe(1);
      expect(await retryFailedCycles(deps(), at(addDays(first, day)))).toBe(0);
    }
    const [cycle] = await t.db.select().from(subscriptionCycles).where(eq(subscriptionCycles.subscriptionId, sub.id));
    expect(cycle).toMatchObject({ status: CYCLE_STATUS.failed, attempts: 4 });
    expect((await subscriptionOf(customer, sub.id)).status).toBe(SUBSCRIPTION_STATUS.suspended);
  });
});
