import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDays, businessMoment } from '@petshop/domain';
import { type RunningCardStandIn, startCardStandIn } from '@petshop/sandbox/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { createTestContext, type LoggedIn, openTestDatabase, type TestContext } from './helper';
import { killAllApiProcesses, startApiProcess } from './support/api-process';
import { bookingFixtures } from './support/booking';
import { CARD_PSP } from './support/card-psp';
import { cardFor } from './support/card-token';
import { checkoutFixtures } from './support/checkout';
import { type SmtpStandIn, startSmtpStandIn } from './support/smtp-stand-in';

/**
 * Two API processes on one PostgreSQL database both run the background jobs: Pix expiry,
 * reconciliation with the PSP, appointment and vaccine reminders, the outbox; card expiry, refund
 * retry and package credit expiry. Every job's effect happens once: counted in SQL, at the mail
 * server and at the card PSP at the end. (Subscriptions: plans-jobs.test.ts.)
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

const rows = async <T>(query: ReturnType<typeof sql>, on = database) =>
  ((await (on as NonNullable<typeof database>).db.execute(query)) as unknown as { rows: T[] }).rows;

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

const CARD_STOCK = 5;

/**
 * What the card jobs will find: a card payment under review (it expires), a paid card order whose
 * refund the PSP did not take (down when asked), and two pets' package credits (one voided, one announced).
 */
async function cardFixtures(t: TestContext, psp: RunningCardStandIn) {
  const shop = checkoutFixtures(t);
  const admin = await t.admin();
  const byCard = async (holder: string) => {
    const customer = await t.customer();
    const productId = await shop.product(`Ração no cartão ${holder}`, CARD_STOCK, 10_000);
    const cartId = await shop.add(customer, productId, 1);
    const card = await cardFor(t.baseUrl, { holder });
    const res = await shop.pay(customer, {
      cartId,
      paymentMethod: 'Cartão de Crédito',
      deliveryMethod: 'Retirada na loja',
      card,
    });
    if (res.statusCode !== 201) throw new Error(`card checkout failed: ${res.body}`);
    const data = res.json().data as { payment: { id: number; pspPaymentId: string }; order: { id: number } };
    return { productId, orderId: data.order.id, paymentId: data.payment.id, pspPaymentId: data.payment.pspPaymentId };
  };
  const expiring = await byCard('CONT');
  const paid = await byCard('APRO');
  psp.cards.faults.mode = 'down';
  const refund = await t.app
    .inject({
      method: 'POST',
      url: `/api/orders/${paid.orderId}/refund`,
      headers: admin.auth,
      payload: { reason: 'Cliente desistiu' },
    })
    .finally(() => {
      psp.cards.faults.mode = 'ok';
    });
  if (refund.statusCode !== 201) throw new Error(`refund failed: ${refund.body}`);

  const booking = bookingFixtures(t);
  const pkg = await t.app.inject({
    method: 'POST',
    url: '/api/packages',
    headers: admin.auth,
    payload: {
      name: '2 banhos — porte Médio',
      size: 'Médio',
      credits: 2,
      validityDays: 45,
      price: 100,
      serviceId: await booking.service(),
    },
  });
  if (pkg.statusCode !== 201) throw new Error(`package failed: ${pkg.body}`);
  const owner = await t.customer();
  const creditOf = async (petName: string) => {
    const petId = await booking.pet(owner, petName);
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/packages/${pkg.json().data.id}/buy`,
      headers: owner.auth,
      payload: { petId, paymentMethod: 'Cartão de Crédito', card: await cardFor(t.baseUrl, { holder: 'APRO' }) },
    });
    if (bought.statusCode !== 201) throw new Error(`package purchase failed: ${bought.body}`);
    const list = await t.app.inject({ url: `/api/pets/${petId}/credits`, headers: owner.auth });
    return (list.json().data as { id: number }[])[0]?.id as number;
  };
  return {
    expiring,
    refunded: { ...paid, refundId: refund.json().data.refund.id as number },
    credits: { expired: await creditOf('Thor'), soon: await creditOf('Luna') },
  };
}

/** The card PSP stand-in behind a door that counts what the shop asks it (method and path). */
async function countedCardPsp(webhookTo: () => string) {
  const psp = await startCardStandIn({ ...CARD_PSP, webhookUrl: () => `${webhookTo()}/api/webhooks/cards` });
  const calls: string[] = [];
  const server = createServer(async (request, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    calls.push(`${request.method} ${request.url?.split('?')[0]}`);
    const headers = Object.fromEntries(
      Object.entries(request.headers).filter(
        (entry): entry is [string, string] =>
          typeof entry[1] === 'string' && !['host', 'content-length'].includes(entry[0]),
      ),
    );
    const answer = await fetch(`${psp.url}${request.url}`, {
      method: request.method,
      headers,
      ...(chunks.length > 0 ? { body: Buffer.concat(chunks) } : {}),
    });
    const body = Buffer.from(await answer.arrayBuffer());
    response.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' });
    response.end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    psp,
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: (what: string) => calls.filter((call) => call === what).length,
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      await psp.stop();
    },
  };
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
  it('expire a card payment, retry a refund and void credits each exactly once', async (ctx) => {
    if (!database) return ctx.skip(SKIP_REASON);
    // A database of its own: the runs the first test's processes queued for later (every job's next
    // run, by name) would hold back the first runs of these processes.
    const own = await openTestDatabase();
    const url = own.url as string;
    const query = <T>(text: ReturnType<typeof sql>) => rows<T>(text, own);
    let webhookTo = '';
    const card = await countedCardPsp(() => webhookTo);
    let instances: Awaited<ReturnType<typeof startApiProcess>>[] = [];
    onTestFinished(async () => {
      for (const instance of instances) await instance.kill();
      await card.stop();
      await own.close();
    });
    const env = {
      CARD_PSP_URL: card.url,
      CARD_PSP_ACCESS_TOKEN: CARD_PSP.accessToken,
      CARD_PSP_PUBLIC_KEY: CARD_PSP.publicKey,
      CARD_WEBHOOK_SECRET: CARD_PSP.webhookSecret,
      CARD_RECONCILE_SECONDS: '5',
      LOG_LEVEL: 'warn',
    };
    const t = await createTestContext(env, own);
    webhookTo = t.baseUrl;
    const made = await cardFixtures(t, card.psp).finally(() => t.close());
    const { expiring, refunded, credits } = made;
    // The refund asked while the PSP was down waits for the job; the card payment under review is past its time.
    expect(
      await query<{ status: string }>(sql`select status from payment_refunds where id = ${refunded.refundId}`),
    ).toEqual([{ status: 'pendente' }]);
    await query(sql`update payments set expires_at = now() - interval '1 minute' where id = ${expiring.paymentId}`);
    await query(sql`update pet_credits set expires_at = now() - interval '1 minute' where id = ${credits.expired}`);
    await query(sql`update pet_credits set expires_at = now() + interval '3 days' where id = ${credits.soon}`);
    const refundPath = `POST /v1/payments/${refunded.pspPaymentId}/refunds`;
    const refundCallsBefore = card.calls(refundPath);

    instances = await Promise.all([
      startApiProcess({ databaseUrl: url, env }),
      startApiProcess({ databaseUrl: url, env }),
    ]);
    webhookTo = instances[0]?.base ?? '';
    const deadline = Date.now() + 120_000;
    for (;;) {
      const [state] = await query<{ payment: string; refund: string; voided: number; notices: number }>(sql`
        select (select status from payments where id = ${expiring.paymentId}) as payment,
               (select status from payment_refunds where id = ${refunded.refundId}) as refund,
               (select count(*)::int from pet_credit_entries where credit_id = ${credits.expired} and reason = 'expiracao') as voided,
               (select count(*)::int from messages where event_key = ${`credits:${credits.soon}:expiring`}) as notices`);
      if (state?.payment === 'Expirado' && state.refund === 'concluido' && state.voided > 0 && state.notices > 0) break;
      if (Date.now() > deadline) {
        throw new Error(`not done in 120 s: ${JSON.stringify(state)}\n${instances.map((i) => i.output()).join('\n')}`);
      }
      await sleep(500);
    }
    // More runs of the frequent jobs on both instances change nothing.
    await sleep(12_000);

    const [expiry] = await query<{ order: string; stock: number; expired: number }>(sql`
      select o.status as order, (select stock from products where id = ${expiring.productId}) as stock,
        (select count(*)::int from messages m where m.event_key = 'order:' || o.id || ':expired') as expired
      from orders o where o.id = ${expiring.orderId}`);
    expect(expiry).toEqual({ order: 'Cancelado', stock: CARD_STOCK, expired: 1 });
    // One refund call reached the PSP after the instances started, and the customer was told once.
    expect(card.calls(refundPath) - refundCallsBefore).toBe(1);
    expect(card.psp.cards.payment(Number(refunded.pspPaymentId))?.refunds).toHaveLength(1);
    const [told] = await query<{ n: number }>(sql`
      select count(*)::int as n from messages where kind = 'order-refunded' and event_key like ${`order:${refunded.orderId}:%`}`);
    expect(told?.n).toBe(1);
    const ledger = await query<{ credit: number; reason: string; delta: number }>(sql`
      select credit_id as credit, reason, delta from pet_credit_entries
       where credit_id in (${credits.expired}, ${credits.soon}) order by credit_id, id`);
    expect(ledger).toEqual([
      { credit: credits.expired, reason: 'compra', delta: 2 },
      { credit: credits.expired, reason: 'expiracao', delta: -2 },
      { credit: credits.soon, reason: 'compra', delta: 2 },
    ]);
    const [notices] = await query<{ n: number }>(sql`
      select count(*)::int as n from messages where event_key = ${`credits:${credits.soon}:expiring`}`);
    expect(notices?.n).toBe(1);
    console.info(`two instances, card jobs: ${card.calls(refundPath) - refundCallsBefore} refund call at the PSP`);

    for (const instance of instances) expect((await instance.kill('SIGTERM')).code, instance.output()).toBe(0);
  }, 300_000);
});
