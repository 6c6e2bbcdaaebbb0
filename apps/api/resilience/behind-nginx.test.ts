import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { addDays, businessMoment } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, pets, services } from '../src/db/schema';
import { ensureAdmin } from '../src/modules/users/admin-account';
import { openTestDatabase } from '../test/helper';
import { type ApiProcess, call, killAllApiProcesses, startApiProcess } from '../test/support/api-process';
import { onePrice } from '../test/support/booking';
import { withCard } from '../test/support/card-token';
import {
  checkout,
  insertAddress,
  insertProduct,
  type PixOrder,
  pixOrder,
  type RemoteCustomer,
  signUp,
} from '../test/support/remote-shop';
import { type SmtpStandIn, startSmtpStandIn } from '../test/support/smtp-stand-in';
import { startNginx } from './support/nginx';
import { brokenInvariants } from './support/shop-invariants';

/**
 * The shop as production runs it: three API processes on one PostgreSQL (and Redis when
 * TEST_REDIS_URL is set), behind Debian's nginx started with the site the deployment guide ships.
 * Every call below goes through the proxy unless it says otherwise. Counted in SQL afterwards.
 */
const redisUrl = process.env.TEST_REDIS_URL;
const INSTANCES = 3;
const PIX_EXPIRATION_SECONDS = 30;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let smtp: SmtpStandIn;
let nginx: Awaited<ReturnType<typeof startNginx>>;
const apis: ApiProcess[] = [];
let env: Record<string, string>;
let proxy: string;
let expiring: { order: PixOrder; productId: number };

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpStandIn();
  env = {
    LOG_LEVEL: 'warn',
    // One proxy in front: the client is the address nginx puts in X-Forwarded-For.
    TRUST_PROXY: '1',
    SMTP_URL: smtp.url,
    PIX_EXPIRATION_SECONDS: String(PIX_EXPIRATION_SECONDS),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
  };
  apis.push(
    ...(await Promise.all(
      Array.from({ length: INSTANCES }, () => startApiProcess({ databaseUrl: database.url, env })),
    )),
  );
  nginx = await startNginx(apis.map((api) => api.port));
  proxy = nginx.base;
  // A Pix order left unpaid now: by the end of the file its 30 s are over.
  const productId = await insertProduct(database.db, 'Pix que expira', 5);
  const who = await signUp(proxy, 'expira');
  expiring = { order: await pixOrder(proxy, who, await insertAddress(database.db, who.id), productId, 2), productId };
}, 180_000);
afterAll(async () => {
  await nginx?.stop();
  await killAllApiProcesses();
  await smtp?.stop();
  await database?.close();
});

async function customers(n: number, tag: string) {
  const list: { who: RemoteCustomer; addressId: number }[] = [];
  for (let i = 0; i < n; i += 1) {
    const who = await signUp(proxy, tag);
    list.push({ who, addressId: await insertAddress(database.db, who.id) });
  }
  return list;
}

/** A JSON call from a given loopback address (all of 127.0.0.0/8 is this machine): another client. */
function callFrom(localAddress: string, path: string, body: unknown, headers: Record<string, string> = {}) {
  return new Promise<{ status: number; text: string }>((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = httpRequest(
      `${proxy}${path}`,
      {
        method: 'POST',
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload), ...headers },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

const randomLoopback = () =>
  `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;

describe('three instances behind nginx', () => {
  it('ten customers paying for the last unit: one order', async () => {
    const productId = await insertProduct(database.db, 'Última unidade no proxy', 1);
    const buyers = await customers(10, 'ultima');
    const answers = await Promise.all(
      buyers.map(({ who, addressId }, i) =>
        checkout(proxy, who, addressId, [[productId, 1]], i % 2 ? 'Pix' : 'Cartão de Crédito'),
      ),
    );
    expect(answers.filter((r) => r.status >= 500)).toEqual([]);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status !== 201).every((r) => r.status === 409)).toBe(true);
    const [stock] = await rows<{ stock: number }>(sql`select stock from products where id = ${productId}`);
    expect(stock?.stock).toBe(0);
  });

  it('ten customers booking the same slot: one appointment', async () => {
    const [service] = await database.db
      .insert(services)
      .values({ name: 'Banho no proxy', description: '', ...onePrice(5000) })
      .returning({ id: services.id });
    const [employee] = await database.db
      .insert(employees)
      .values({ name: 'Bia Proxy', phone: '11987654321', position: 'Banhista', serviceId: service?.id ?? 0 })
      .returning({ id: employees.id });
    let date = addDays(businessMoment().date, 2);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) date = addDays(date, 1);
    const bookers = [];
    for (const { who } of await customers(10, 'vaga')) {
      const [pet] = await database.db
        .insert(pets)
        .values({ userId: who.id, name: 'Rex', age: 3, specie: 'Cachorro', size: 'Médio' })
        .returning({ id: pets.id });
      bookers.push({ who, petId: pet?.id });
    }
    const answers = await Promise.all(
      bookers.map(({ who, petId }) =>
        call(proxy, '/api/appointments', {
          method: 'POST',
          token: who.token,
          body: {
            service_id: service?.id,
            employer_id: employee?.id,
            pet_id: petId,
            appointment_date: date,
            appointment_time: '14:00',
          },
        }),
      ),
    );
    expect(answers.filter((r) => r.status >= 500)).toEqual([]);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    const [booked] = await rows<{ n: number }>(
      sql`select count(*)::int as n from appointments where employee_id = ${employee?.id} and status <> 'Cancelado'`,
    );
    expect(booked?.n).toBe(1);
  });

  it.runIf(redisUrl)(
    'the login throttle counts the address nginx saw, not one a client wrote, across the three (Redis)',
    async () => {
      const who = await signUp(proxy, 'trava');
      const attacker = randomLoopback();
      const owner = randomLoopback();
      const wrong = { email: who.email, password: 'senha-errada-1' };
      const first = [];
      for (let i = 0; i < 5; i += 1) first.push((await callFrom(attacker, '/api/auth/login', wrong)).status);
      expect(first).toEqual([401, 401, 401, 401, 401]);
      // A forged X-Forwarded-For does not make a new client: nginx replaces the header.
      const forged = await callFrom(attacker, '/api/auth/login', wrong, { 'x-forwarded-for': '203.0.113.9' });
      expect(forged.status).toBe(429);
      // Another address is another client: the owner still signs in.
      expect((await callFrom(owner, '/api/auth/login', wrong)).status).toBe(401);
      expect(
        (await callFrom(owner, '/api/auth/login', { email: who.email, password: 'senha-segura-123' })).status,
      ).toBe(201);
    },
  );

  it('an edit through the proxy is read fresh on every instance', async () => {
    await ensureAdmin(database.db, 'dono.proxy@exemplo.com.br', 'senha-do-dono-123');
    const login = await call(proxy, '/api/auth/login', {
      method: 'POST',
      body: { email: 'dono.proxy@exemplo.com.br', password: 'senha-do-dono-123' },
    });
    const token = (login.json.data as { token: string }).token;
    const productId = await insertProduct(database.db, 'Petisco editado', 30);
    const product = (await call(proxy, `/api/products/${productId}`)).json.data as Record<string, unknown>;
    // Every instance has the list and the product in its cache.
    for (const api of apis) {
      for (let i = 0; i < 2; i += 1) {
        await call(api.base, '/api/products?limit=200');
        await call(api.base, `/api/products/${productId}`);
      }
    }
    for (const price of [41.5, 42.5]) {
      const edit = await call(proxy, `/api/products/${productId}`, {
        method: 'PUT',
        token,
        body: {
          name: product.name,
          description: product.description,
          price,
          stock: 30,
          category_id: product.category_id,
          species_id: product.species_id,
          url: product.url,
        },
      });
      expect(edit.status).toBe(200);
      const started = Date.now();
      for (const api of apis) {
        for (;;) {
          const one = (await call(api.base, `/api/products/${productId}`)).json.data as { price: number };
          const list = (await call(api.base, '/api/products?limit=200')).json.data as { id: number; price: number }[];
          if (one.price === price && list.find((p) => p.id === productId)?.price === price) break;
          expect(Date.now() - started).toBeLessThan(1000);
          await sleep(10);
        }
      }
    }
  });

  it('checkout throughput: three instances through nginx against one instance directly, in the same run', async () => {
    const productId = await insertProduct(database.db, 'Carga de vazão', 100_000);
    const buyers = await customers(20, 'vazao');
    const ordersPerSecond = async (base: string, ms: number) => {
      const stopAt = Date.now() + ms;
      let orders = 0;
      await Promise.all(
        buyers.map(async ({ who, addressId }) => {
          while (Date.now() < stopAt) {
            if ((await checkout(base, who, addressId, [[productId, 1]], 'Cartão de Crédito')).status === 201)
              orders += 1;
          }
        }),
      );
      return orders / (ms / 1000);
    };
    const direct = await ordersPerSecond((apis[2] as ApiProcess).base, 4000);
    const proxied = await ordersPerSecond(proxy, 4000);
    console.info(
      `checkout, 20 customers: ${direct.toFixed(1)} orders/s on one instance directly, ${proxied.toFixed(1)} orders/s through nginx on three`,
    );
    expect(direct).toBeGreaterThan(0);
    expect(proxied).toBeGreaterThan(0);
  });

  it('kill -9 of one instance and a restart of another under checkout load: no order lost or doubled', async () => {
    const PRODUCTS = 4;
    const STOCK = 5000;
    const initial = new Map<number, number>();
    for (let i = 0; i < PRODUCTS; i += 1)
      initial.set(await insertProduct(database.db, `Carga proxy ${i}`, STOCK), STOCK);
    const productIds = [...initial.keys()];
    const buyers = await customers(20, 'carga-proxy');

    /** Each payment carries an Idempotency-Key; a cut one is sent again with the same key, as a client does. */
    const outcome = new Map<string, { userId: number; orderId?: number; status?: number }>();
    const timeline: { at: number; ok: boolean }[] = [];
    let stopAt = Number.POSITIVE_INFINITY;
    const pay = async (who: RemoteCustomer, body: unknown, key: string) => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        try {
          const res = await call(proxy, '/api/payments/pay', {
            method: 'POST',
            token: who.token,
            body,
            headers: { 'idempotency-key': key },
          });
          if (res.status !== 502 && res.status !== 503 && res.status !== 504) return res;
        } catch {
          // cut by the kill
        }
        await sleep(200);
      }
      return undefined;
    };
    const tokenised = async (payload: { cartId: number; addressId: number; paymentMethod: string }) => {
      for (let attempt = 0; attempt < 5; attempt += 1) {
        const body = await withCard(proxy, payload).catch(() => undefined);
        if (body) return body;
        await sleep(200);
      }
      return undefined;
    };
    const loop = async ({ who, addressId }: (typeof buyers)[number], n: number) => {
      for (let round = 0; Date.now() < stopAt; round += 1) {
        const productId = productIds[(n + round) % productIds.length] as number;
        const added = await call(proxy, '/api/carts/add', {
          method: 'POST',
          token: who.token,
          body: { productId, quantity: 1 },
        }).catch(() => undefined);
        if (added?.status !== 200) {
          timeline.push({ at: Date.now(), ok: false });
          await sleep(100);
          continue;
        }
        const cartId = (added.json.data as { cart: { id: number } }).cart.id;
        // The browser tokenises the card at the PSP (the sandbox, behind the same proxy) and tries again when cut.
        const body = await tokenised({ cartId, addressId, paymentMethod: round % 2 ? 'Pix' : 'Cartão de Crédito' });
        if (!body) {
          timeline.push({ at: Date.now(), ok: false });
          continue;
        }
        const key = randomUUID();
        outcome.set(key, { userId: who.id });
        const res = await pay(who, body, key);
        const orderId = res?.status === 201 ? (res.json.data as { order: { id: number } }).order.id : undefined;
        outcome.set(key, { userId: who.id, orderId, status: res?.status });
        timeline.push({ at: Date.now(), ok: res?.status === 201 });
      }
    };

    const startedAt = Date.now();
    const load = Promise.all(buyers.map(loop));
    await sleep(4000);
    const killedAt = Date.now();
    const victim = apis[0] as ApiProcess;
    await victim.kill('SIGKILL');
    await sleep(2000);
    // Another instance restarted gracefully (a deploy): SIGTERM, then the same port again.
    const restarted = apis[1] as ApiProcess;
    await restarted.kill('SIGTERM');
    apis[1] = await startApiProcess({ databaseUrl: database.url, port: restarted.port, env });
    // The killed one comes back, as systemd's Restart=always would.
    const backFrom = Date.now();
    apis[0] = await startApiProcess({ databaseUrl: database.url, port: victim.port, env });
    const victimBackAt = Date.now();
    stopAt = Date.now() + 3000;
    await load;

    const failedAfterKill = timeline.filter((t) => t.at >= killedAt && !t.ok);
    const firstOkAfterKill = timeline.filter((t) => t.at >= killedAt && t.ok).sort((a, b) => a.at - b.at)[0];
    const ordersBeforeKill = timeline.filter((t) => t.at < killedAt && t.ok).length;
    console.info(
      `three instances behind nginx: ${ordersBeforeKill} orders in ${((killedAt - startedAt) / 1000).toFixed(1)} s before the kill ` +
        `(${(ordersBeforeKill / ((killedAt - startedAt) / 1000)).toFixed(1)}/s); after kill -9: first order ` +
        `${firstOkAfterKill ? firstOkAfterKill.at - killedAt : 'never'} ms later, ${failedAfterKill.length} carts or payments failed; ` +
        `killed instance back in ${((victimBackAt - backFrom) / 1000).toFixed(1)} s; ${timeline.filter((t) => t.ok).length} orders in all`,
    );

    // Every payment has one final answer, and it is the book's.
    const keys = [...outcome.entries()];
    expect(keys.filter(([, o]) => o.status === undefined || o.status >= 500)).toEqual([]);
    // Every payment is a valid one (cards carry a token), so each ends as an order: the rate above counts both methods.
    expect(keys.filter(([, o]) => o.status !== 201)).toEqual([]);
    const paid = await rows<{ key: string; order_id: number }>(sql`
      select p.idempotency_key as key, o.id as order_id from payments p join orders o on o.payment_id = p.id
       where p.user_id in ${buyers.map((b) => b.who.id)}`);
    const booked = new Map(paid.map((r) => [r.key, r.order_id]));
    // Not lost: every 201 has its order. Not doubled: one order per key, and none without a 201.
    for (const [key, o] of keys) {
      if (o.status === 201) expect(booked.get(key)).toBe(o.orderId);
      else expect(booked.has(key)).toBe(false);
    }
    expect(paid.length).toBe(keys.filter(([, o]) => o.status === 201).length);
    expect(await brokenInvariants(database.db, initial)).toEqual({});
    expect(firstOkAfterKill).toBeDefined();
  }, 240_000);

  it('the unpaid Pix order expires once, its stock back once, its e-mail sent once', async () => {
    const deadline = expiring.order.expiresAt.getTime() + 60_000;
    for (;;) {
      const [state] = await rows<{ status: string }>(
        sql`select status from orders where id = ${expiring.order.orderId}`,
      );
      if (state?.status === 'Cancelado') break;
      expect(Date.now()).toBeLessThan(deadline);
      await sleep(500);
    }
    const [stock] = await rows<{ stock: number }>(sql`select stock from products where id = ${expiring.productId}`);
    expect(stock?.stock).toBe(5);
    const [expired] = await rows<{ n: number }>(
      sql`select count(*)::int as n from messages where event_key = ${`order:${expiring.order.orderId}:expired`}`,
    );
    expect(expired?.n).toBe(1);
  }, 120_000);

  it('the outbox: every message due is delivered once, whichever instance sent it', async () => {
    // Reminders wait for their day (send_after); everything else written so far is due now.
    const deadline = Date.now() + 60_000;
    for (;;) {
      const due = await rows<Record<string, unknown>>(
        sql`select id, kind, attempts, last_error, lease_until > now() as leased, lease_owner, send_after
              from messages where channel = 'email' and status = 'pendente' and send_after <= now() order by id`,
      );
      if (due.length === 0) break;
      // A failure names what stayed behind: kind, attempts, last error, whether a sender still holds it.
      if (Date.now() > deadline) expect(due).toEqual([]);
      await sleep(500);
    }
    const books = await rows<{ id: number; status: string; last_error: string | null }>(
      sql`select id, status, last_error from messages where channel = 'email' and status in ('enviada', 'falhou') order by id`,
    );
    // Every try of one outbox row carries its Message-ID: a repeat would show as a count of 2.
    const received = new Map<number, number>();
    for (const mail of smtp.received) {
      const id = Number(/^<mensagem-(\d+)@/.exec(mail.parsed.messageId ?? '')?.[1] ?? 0);
      received.set(id, (received.get(id) ?? 0) + 1);
    }
    const sent = books.filter((m) => m.status === 'enviada');
    // A message cut mid-send by the kill may or may not have arrived, and is never sent again.
    const interrupted = books.filter((m) => m.status === 'falhou' && /pode ter chegado/.test(m.last_error ?? ''));
    expect([...received.values()].filter((n) => n > 1)).toEqual([]);
    expect(sent.filter((m) => received.get(m.id) !== 1).map((m) => m.id)).toEqual([]);
    const known = new Set([...sent, ...interrupted].map((m) => m.id));
    expect([...received.keys()].filter((id) => !known.has(id))).toEqual([]);
    expect(sent.length).toBeGreaterThan(0);
    console.log(
      `outbox behind nginx: ${sent.length} e-mails sent once each, ${interrupted.length} cut mid-send by the kill (not sent again)`,
    );
    expect(nginx.errors()).not.toMatch(/\[(emerg|alert|crit)\]/);
  }, 120_000);
});
