import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, businessMoment } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { brokenInvariants } from '../resilience/support/shop-invariants';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { LOCK_FILE } from '../src/db/data-dir';
import { backup, restore } from '../src/modules/backup/backup-cli';
import { createTestContext, type LoggedIn, openTestDatabase, type TestContext, testConfig } from './helper';
import { bookingFixtures } from './support/booking';
import { checkout, insertAddress, insertProduct, type RemoteCustomer, signUp } from './support/remote-shop';

/**
 * `npm run backup` of a shop with orders, payments and appointments while customers keep buying,
 * `npm run restore` into an empty database, and the app started on the copy finds all of it.
 * PostgreSQL: pg_dump / pg_restore. Embedded: the copy the running shop makes of its data folder.
 */
const work = mkdtempSync(join(tmpdir(), 'petshop-backup-test-'));
let database: Database & { url?: string };
let t: TestContext;
let restoredUrl: string | undefined;

beforeAll(async () => {
  if (inject('pgTemplate')) database = await openTestDatabase();
  else {
    // A data folder on disk, as `npm start` has: the snapshot unpacked into it.
    const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
    database = openDatabase({ dataDir: join(work, 'shop'), snapshot });
  }
  t = await createTestContext({ DATA_DIR: join(work, 'shop') }, database);
});
afterAll(async () => {
  await t?.close();
  await database?.close();
  if (restoredUrl) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(restoredUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  }
  rmSync(work, { recursive: true, force: true });
});

const rows = async <T>(db: TestContext['db'], query: ReturnType<typeof sql>) =>
  ((await db.execute(query)) as unknown as { rows: T[] }).rows;

async function emptyPostgresDatabase() {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `petshop_restore_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

describe('backup and restore', () => {
  it('copies a running shop with its orders, payments and appointments, and the copy serves them all', async () => {
    const productId = await insertProduct(t.db, 'Ração de cópia', 500);
    const buyers: { who: RemoteCustomer; addressId: number }[] = [];
    for (let i = 0; i < 4; i += 1) {
      const who = await signUp(t.baseUrl, 'copia');
      buyers.push({ who, addressId: await insertAddress(t.db, who.id) });
    }
    const placed: number[] = [];
    const buy = async (i: number) => {
      const { who, addressId } = buyers[i % buyers.length] as (typeof buyers)[number];
      const res = await checkout(t.baseUrl, who, addressId, [[productId, 1]], i % 2 ? 'Pix' : 'Cartão de Crédito');
      expect(res.status).toBe(201);
      placed.push((res.json.data as { order: { id: number } }).order.id);
    };
    for (let i = 0; i < 6; i += 1) await buy(i);
    const booking = bookingFixtures(t);
    const owner: LoggedIn = await t.customer();
    let date = addDays(businessMoment().date, 3);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) date = addDays(date, 1);
    const appointmentId = await booking.book(owner, date, '10:00');

    // Customers keep buying while the copy is taken: it holds whole orders only.
    let buying = true;
    const during = (async () => {
      for (let i = 6; buying; i += 1) await buy(i);
    })();
    const file = join(work, t.kind === 'postgres' ? 'shop.dump' : 'shop.tar.gz');
    const copy = await backup({ ...t.config, DATABASE_URL: database.url }, file, t.baseUrl).finally(() => {
      buying = false;
    });
    await during;
    expect(copy.bytes).toBeGreaterThan(0);
    expect(copy.via).toBe(t.kind === 'postgres' ? 'pg_dump' : 'running shop');

    let config = testConfig({ DATA_DIR: join(work, 'restored') });
    if (t.kind === 'postgres') {
      restoredUrl = await emptyPostgresDatabase();
      config = testConfig({ DATABASE_URL: restoredUrl });
    }
    await restore(config, file);
    // The copy came with the running shop's lock; the restored folder must not keep it.
    if (t.kind === 'pglite') expect(existsSync(join(config.DATA_DIR, LOCK_FILE))).toBe(false);
    // Restoring twice into the same place is refused: a copy never mixes with what is there.
    await expect(restore(config, file)).rejects.toThrow(/vazi/);

    const restored = openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
    const app = await buildApp({ config, db: restored.db, logger: false });
    try {
      await app.ready();
      const orderIds = (await rows<{ id: number }>(restored.db, sql`select id from orders order by id`)).map(
        (r) => r.id,
      );
      // Every order placed before the copy began is there; those placed during it are whole or absent.
      const before = placed.slice(0, 6);
      expect(orderIds).toEqual(expect.arrayContaining(before));
      expect(await brokenInvariants(restored.db, new Map([[productId, 500]]))).toEqual({});

      // The app on the copy serves them to their owners (sessions survive: same secret, same users).
      for (const { who } of buyers) {
        const res = await app.inject({ url: '/api/orders', headers: { authorization: `Bearer ${who.token}` } });
        expect(res.statusCode).toBe(200);
        const mine = (res.json().data as { id: number }[]).map((o) => o.id);
        const original = await rows<{ id: number }>(
          t.db,
          sql`select id from orders where user_id = ${who.id} and id in ${orderIds}`,
        );
        expect(mine.sort()).toEqual(original.map((r) => r.id).sort());
      }
      const [payments] = await rows<{ n: number }>(
        restored.db,
        sql`select count(*)::int as n from payments where id in (select payment_id from orders)`,
      );
      expect(payments?.n).toBe(orderIds.length);
      const appointments = await app.inject({ url: '/api/appointments', headers: owner.auth });
      expect(appointments.statusCode).toBe(200);
      expect((appointments.json().data as { id: number }[]).map((a) => a.id)).toContain(appointmentId);
    } finally {
      await app.close();
      await restored.close();
    }
  }, 120_000);
});
