import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/helper';
import { call, killAllApiProcesses, startApiProcess } from '../test/support/api-process';
import { checkout, insertAddress, insertProduct, type RemoteCustomer, signUp } from '../test/support/remote-shop';
import { brokenInvariants } from './support/shop-invariants';

/**
 * `kill -9` of the API while 20 customers check out (card and Pix), then a restart on the same
 * database: nothing half-written survives in the books, and the restarted process serves.
 */
const CUSTOMERS = 20;
const PRODUCTS = 5;
const STOCK = 2000;
const LOAD_BEFORE_KILL_MS = 4000;
const LOAD_AFTER_RESTART_MS = 3000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let database: Awaited<ReturnType<typeof openTestDatabase>>;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await killAllApiProcesses();
  await database?.close();
});

describe('kill -9 under checkout load', () => {
  it('leaves consistent books and a process that serves again', async () => {
    const first = await startApiProcess({ databaseUrl: database.url, env: { LOG_LEVEL: 'warn' } });
    const base = first.base;
    const initial = new Map<number, number>();
    for (let i = 0; i < PRODUCTS; i += 1) initial.set(await insertProduct(database.db, `Carga ${i}`, STOCK), STOCK);
    const productIds = [...initial.keys()];
    const customers: { who: RemoteCustomer; addressId: number }[] = [];
    for (let i = 0; i < CUSTOMERS; i += 1) {
      const who = await signUp(base, 'carga');
      customers.push({ who, addressId: await insertAddress(database.db, who.id) });
    }

    const tally = { before: 0, after: 0, refused: 0, lost: 0, serverErrors: [] as string[] };
    let phase: 'before' | 'down' | 'after' = 'before';
    let stopAt = Number.POSITIVE_INFINITY;
    const loop = async ({ who, addressId }: (typeof customers)[number], n: number) => {
      for (let round = 0; Date.now() < stopAt; round += 1) {
        const productId = productIds[(n + round) % productIds.length] as number;
        try {
          const res = await checkout(
            base,
            who,
            addressId,
            [[productId, 1 + (round % 2)]],
            round % 2 ? 'Pix' : 'Cartão de Crédito',
          );
          if (res.status === 201) tally[phase === 'after' ? 'after' : 'before'] += 1;
          else if (res.status >= 500 && phase !== 'down') tally.serverErrors.push(`${res.status} ${res.text}`);
          else tally.refused += 1;
        } catch {
          // The connection was cut by the kill, or refused while the process was down.
          tally.lost += 1;
          await sleep(100);
        }
      }
    };
    const startedAt = Date.now();
    const load = Promise.all(customers.map(loop));
    await sleep(LOAD_BEFORE_KILL_MS);
    phase = 'down';
    const killedAt = Date.now();
    await first.kill('SIGKILL');
    const ordersBeforeKill = tally.before;

    const second = await startApiProcess({ databaseUrl: database.url, port: first.port, env: { LOG_LEVEL: 'warn' } });
    const downSeconds = (Date.now() - killedAt) / 1000;
    phase = 'after';
    const restartedAt = Date.now();
    stopAt = restartedAt + LOAD_AFTER_RESTART_MS;
    await load;

    const throughput = ordersBeforeKill / ((killedAt - startedAt) / 1000);
    console.info(
      `kill -9 under load: ${ordersBeforeKill} orders in ${((killedAt - startedAt) / 1000).toFixed(1)} s ` +
        `(${throughput.toFixed(1)}/s) before the kill, ${tally.lost} requests cut or refused while down ` +
        `(${downSeconds.toFixed(1)} s), ${tally.after} orders in ${LOAD_AFTER_RESTART_MS / 1000} s after the restart, ` +
        `${tally.refused} refused (stock or cart), ${tally.serverErrors.length} server errors`,
    );
    expect(ordersBeforeKill).toBeGreaterThan(0);
    expect(tally.after).toBeGreaterThan(0);
    expect(tally.serverErrors).toEqual([]);
    expect(await brokenInvariants(database.db, initial)).toEqual({});
    expect((await call(second.base, '/api/health')).status).toBe(200);
    await second.kill('SIGTERM');
  }, 180_000);
});
