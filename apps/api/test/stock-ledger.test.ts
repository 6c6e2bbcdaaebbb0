import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stockMovements, storeStock, stores } from '../src/db/schema';
import * as inventory from '../src/modules/inventory/inventory.service';
import * as lifecycle from '../src/modules/orders/order-lifecycle';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { checkoutFixtures } from './support/checkout';

let t: TestContext;
let f: ReturnType<typeof checkoutFixtures>;
let admin: LoggedIn;
let customer: LoggedIn;
let mainId = 0;

beforeAll(async () => {
  t = await createTestContext();
  f = checkoutFixtures(t);
  admin = await t.admin();
  customer = await t.customer();
  mainId = await inventory.mainStoreId(t.db);
});
afterAll(() => t.close());

const movementsOf = (productId: number) =>
  t.db
    .select({ delta: stockMovements.delta, reason: stockMovements.reason, ref: stockMovements.ref })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(asc(stockMovements.id));

const shelf = async (productId: number, storeId = mainId) =>
  (
    await t.db
      .select({ quantity: storeStock.quantity })
      .from(storeStock)
      .where(and(eq(storeStock.productId, productId), eq(storeStock.storeId, storeId)))
  )[0]?.quantity ?? 0;

/** The ledger holds: every shelf is the sum of its movements, every product's stock the sum of its shelves. */
const expectLedgerHolds = async () => expect(await inventory.ledgerProblems(t.db)).toEqual([]);

async function productBody(stock: number) {
  const categoryId = (await t.app.inject({ url: '/api/categories' })).json().data[0].id;
  const speciesId = (await t.app.inject({ url: '/api/species' })).json().data[0].id;
  return { name: 'Ração do razão', description: '', price: 30, stock, category_id: categoryId, species_id: speciesId };
}

describe('the stock ledger', () => {
  it("a back-office product starts in the main store with an 'ajuste', and an edit of its stock is one", async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: admin.auth,
      payload: await productBody(12),
    });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    expect(created.json().data.stock).toBe(12);
    expect(await shelf(id)).toBe(12);

    const edited = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.auth,
      payload: await productBody(7),
    });
    expect(edited.json().data.stock).toBe(7);
    // The same stock again moves nothing.
    await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.auth,
      payload: await productBody(7),
    });
    expect(await movementsOf(id)).toEqual([
      { delta: 12, reason: 'ajuste', ref: `product:${id}` },
      { delta: -5, reason: 'ajuste', ref: `product:${id}` },
    ]);
    await expectLedgerHolds();
  });

  it("a web order takes 'venda_online' from the store; a cancellation and an expiry give back to it", async () => {
    const cancelled = await f.paidOrder(customer, { quantity: 2, stock: 10 });
    expect(await shelf(cancelled.productId)).toBe(8);
    await t.db.transaction((tx) => lifecycle.cancel(tx, cancelled.orderId, 'Processando'));
    expect(await movementsOf(cancelled.productId)).toEqual([
      { delta: 10, reason: 'ajuste', ref: `product:${cancelled.productId}` },
      { delta: -2, reason: 'venda_online', ref: `order:${cancelled.orderId}` },
      { delta: 2, reason: 'cancelamento', ref: `order:${cancelled.orderId}` },
    ]);
    expect(await f.stockOf(cancelled.productId)).toBe(10);

    const expired = await f.paidOrder(customer, { quantity: 3, stock: 5, method: 'Pix' });
    expect(await f.stockOf(expired.productId)).toBe(2);
    await t.db.transaction((tx) => lifecycle.expire(tx, expired.orderId));
    expect((await movementsOf(expired.productId)).map((m) => [m.delta, m.reason])).toEqual([
      [5, 'ajuste'],
      [-3, 'venda_online'],
      [3, 'expiracao'],
    ]);
    expect(await f.stockOf(expired.productId)).toBe(5);
    await expectLedgerHolds();
  });

  it('an edit that would take the main store below zero is a 400 on stock, changing nothing', async () => {
    const id = await f.product('Coleira do razão', 3);
    const [other] = await t.db.insert(stores).values({ name: 'Loja do razão' }).returning({ id: stores.id });
    if (!other) throw new Error('insert failed');
    await inventory.move(t.db, { storeId: other.id, productId: id, delta: 5, reason: 'compra', ref: 'test' });
    expect(await f.stockOf(id)).toBe(8);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.auth,
      payload: await productBody(2),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'stock', message: expect.stringContaining('5 unidade(s)') }]);
    expect(await f.stockOf(id)).toBe(8);
    await expectLedgerHolds();
  });

  it('a shelf never goes below zero: move answers 409 and writes no movement', async () => {
    const id = await f.product('Petisco do razão', 1);
    await expect(
      inventory.move(t.db, { storeId: mainId, productId: id, delta: -2, reason: 'perda', ref: 'test' }),
    ).rejects.toMatchObject({ statusCode: 409 });
    expect(await movementsOf(id)).toHaveLength(1);
    await expectLedgerHolds();
  });

  it('the SQL check names a shelf written behind the ledger', async () => {
    const id = await f.product('Brinquedo do razão', 4);
    await t.db.update(storeStock).set({ quantity: 9 }).where(eq(storeStock.productId, id));
    expect(await inventory.ledgerProblems(t.db)).toEqual([{ productId: id, storeId: mainId, stock: 9, expected: 4 }]);
    await t.db.update(storeStock).set({ quantity: 4 }).where(eq(storeStock.productId, id));
    await expectLedgerHolds();
  });
});
