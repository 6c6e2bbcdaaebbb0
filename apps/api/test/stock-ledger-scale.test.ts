import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockMovements, storeStock } from '../src/db/schema';
import * as inventory from '../src/modules/inventory/inventory.service';
import { createTestContext, type TestContext } from './helper';

// The api-pg project only (TEST_DB=postgres); the PGlite project skips it even when a PostgreSQL URL is set.
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const MOVEMENTS = 1_000_000;
const PRODUCTS = 2_000;

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/**
 * How long the ledger check (`stock_ledger_problems()`, the query operations run) takes over a
 * million movements: 2,000 products with 500 movements each in the main store. PostgreSQL only: the
 * embedded database runs the same SQL, only slower to fill.
 */
describe.runIf(onPostgres)('the ledger check at scale', () => {
  it(`checks ${MOVEMENTS.toLocaleString('en')} movements and finds the one shelf written behind the ledger`, async () => {
    const mainId = await inventory.mainStoreId(t.db);
    // Filled on a connection of its own: the app's pool stops statements after a few seconds.
    const fill = new pg.Client({ connectionString: t.url });
    await fill.connect();
    try {
      await fill.query(
        `insert into products (name, name_search, price_cents, category_id, species_id)
         select 'Escala ' || g, 'escala ' || g, 100, (select min(id) from categories), (select min(id) from species)
         from generate_series(1, $1::int) g`,
        [PRODUCTS],
      );
      // Foreign keys are checked once per row; the rows are known good, so the fill skips them.
      await fill.query('begin');
      await fill.query("set local session_replication_role = 'replica'");
      await fill.query(
        `insert into stock_movements (product_id, store_id, delta, reason, ref)
         select p.id, $1::int, case when m % 5 = 0 then -1 else 2 end,
                case when m % 5 = 0 then 'venda_online' else 'compra' end, 'scale'
         from (select id from products where name like 'Escala %') p, generate_series(1, $2::int) m`,
        [mainId, MOVEMENTS / PRODUCTS],
      );
      await fill.query('commit');
      await fill.query(
        `insert into store_stock (product_id, store_id, quantity)
         select product_id, store_id, sum(delta) from stock_movements where ref = 'scale' group by 1, 2`,
      );
      await fill.query('analyze stock_movements');
    } finally {
      await fill.end();
    }
    const n = await t.db.$count(stockMovements);
    expect(n).toBeGreaterThanOrEqual(MOVEMENTS);

    const started = performance.now();
    expect(await inventory.ledgerProblems(t.db)).toEqual([]);
    const ms = performance.now() - started;
    console.log(`stock ledger check over ${n} movements: ${Math.round(ms)} ms`);

    await t.db
      .update(storeStock)
      .set({ quantity: sql`${storeStock.quantity} + 1` })
      .where(sql`${storeStock.productId} = (select min(id) from products where name like 'Escala %')`);
    expect(await inventory.ledgerProblems(t.db)).toHaveLength(1);
  }, 300_000);
});
