import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './helper';
import { type ApiProcess, killAllApiProcesses, startApiProcess } from './support/api-process';
import { insertAddress, insertProduct, pixOrder, signUp } from './support/remote-shop';

/**
 * A Pix order outlives the process that took it: killed (SIGKILL) between the order and its expiry,
 * or in the middle of the expiry run itself, the API restarted on the same database still expires
 * the order within 60 s and gives its stock back once. Real processes on one PostgreSQL database.
 */
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const SKIP_REASON = 'PostgreSQL only (TEST_DATABASE_URL): a restarted process must find the same database';
const EXPIRATION_SECONDS = 30;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;

beforeAll(async () => {
  // The database lives until afterAll: its `close` drops it.
  if (onPostgres) database = await openTestDatabase();
});
afterAll(async () => {
  await killAllApiProcesses();
  await database?.close();
});

const one = async <T>(query: ReturnType<typeof sql>) =>
  ((await (database as NonNullable<typeof database>).db.execute(query)) as unknown as { rows: T[] }).rows[0] as T;

const orderState = (orderId: number) =>
  one<{ order: string; payment: string }>(
    sql`select o.status as order, p.status as payment from orders o join payments p on p.id = o.payment_id where o.id = ${orderId}`,
  );
const stockOf = async (productId: number) =>
  (await one<{ stock: number }>(sql`select stock from products where id = ${productId}`)).stock;
const expiredMessages = async (orderId: number) =>
  (
    await one<{ n: number }>(
      sql`select count(*)::int as n from messages where event_key = ${`order:${orderId}:expired`} and channel = 'email'`,
    )
  ).n;

/** Polls until the order is cancelled; answers when that was seen. */
async function cancelledAt(orderId: number, withinMs: number) {
  const deadline = Date.now() + withinMs;
  while (Date.now() < deadline) {
    if ((await orderState(orderId)).order === 'Cancelado') return Date.now();
    await sleep(250);
  }
  throw new Error(`order ${orderId} not cancelled within ${withinMs} ms: ${JSON.stringify(await orderState(orderId))}`);
}

const start = (port?: number, env: Record<string, string> = {}) =>
  startApiProcess({
    databaseUrl: database?.url,
    port,
    env: { PIX_EXPIRATION_SECONDS: String(EXPIRATION_SECONDS), LOG_LEVEL: 'warn', ...env },
  });

describe('Pix expiry across a crash (PostgreSQL, real processes)', () => {
  it('killed before expiry, restarted after it: expired within 60 s of expiresAt, stock back once', async (ctx) => {
    if (!database) return ctx.skip(SKIP_REASON);
    const first = await start();
    const customer = await signUp(first.base, 'expira');
    const addressId = await insertAddress(database.db, customer.id);
    const productId = await insertProduct(database.db, 'Ração que volta', 5);
    const order = await pixOrder(first.base, customer, addressId, productId, 2);
    await first.kill('SIGKILL');
    expect(await orderState(order.orderId)).toEqual({ order: 'Aguardando pagamento', payment: 'Pendente' });
    expect(await stockOf(productId)).toBe(3);

    // Down at the moment of expiry.
    await sleep(Math.max(0, order.expiresAt.getTime() - Date.now()) + 1000);
    const second = await start(first.port);
    const seen = await cancelledAt(order.orderId, 90_000);
    const late = (seen - order.expiresAt.getTime()) / 1000;
    console.info(`expiry after a crash: cancelled ${late.toFixed(1)} s after expiresAt`);
    expect(late).toBeLessThan(60);
    expect(await orderState(order.orderId)).toEqual({ order: 'Cancelado', payment: 'Expirado' });
    expect(await stockOf(productId)).toBe(5);

    // Another expiry run (every 10 s) gives nothing back a second time.
    await sleep(12_000);
    expect(await stockOf(productId)).toBe(5);
    expect(await expiredMessages(order.orderId)).toBe(1);
    await second.kill('SIGTERM');
  }, 240_000);

  it('killed in the middle of the expiry run: the restarted process finishes it within 60 s', async (ctx) => {
    if (!database?.url) return ctx.skip(SKIP_REASON);
    // Lock waits as long as the test needs: the expiry run hangs on a row the test holds.
    const hanging = { DB_LOCK_TIMEOUT_MS: '300000', DB_STATEMENT_TIMEOUT_MS: '300000' };
    const first = await start(undefined, hanging);
    const customer = await signUp(first.base, 'meio');
    const addressId = await insertAddress(database.db, customer.id);
    const productId = await insertProduct(database.db, 'Areia que volta', 4);
    const order = await pixOrder(first.base, customer, addressId, productId, 1);
    expect(await stockOf(productId)).toBe(3);

    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    let second: ApiProcess | undefined;
    try {
      await holder.query('begin');
      await holder.query('select id from payments where id = $1 for update', [order.paymentId]);
      // The expiry job reaches the order after expiresAt and waits for the lock: kill it there.
      const deadline = order.expiresAt.getTime() + 60_000;
      // Read from another session: inside a transaction pg_stat_activity stays as first read.
      for (;;) {
        const waiting = await one<{ n: number }>(
          sql`select count(*)::int as n from pg_stat_activity
               where datname = current_database() and wait_event_type = 'Lock' and query ilike 'update "payments"%'`,
        );
        if (waiting.n > 0) break;
        if (Date.now() > deadline) throw new Error(`the expiry run never reached the order:\n${first.output()}`);
        await sleep(250);
      }
      await first.kill('SIGKILL');
      await holder.query('rollback');
      second = await start(first.port);
    } finally {
      await holder.end();
    }
    const ready = Date.now();
    const seen = await cancelledAt(order.orderId, 200_000);
    const took = (seen - ready) / 1000;
    console.info(`expiry cut by a crash: finished ${took.toFixed(1)} s after the restart`);
    expect(took, second?.output()).toBeLessThan(60);
    expect(await orderState(order.orderId)).toEqual({ order: 'Cancelado', payment: 'Expirado' });
    expect(await stockOf(productId)).toBe(4);
    expect(await expiredMessages(order.orderId)).toBe(1);
    await second?.kill('SIGTERM');
  }, 360_000);
});
