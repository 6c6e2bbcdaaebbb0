import { addDays, businessMoment, weekdayOf } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { lockSubscriptionIfFree } from '../src/modules/plans/plans.repository';
import { reconcileSubscriptions } from '../src/modules/plans/recurrence-sync';
import { bookAheadAll, chargeDueCycles, retryFailedCycles } from '../src/modules/plans/subscription-charging';
import { bookAhead } from '../src/modules/plans/subscription-series';
import { createTestContext, type TestContext } from './helper';
import { bookingFixtures } from './support/booking';
import { type PixPspStandIn, PSP_CLIENT, PSP_WEBHOOK_SECRET, startPixPspStandIn } from './support/pix-psp-stand-in';

/**
 * Measurements for the README (PLANS_SCALE=5000, PostgreSQL): a month of the subscription jobs for
 * that many weekly subscriptions (wall time and the shop's queries), and the availability's p99
 * with them booked 8 weeks ahead. Skipped unless PLANS_SCALE is set.
 */
const SCALE = Number(process.env.PLANS_SCALE ?? 0);
const onPostgres = process.env.TEST_DB === 'postgres';
vi.setConfig({ testTimeout: 3_600_000, hookTimeout: 600_000 });

let t: TestContext;
let psp: PixPspStandIn;
beforeAll(async () => {
  if (!SCALE || !onPostgres) return;
  psp = await startPixPspStandIn(() => `${t.baseUrl}/api/webhooks`);
  t = await createTestContext({
    PIX_API_URL: psp.url,
    PIX_CLIENT_ID: PSP_CLIENT.id,
    PIX_CLIENT_SECRET: PSP_CLIENT.secret,
    PIX_KEY: '7d9f0335-8dcc-4054-9bf9-0c5a2e4b1f6a',
    PIX_WEBHOOK_SECRET: PSP_WEBHOOK_SECRET,
    PIX_TIMEOUT_MS: '10000',
  });
});
afterAll(async () => {
  await t?.close();
  await psp?.stop();
});

/** Counts the statements the shop's own pool sends (the PSP stand-in's database is another). */
function countQueries(db: TestContext['db']) {
  const pool = (db as unknown as { $client: pg.Pool }).$client;
  let n = 0;
  const wrap = (client: { query: (...args: unknown[]) => unknown; __counted?: boolean }) => {
    if (client.__counted) return;
    client.__counted = true;
    const original = client.query.bind(client);
    client.query = (...args: unknown[]) => {
      n += 1;
      return original(...args);
    };
  };
  for (const client of (pool as unknown as { _clients: never[] })._clients) wrap(client);
  pool.on('connect', (client) => wrap(client as never));
  return { read: () => n, reset: () => (n = 0) };
}

const at = (date: string) => new Date(`${date}T15:00:00Z`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
};

describe.skipIf(!SCALE || !onPostgres)(`${SCALE} weekly subscriptions`, () => {
  it('a month of subscription jobs, and availability with them booked ahead', async () => {
    const f = bookingFixtures(t);
    const serviceId = await f.service();
    const today = businessMoment().date;
    // 20 half-hour starts × 6 weekdays per employee: enough employees for every subscription a slot.
    const employeeCount = Math.ceil(SCALE / 100);
    const employeeIds: number[] = [];
    for (let i = 0; i < employeeCount; i += 1) employeeIds.push(await f.employee(`Groomer ${i}`));
    const [plan] = (
      (await t.db.execute(
        sql`insert into plans (name, service_id, size, frequency, price_cents) values ('Banho semanal', ${serviceId}, 'Médio', 'SEMANAL', 6000) returning id`,
      )) as unknown as { rows: { id: number }[] }
    ).rows;
    await t.db.execute(sql`
      insert into users (name, email, cpf, phone, password_hash)
      select 'Assinante ' || g, 'assinante' || g || '@escala.test', lpad((90000000000 + g)::text, 11, '0'), '11987654321', 'x'
        from generate_series(1, ${SCALE}) g`);
    await t.db.execute(sql`
      insert into pets (user_id, name, age, specie, size)
      select id, 'Pet ' || id, 3, 'Cachorro', 'Médio' from users where email like '%@escala.test'`);
    // Each subscription its own (employee, weekday, time); its first date the next such weekday from tomorrow.
    const employeesArray = `{${employeeIds.join(',')}}`;
    await t.db.execute(sql`
      insert into subscriptions (plan_id, user_id, pet_id, employee_id, weekday, time, status, payment_method,
                                 price_cents, frequency, anchor_date, id_rec, rec_status)
      select ${plan?.id}, p.user_id, p.id, (${employeesArray}::int[])[1 + (n - 1) / 100],
             1 + ((n - 1) % 100) / 20,
             to_char(time '08:00' + (((n - 1) % 20) * interval '30 minutes'), 'HH24:MI'),
             'Ativa', 'Pix Automático', 6000, 'SEMANAL',
             ${today}::date + 1 + ((1 + ((n - 1) % 100) / 20) - extract(dow from ${today}::date + 1)::int + 7) % 7,
             'RR99999999' || to_char(now(), 'YYYYMMDD') || lpad(n::text, 11, '0'), 'APROVADA'
        from (select id, user_id, (row_number() over (order by id))::int as n from pets where name like 'Pet %' and user_id in (select id from users where email like '%@escala.test')) p`);
    await psp.db.execute(sql`
      insert into sandbox_pix_recs (id_rec, status, body, atualizacao)
      select 'RR99999999' || to_char(now(), 'YYYYMMDD') || lpad(g::text, 11, '0'), 'APROVADA',
             '{"politicaRetentativa":"PERMITE_3R_7D"}'::jsonb, '[]'::jsonb
        from generate_series(1, ${SCALE}) g`);

    const deps = { db: t.db, payments: t.app.planPayments, log: t.app.log };
    const queries = countQueries(t.db);

    // Booking 8 weeks ahead for all of them: by the job (measured) when PLANS_SCALE_BOOKING is set,
    // else written in bulk (the same rows) so the rest measures quickly.
    let started = performance.now();
    queries.reset();
    if (process.env.PLANS_SCALE_BOOKING) {
      await bookAheadAll(deps, at(today));
      const firstBooking = { ms: performance.now() - started, queries: queries.read() };
      console.log(
        `[measure] book 8 weeks ahead for ${SCALE} subscriptions: ${(firstBooking.ms / 1000).toFixed(1)} s, ${firstBooking.queries} queries (${(firstBooking.ms / SCALE).toFixed(1)} ms per subscription)`,
      );
    } else {
      // One statement for 39,000 rows: longer than a request may take on a loaded machine.
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 0`);
        await tx.execute(sql`
        with d as (
          select s.id as sid, s.user_id, s.pet_id, s.employee_id, s.time, s.anchor_date + 7 * k as on_date
            from subscriptions s, generate_series(0, 7) k
           where s.anchor_date + 7 * k < ${addDays(today, 56)}::date),
        ins as (
          insert into appointments (user_id, pet_id, service_id, employee_id, appointment_date, appointment_time, duration_minutes, price_cents)
          select user_id, pet_id, ${serviceId}, employee_id, on_date, time, 30, 0 from d
          returning id, pet_id, appointment_date)
        insert into subscription_dates (subscription_id, on_date, appointment_id, state)
        select d.sid, d.on_date, ins.id, 'agendado' from d join ins on ins.pet_id = d.pet_id and ins.appointment_date = d.on_date`);
      });
    }
    const booked = Number(
      (
        (await t.db.execute(sql`select count(*)::int as n from appointments where status = 'Agendado'`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n,
    );
    // 8 dates each, 7 for those whose weekday is today's (their first date is a week away).
    expect(booked).toBeGreaterThanOrEqual(SCALE * 7);

    // Availability p99 with every subscription booked 8 weeks ahead.
    const viewer = await t.customer();
    const timings: number[] = [];
    for (let i = 0; i < 300; i += 1) {
      const employee = employeeIds[i % employeeIds.length];
      const date = addDays(today, 1 + (i % 50));
      const s = performance.now();
      const res = await t.app.inject({
        url: `/api/appointments/availability?employer_id=${employee}&date=${date}`,
        headers: viewer.auth,
      });
      timings.push(performance.now() - s);
      expect(res.statusCode).toBe(200);
    }
    console.log(
      `[measure] availability with ${booked} appointments booked ahead: p50 ${percentile(timings, 50).toFixed(1)} ms, p99 ${percentile(timings, 99).toFixed(1)} ms (300 requests)`,
    );

    // One subscription booked 8 weeks ahead (lock, then each date) with all of them booked: 200
    // more, on Saturdays (the others' weekdays are Monday to Friday), each in its own transaction
    // as the job books it.
    const extra = 200;
    await t.db.execute(sql`
      insert into users (name, email, cpf, phone, password_hash)
      select 'Mais um ' || g, 'mais' || g || '@escala.test', lpad((80000000000 + g)::text, 11, '0'), '11987654321', 'x'
        from generate_series(1, ${extra}) g`);
    const extraIds = (
      (await t.db.execute(sql`
        with p as (
          insert into pets (user_id, name, age, specie, size)
          select id, 'Mais ' || id, 3, 'Cachorro', 'Médio' from users where email like 'mais%@escala.test'
          returning id, user_id),
        n as (select id, user_id, (row_number() over (order by id))::int as n from p)
        insert into subscriptions (plan_id, user_id, pet_id, employee_id, weekday, time, status, payment_method,
                                   price_cents, frequency, anchor_date, rec_status)
        select ${plan?.id}, n.user_id, n.id, (${employeesArray}::int[])[1 + (n - 1) % ${employeeCount}], 6,
               to_char(time '08:00' + (((n - 1) / ${employeeCount}) * interval '30 minutes'), 'HH24:MI'),
               'Ativa', 'Cartão de Crédito', 6000, 'SEMANAL',
               ${today}::date + 1 + (6 - extract(dow from ${today}::date + 1)::int + 7) % 7, null
          from n
        returning id`)) as unknown as { rows: { id: number }[] }
    ).rows;
    const now = businessMoment(at(today));
    const each: number[] = [];
    queries.reset();
    for (const { id } of extraIds) {
      const s = performance.now();
      await t.db.transaction(async (tx) => {
        const sub = await lockSubscriptionIfFree(tx, id);
        if (sub) await bookAhead(tx, sub, now);
      });
      each.push(performance.now() - s);
    }
    const extraBooked = Number(
      (
        (await t.db.execute(
          sql`select count(*)::int as n from subscription_dates where state = 'agendado' and subscription_id in (select id from subscriptions where weekday = 6)`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n,
    );
    expect(extraBooked).toBeGreaterThanOrEqual(extra * 7);
    console.log(
      `[measure] one subscription booked 8 weeks ahead with ${booked} appointments booked: p50 ${percentile(each, 50).toFixed(1)} ms, p99 ${percentile(each, 99).toFixed(1)} ms, max ${Math.max(...each).toFixed(1)} ms (${extra} subscriptions, ${extraBooked} dates, ${(queries.read() / extra).toFixed(1)} queries each)`,
    );

    // A month of the jobs, one day at a time with the controllable clock: booking ahead, the
    // charges 2–10 days ahead, retries, and the reconciliation that learns each payment (the
    // stand-in's webhooks are off: every settlement is learnt by asking the PSP).
    psp.sandbox.recurrenceFaults.loseWebhooks = true;
    // PLANS_MONTH: how many of them go through the month (the rest paused), to keep the run short.
    const month = Number(process.env.PLANS_MONTH ?? SCALE);
    await t.db.execute(
      sql`update subscriptions set status = 'Pausada' where id > (select min(id) from subscriptions) + ${month} - 1`,
    );
    queries.reset();
    started = performance.now();
    let pspMs = 0;
    for (let day = 0; day < 30; day += 1) {
      const date = addDays(today, day);
      await bookAheadAll(deps, at(date));
      await chargeDueCycles(deps, at(date));
      await retryFailedCycles(deps, at(date));
      // The payers' banks settle the charges due today (the PSP's work, not counted as the shop's).
      const s = performance.now();
      const due = (
        (await psp.db.execute(
          sql`select txid from sandbox_pix_cobrs where due_on = ${date}::date and status = 'ATIVA'`,
        )) as unknown as {
          rows: { txid: string }[];
        }
      ).rows;
      for (const { txid } of due) await psp.sandbox.payCycle(txid);
      pspMs += performance.now() - s;
      await reconcileSubscriptions(deps, at(date));
    }
    const work = { ms: performance.now() - started - pspMs, queries: queries.read() };
    const cycles = (
      (await t.db.execute(
        sql`select status, count(*)::int as n from subscription_cycles group by status`,
      )) as unknown as {
        rows: { status: string; n: number }[];
      }
    ).rows;
    console.log(
      `[measure] a month of subscription jobs for ${month} subscriptions (of ${SCALE}): ${(work.ms / 1000).toFixed(1)} s of the shop's work (+${(pspMs / 1000).toFixed(1)} s of the PSP settling), ${work.queries} queries; cycles ${JSON.stringify(cycles)}`,
    );
    expect(cycles.find((c) => c.status === 'Paga')?.n).toBeGreaterThan(month * 3);
    void weekdayOf;
  });
});
