import { randomBytes } from 'node:crypto';
import { addDays, businessMoment } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type LoggedIn, openTestDatabase, type TestContext } from './helper';
import { killAllApiProcesses, startApiProcess } from './support/api-process';
import { bookingFixtures } from './support/booking';
import { checkoutFixtures } from './support/checkout';
import { type SmtpStandIn, startSmtpStandIn } from './support/smtp-stand-in';

/**
 * Two API processes on one PostgreSQL database both run the background jobs: Pix expiry,
 * reconciliation with the PSP, appointment and vaccine reminders, the outbox. Every job's effect
 * happens once: counted in SQL and at the mail server at the end.
 */
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const SKIP_REASON = 'PostgreSQL only (TEST_DATABASE_URL): two processes share one database';
const ORDERS = 8;
/** the first ones are paid at the PSP with the webhook lost: reconciliation must find them */
const PAID = 3;
const STOCK = 20;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
let smtp: SmtpStandIn | undefined;

beforeAll(async () => {
  if (!onPostgres) return;
  database = await openTestDatabase();
  smtp = await startSmtpStandIn();
});
afterAll(async () => {
  await killAllApiProcesses();
  await smtp?.stop();
  await database?.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await (database as NonNullable<typeof database>).db.execute(query)) as unknown as { rows: T[] }).rows;

/** A Monday-to-Saturday date 1–3 days ahead (employees without a schedule work then). */
function workingDayAhead() {
  for (let days = 1; ; days += 1) {
    const date = addDays(businessMoment().date, days);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() !== 0) return date;
  }
}

/** What the processes will find when they start: Pix orders, vaccines due and appointments soon. */
async function fixtures(t: TestContext) {
  const shop = checkoutFixtures(t);
  const booking = bookingFixtures(t);
  const productId = await shop.product('Ração das duas instâncias', STOCK);
  const orders: { orderId: number; paymentId: number; customer: LoggedIn }[] = [];
  for (let i = 0; i < ORDERS; i += 1) {
    const customer = await t.customer();
    const addressId = await shop.address(customer);
    const cartId = await shop.add(customer, productId, 1);
    const res = await shop.pay(customer, { cartId, addressId, paymentMethod: 'Pix' });
    if (res.statusCode !== 201) throw new Error(`Pix checkout failed: ${res.body}`);
    const data = res.json().data as { payment: { id: number }; order: { id: number } };
    orders.push({ orderId: data.order.id, paymentId: data.payment.id, customer });
  }
  const vaccines: number[] = [];
  const appointments: number[] = [];
  const date = workingDayAhead();
  for (let i = 0; i < 3; i += 1) {
    const owner = await t.customer();
    const pet = await t.app.inject({
      method: 'POST',
      url: '/api/pets',
      headers: owner.auth,
      payload: { name: `Mel ${i}`, age: 2, specie: 'Gato', size: 'Pequeno' },
    });
    const petId = pet.json().data.id as number;
    const today = businessMoment().date;
    const vaccine = await t.app.inject({
      method: 'POST',
      url: `/api/pets/${petId}/vaccines`,
      headers: owner.auth,
      payload: { name: 'Antirrábica', appliedOn: addDays(today, -360), nextDueOn: addDays(today, 3) },
    });
    if (vaccine.statusCode !== 201) throw new Error(`vaccine failed: ${vaccine.body}`);
    vaccines.push(vaccine.json().data.id as number);
    appointments.push(await booking.book(owner, date, `1${i}:00`));
  }
  return { productId, orders, vaccines, appointments };
}

/** The PSP says paid, and its webhook never arrives (what a lost notification looks like). */
async function paidAtThePspOnly(paymentId: number) {
  const endToEndId = `E99999999${new Date().toISOString().replace(/\D/g, '').slice(0, 12)}${randomBytes(6).toString('hex').slice(0, 11).toUpperCase()}`;
  await rows(sql`
    update sandbox_pix_charges c set status = 'CONCLUIDA', end_to_end_id = ${endToEndId},
      paid_cents = c.amount_cents, paid_at = now()
    from payments p where p.id = ${paymentId} and c.txid = p.txid`);
}

describe('background jobs on two instances (PostgreSQL, real processes)', () => {
  it('expire, reconcile, remind and deliver each thing exactly once', async (ctx) => {
    if (!database || !smtp) return ctx.skip(SKIP_REASON);
    const env = {
      PIX_EXPIRATION_SECONDS: '30',
      PIX_RECONCILE_SECONDS: '5',
      REMINDER_HOURS_BEFORE: '168',
      SMTP_URL: smtp.url,
      LOG_LEVEL: 'warn',
    };
    // Fixtures through an in-process app on the same database, which runs no job itself.
    const t = await createTestContext(env, database);
    const made = await fixtures(t).finally(() => t.close());
    expect(
      (await rows<{ stock: number }>(sql`select stock from products where id = ${made.productId}`))[0]?.stock,
    ).toBe(STOCK - ORDERS);

    const instances = await Promise.all([
      startApiProcess({ databaseUrl: database.url, env }),
      startApiProcess({ databaseUrl: database.url, env }),
    ]);
    for (const order of made.orders.slice(0, PAID)) await paidAtThePspOnly(order.paymentId);

    const orderIds = made.orders.map((o) => o.orderId);
    const deadline = Date.now() + 120_000;
    for (;;) {
      const [waiting] = await rows<{ orders: number; messages: number }>(sql`
        select (select count(*)::int from orders where id in ${orderIds} and status = 'Aguardando pagamento') as orders,
               (select count(*)::int from messages where status = 'pendente') as messages`);
      if (waiting?.orders === 0 && waiting.messages === 0) break;
      if (Date.now() > deadline) {
        throw new Error(
          `not settled in 120 s: ${JSON.stringify(waiting)}\n${instances.map((i) => i.output()).join('\n')}`,
        );
      }
      await sleep(500);
    }
    // More runs of every frequent job on both instances change nothing.
    await sleep(12_000);

    const [stock] = await rows<{ stock: number }>(sql`select stock from products where id = ${made.productId}`);
    expect(stock?.stock).toBe(STOCK - PAID);
    const states = await rows<{ order: string; payment: string; n: number }>(sql`
      select o.status as order, p.status as payment, count(*)::int as n
        from orders o join payments p on p.id = o.payment_id where o.id in ${orderIds}
       group by 1, 2 order by 1`);
    expect(states).toEqual([
      { order: 'Cancelado', payment: 'Expirado', n: ORDERS - PAID },
      { order: 'Processando', payment: 'Aprovado', n: PAID },
    ]);
    const perOrder = await rows<{ id: number; expired: number; paid: number; receipts: number }>(sql`
      select o.id,
        (select count(*)::int from messages m where m.event_key = 'order:' || o.id || ':expired') as expired,
        (select count(*)::int from messages m where m.event_key = 'order:' || o.id || ':paid') as paid,
        (select count(*)::int from payment_receipts r where r.payment_id = o.payment_id) as receipts
      from orders o where o.id in ${orderIds} order by o.id`);
    expect(perOrder.map(({ id, ...counts }) => counts)).toEqual(
      made.orders.map((_, i) =>
        i < PAID ? { expired: 0, paid: 1, receipts: 1 } : { expired: 1, paid: 0, receipts: 0 },
      ),
    );
    const reminders = await rows<{ kind: string; n: number; subjects: number }>(sql`
      select kind, count(*)::int as n, count(distinct event_key)::int as subjects from messages
       where kind in ('vaccine-due', 'appointment-reminder') group by kind order by kind`);
    expect(reminders).toEqual([
      { kind: 'appointment-reminder', n: 3, subjects: 3 },
      { kind: 'vaccine-due', n: 3, subjects: 3 },
    ]);

    // Delivered once: every message sent, and the mail server got exactly one mail per message.
    const outbox = await rows<{ recipient: string; subject: string; status: string }>(sql`
      select recipient, kind as subject, status from messages where channel = 'email' order by id`);
    expect(outbox.every((m) => m.status === 'enviada')).toBe(true);
    const sentTo = (list: { recipient?: string; to?: string }[]) => {
      const counts: Record<string, number> = {};
      for (const m of list) {
        const to = (m.recipient ?? m.to ?? '').toLowerCase();
        counts[to] = (counts[to] ?? 0) + 1;
      }
      return counts;
    };
    expect(sentTo(smtp.received)).toEqual(sentTo(outbox));
    console.info(
      `two instances: ${ORDERS} Pix orders (${PAID} paid via reconciliation, ${ORDERS - PAID} expired), ` +
        `${outbox.length} e-mails, ${smtp.received.length} received`,
    );

    for (const instance of instances) {
      expect((await fetch(`${instance.base}/api/health`)).status).toBe(200);
      expect((await instance.kill('SIGTERM')).code, instance.output()).toBe(0);
    }
  }, 300_000);
});
