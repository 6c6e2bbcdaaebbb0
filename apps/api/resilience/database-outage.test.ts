import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/helper';
import { type ApiProcess, call, killAllApiProcesses, startApiProcess } from '../test/support/api-process';
import { insertProduct, type RemoteCustomer, signUp } from '../test/support/remote-shop';
import { startTcpProxy } from './support/tcp-proxy';

/**
 * The database going away under a running API process: its connections killed mid-load (what a
 * restart or failover does), and the server unreachable for a while (a proxy in front of it
 * stopped). Answers are the API's pt-BR 503 meanwhile, never a crash, and service comes back.
 */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const UNAVAILABLE_CODES = ['DB_UNAVAILABLE', 'DB_TIMEOUT'];
const PT_BR_503 = /Banco de dados|banco de dados/;

let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await killAllApiProcesses();
  await database?.close();
});

interface Answer {
  at: number;
  status: number;
  code?: string;
  message?: string;
}

/** Reads and writes from `customers` until `until()`; every answer kept with its time. */
async function load(api: ApiProcess, customers: RemoteCustomer[], productId: number, until: () => boolean) {
  const answers: Answer[] = [];
  const one = async (path: string, options: Parameters<typeof call>[2]) => {
    try {
      const res = await call(api.base, path, options);
      const body = (res.json ?? {}) as { code?: string; message?: string };
      answers.push({ at: Date.now(), status: res.status, code: body.code, message: body.message });
      return res.status;
    } catch {
      answers.push({ at: Date.now(), status: 0 });
      return 0;
    }
  };
  // A read, and a write in a transaction (one unit into the cart and out again).
  await Promise.all(
    customers.map(async (who) => {
      const body = { productId, quantity: 1 };
      while (!until()) {
        await one('/api/products?limit=5', {});
        if ((await one('/api/carts/add', { method: 'POST', token: who.token, body })) === 200) {
          await one('/api/carts/remove', { method: 'POST', token: who.token, body });
        }
      }
    }),
  );
  return answers;
}

/** Anything but a success or the API's own pt-BR 503 for an unavailable database. */
const unclean = (answers: Answer[]) =>
  answers.filter(
    (a) =>
      !(a.status >= 200 && a.status < 300) &&
      !(a.status === 503 && UNAVAILABLE_CODES.includes(a.code ?? '') && PT_BR_503.test(a.message ?? '')),
  );

describe('database connections terminated mid-load', () => {
  it('in-flight requests get a clean 503, the next ones succeed, the process lives', async () => {
    const api = await startApiProcess({ databaseUrl: database.url, env: { LOG_LEVEL: 'warn' } });
    const productId = await insertProduct(database.db, 'Ração do corte', 100_000);
    const customers = await Promise.all(Array.from({ length: 8 }, () => signUp(api.base, 'corte')));

    let stopAt = Number.POSITIVE_INFINITY;
    const running = load(api, customers, productId, () => Date.now() > stopAt);
    await sleep(1500);
    const killer = new pg.Client({ connectionString: database.url, application_name: 'resilience-killer' });
    await killer.connect();
    const terminatedAt = Date.now();
    const { rows } = await killer.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
        where datname = current_database() and pid <> pg_backend_pid() and backend_type = 'client backend'`,
    );
    await killer.end();
    stopAt = Date.now() + 4000;
    const answers = await running;

    const during = answers.filter((a) => a.at >= terminatedAt && a.at < terminatedAt + 1000);
    const later = answers.filter((a) => a.at >= terminatedAt + 1000);
    const failed = answers.filter((a) => a.status === 503);
    console.info(
      `terminated ${rows.length} backends under load: ${answers.length} requests, ${failed.length} answered 503, ` +
        `${during.filter((a) => a.status < 300).length}/${during.length} ok in the first second, ` +
        `${later.filter((a) => a.status < 300).length}/${later.length} ok after it`,
    );
    expect(rows.length).toBeGreaterThan(0);
    expect(unclean(answers), api.output()).toEqual([]);
    expect(later.length).toBeGreaterThan(0);
    expect(later.filter((a) => a.status !== 200)).toEqual([]);
    expect(api.child.exitCode).toBeNull();
    expect((await call(api.base, '/api/health')).status).toBe(200);
    await api.kill('SIGTERM');
  }, 120_000);
});

describe('the database unreachable for a while', () => {
  it('health says 503 while it is gone, requests get the pt-BR 503, and it recovers when it is back', async () => {
    const target = new URL(database.url as string);
    const proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    const viaProxy = new URL(target);
    viaProxy.port = String(proxy.port);
    const api = await startApiProcess({
      databaseUrl: viaProxy.toString(),
      env: { LOG_LEVEL: 'warn', DB_ACQUIRE_TIMEOUT_MS: '1000' },
    });
    try {
      expect((await call(api.base, '/api/health')).status).toBe(200);

      await proxy.stop();
      const health = await call(api.base, '/api/health');
      expect(health.status).toBe(503);
      expect(health.json).toMatchObject({
        code: 'DB_UNAVAILABLE',
        message: 'Banco de dados indisponível.',
        data: { status: 'degraded', db: 'down' },
      });
      const list = await call(api.base, '/api/products');
      expect(list.status).toBe(503);
      expect(list.json).toMatchObject({
        code: 'DB_UNAVAILABLE',
        message: 'Banco de dados indisponível. Tente novamente em instantes.',
      });
      expect(list.headers.get('retry-after')).toBe('2');
      // Down for a few seconds: still alive, still answering.
      await sleep(3000);
      expect(api.child.exitCode).toBeNull();
      expect((await call(api.base, '/api/health')).status).toBe(503);

      await proxy.start();
      const backAt = Date.now();
      let recovered = 0;
      while (!recovered) {
        if ((await call(api.base, '/api/health')).status === 200) recovered = Date.now();
        else if (Date.now() - backAt > 30_000) throw new Error('no recovery within 30 s');
        else await sleep(50);
      }
      const firstWrite = await signUp(api.base, 'volta').then(() => Date.now());
      console.info(
        `database back: /api/health 200 after ${recovered - backAt} ms, a sign-up (writes) done after ${firstWrite - backAt} ms`,
      );
      expect(recovered - backAt).toBeLessThan(5000);
    } finally {
      await api.kill('SIGTERM');
      await proxy.stop();
    }
  }, 120_000);
});
