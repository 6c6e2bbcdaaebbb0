import { addDays, businessMoment, CYCLE_STATUS, SUBSCRIPTION_STATUS, weekdayOf } from '@petshop/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { appointments, subscriptionCycles, subscriptionDates, subscriptions } from '../src/db/schema';
import { reconcileSubscriptions } from '../src/modules/plans/recurrence-sync';
import { bookAheadAll, chargeDueCycles, retryFailedCycles } from '../src/modules/plans/subscription-charging';
import { createTestContext, type LoggedIn, openTestDatabase, type TestContext } from './helper';
import { bookingFixtures } from './support/booking';
import { type PixPspStandIn, PSP_CLIENT, PSP_WEBHOOK_SECRET, startPixPspStandIn } from './support/pix-psp-stand-in';

vi.setConfig({ testTimeout: 120_000 });

/**
 * Two instances of the app on one database run the subscription jobs at the same moments, twice:
 * booking ahead, the cycle charges and the retries each happen once (counted in SQL and at the PSP).
 */
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let a: TestContext;
let b: TestContext;
let psp: PixPspStandIn;
const SUBSCRIPTIONS = 6;

beforeAll(async () => {
  database = await openTestDatabase();
  psp = await startPixPspStandIn(() => `${a.baseUrl}/api/webhooks`);
  const config = {
    PIX_API_URL: psp.url,
    PIX_CLIENT_ID: PSP_CLIENT.id,
    PIX_CLIENT_SECRET: PSP_CLIENT.secret,
    PIX_KEY: '7d9f0335-8dcc-4054-9bf9-0c5a2e4b1f6a',
    PIX_WEBHOOK_SECRET: PSP_WEBHOOK_SECRET,
  };
  a = await createTestContext(config, database);
  b = await createTestContext(config, database);
});
afterAll(async () => {
  await b?.close();
  await a?.close();
  await psp?.stop();
  await database?.close();
});

const at = (date: string) => new Date(`${date}T15:00:00Z`);
const count = async (query: ReturnType<typeof sql>) =>
  Number(((await database.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]?.n);

describe('subscription jobs on two instances', () => {
  it('book ahead, charge and retry exactly once, run twice on both', async () => {
    const f = bookingFixtures(a);
    const admin = await a.admin();
    const plan = await a.app.inject({
      method: 'POST',
      url: '/api/plans',
      headers: admin.auth,
      payload: { name: 'Banho semanal', serviceId: await f.service(), size: 'Médio', frequency: 'SEMANAL', price: 60 },
    });
    const planId = plan.json().data.id as number;
    let first = addDays(businessMoment().date, 3);
    if (weekdayOf(first) === 0) first = addDays(first, 1);
    const employees = [await f.employee('Ana'), await f.employee('Bia')];
    const subs: { id: number; customer: LoggedIn }[] = [];
    for (let i = 0; i < SUBSCRIPTIONS; i += 1) {
      const customer = await a.customer();
      const res = await a.app.inject({
        method: 'POST',
        url: `/api/plans/${planId}/subscribe`,
        headers: customer.auth,
        payload: {
          petId: await f.pet(customer, `Pet ${i}`),
          weekday: weekdayOf(first),
          time: ['09:00', '10:00', '11:00'][i % 3],
          employeeId: employees[i % 2],
          paymentMethod: 'Pix Automático',
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      const sub = res.json().data;
      expect(await psp.sandbox.authorizeRec(sub.authorization.idRec)).toBe('approved');
      subs.push({ id: sub.id, customer });
    }
    // The authorisations' webhooks may be lost: reconciliation on both instances makes them active.
    await Promise.all([
      reconcileSubscriptions({ db: a.db, payments: a.app.planPayments, log: a.app.log }),
      reconcileSubscriptions({ db: b.db, payments: b.app.planPayments, log: b.app.log }),
    ]);
    expect(
      await count(sql`select count(*)::int as n from ${subscriptions} where status = ${SUBSCRIPTION_STATUS.active}`),
    ).toBe(SUBSCRIPTIONS);

    const instances = [a, b].map((t) => ({ db: t.db, payments: t.app.planPayments, log: t.app.log }));
    const twiceOnBoth = async (
      job: (deps: (typeof instances)[0], instant: Date) => Promise<unknown>,
      instant: Date,
    ) => {
      await Promise.all(instances.flatMap((deps) => [job(deps, instant), job(deps, instant)]));
    };

    // A week later: the window moves on by one date for each subscription, booked once.
    await twiceOnBoth(bookAheadAll, at(addDays(first, 1)));
    expect(await count(sql`select count(*)::int as n from ${subscriptionDates}`)).toBe(SUBSCRIPTIONS * 9);
    expect(await count(sql`select count(*)::int as n from ${appointments} where status = 'Agendado'`)).toBe(
      SUBSCRIPTIONS * 9,
    );

    // The cycle of the first date, 5 days before it: one charge per subscription at the PSP.
    await twiceOnBoth(chargeDueCycles, at(addDays(first, -5)));
    expect(
      await count(sql`select count(*)::int as n from ${subscriptionCycles} where status = ${CYCLE_STATUS.charged}`),
    ).toBe(SUBSCRIPTIONS);
    const atPsp = (
      (await psp.db.execute(sql`select count(*)::int as n from sandbox_pix_cobrs`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n;
    expect(atPsp).toBe(SUBSCRIPTIONS);

    // Every first attempt fails; the retry the next day is asked once per cycle.
    psp.sandbox.recurrenceFaults.failCycles = SUBSCRIPTIONS;
    psp.sandbox.recurrenceFaults.loseWebhooks = true;
    const cycles = await database.db.select().from(subscriptionCycles);
    for (const cycle of cycles) expect(await psp.sandbox.payCycle(cycle.txid)).toBe('rejected');
    psp.sandbox.recurrenceFaults.loseWebhooks = false;
    await twiceOnBoth(reconcileSubscriptions, at(first));
    expect(
      await count(sql`select count(*)::int as n from ${subscriptionCycles} where status = ${CYCLE_STATUS.failed}`),
    ).toBe(SUBSCRIPTIONS);
    await twiceOnBoth(retryFailedCycles, at(addDays(first, 1)));
    const tentativas = (
      (await psp.db.execute(
        sql`select sum(jsonb_array_length(tentativas))::int as n from sandbox_pix_cobrs`,
      )) as unknown as { rows: { n: number }[] }
    ).rows[0]?.n;
    expect(tentativas).toBe(SUBSCRIPTIONS * 2);
    for (const cycle of cycles) expect(await psp.sandbox.payCycle(cycle.txid)).toBe('paid');
    await twiceOnBoth(reconcileSubscriptions, at(addDays(first, 1)));
    expect(
      await count(sql`select count(*)::int as n from ${subscriptionCycles} where status = ${CYCLE_STATUS.paid}`),
    ).toBe(SUBSCRIPTIONS);
    const [one] = await database.db
      .select()
      .from(subscriptionCycles)
      .where(eq(subscriptionCycles.subscriptionId, subs[0]?.id ?? 0));
    expect(one?.attempts).toBe(2);
  });
});
