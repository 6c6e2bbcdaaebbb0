import { addDays, businessMoment, CYCLE_STATUS, SUBSCRIPTION_STATUS, weekdayOf } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { subscriptionCycles } from '../src/db/schema';
import { chargeDueCycles } from '../src/modules/plans/subscription-charging';
import { createTestContext, type TestContext } from './helper';
import { bookingFixtures } from './support/booking';

vi.setConfig({ testTimeout: 60_000 });

/** Sandbox mode (no PIX_API_URL): the embedded stand-in speaks Pix Automático and plays the payer's bank. */
let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(async () => {
  await t?.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Pix Automático in the test environment', () => {
  it("'Simular autorização' approves the recurrence over HTTP; the cycle's payment is simulated too", async () => {
    const f = bookingFixtures(t);
    const admin = await t.admin();
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/plans',
      headers: admin.auth,
      payload: { name: 'Tosa mensal', serviceId: await f.service(), size: 'Médio', frequency: 'MENSAL', price: 120 },
    });
    const customer = await t.customer();
    let first = addDays(businessMoment().date, 4);
    if (weekdayOf(first) === 0) first = addDays(first, 1);
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/plans/${plan.json().data.id}/subscribe`,
      headers: customer.auth,
      payload: {
        petId: await f.pet(customer),
        weekday: weekdayOf(first),
        time: '13:00',
        employeeId: await f.employee(),
        paymentMethod: 'Pix Automático',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const sub = res.json().data;
    // Monthly: the same occurrence of the weekday in each of the next months inside 8 weeks.
    expect(sub.nextDates.length).toBeGreaterThanOrEqual(2);
    const url = `/api/sandbox/subscriptions/${sub.id}/authorize`;
    const stranger = await t.customer();
    expect((await t.app.inject({ method: 'POST', url, headers: stranger.auth })).statusCode).toBe(404);
    const authorized = await t.app.inject({ method: 'POST', url, headers: customer.auth });
    expect(authorized.statusCode, authorized.body).toBe(200);
    expect(authorized.json().data.status).toBe('APROVADA');
    expect((await t.app.inject({ method: 'POST', url, headers: customer.auth })).statusCode).toBe(409);
    const view = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/subscriptions/${sub.id}`, headers: customer.auth })).json().data;
    for (let i = 0; i < 200 && (await view()).status !== SUBSCRIPTION_STATUS.active; i += 1) await sleep(25);
    expect((await view()).status).toBe(SUBSCRIPTION_STATUS.active);

    await chargeDueCycles(
      { db: t.db, payments: t.app.planPayments, log: t.app.log },
      new Date(`${addDays(first, -3)}T15:00:00Z`),
    );
    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/subscriptions/${sub.id}/pay-cycle`,
      headers: customer.auth,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.outcome).toBe('paid');
    const cycleStatus = async () =>
      (await t.db.select().from(subscriptionCycles).where(eq(subscriptionCycles.subscriptionId, sub.id)))[0]?.status;
    for (let i = 0; i < 200 && (await cycleStatus()) !== CYCLE_STATUS.paid; i += 1) await sleep(25);
    expect(await cycleStatus()).toBe(CYCLE_STATUS.paid);
  });
});
