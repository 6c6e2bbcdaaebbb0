import { and, asc, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products, stockMovements, storeStock, stores } from '../src/db/schema';
import * as inventory from '../src/modules/inventory/inventory.service';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { checkoutFixtures } from './support/checkout';

/**
 * A product's `stock` field (SPEC's sum over the stores) moves one shelf: the owner's main store, or
 * the one store of the staff member who writes it. Its movement and its audit entry name that store.
 */

let t: TestContext;
let f: ReturnType<typeof checkoutFixtures>;
let admin: LoggedIn;
let managerB: LoggedIn;
let managerAB: LoggedIn;
let storeA = 0;
let storeB = 0;

beforeAll(async () => {
  t = await createTestContext();
  f = checkoutFixtures(t);
  storeA = await inventory.mainStoreId(t.db);
  const [row] = await t.db.insert(stores).values({ name: 'Loja Centro' }).returning({ id: stores.id });
  if (!row) throw new Error('no store');
  storeB = row.id;
  admin = await t.admin();
  managerB = await t.staffMember('manager', [storeB]);
  managerAB = await t.staffMember('manager', [storeA, storeB]);
});
afterAll(() => t.close());

const shelf = async (productId: number, storeId: number) =>
  (
    await t.db
      .select({ quantity: storeStock.quantity })
      .from(storeStock)
      .where(and(eq(storeStock.productId, productId), eq(storeStock.storeId, storeId)))
  )[0]?.quantity ?? 0;

const movementsOf = (productId: number) =>
  t.db
    .select({ storeId: stockMovements.storeId, delta: stockMovements.delta, userId: stockMovements.userId })
    .from(stockMovements)
    .where(eq(stockMovements.productId, productId))
    .orderBy(asc(stockMovements.id));

const lastAuditOf = async (productId: number) =>
  (
    await t.db
      .select({ action: auditLog.action, storeId: auditLog.storeId, after: auditLog.after })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, productId)))
      .orderBy(desc(auditLog.id))
      .limit(1)
  )[0];

async function body(stock: number, name = 'Ração da loja') {
  const categoryId = (await t.app.inject({ url: '/api/categories' })).json().data[0].id;
  const speciesId = (await t.app.inject({ url: '/api/species' })).json().data[0].id;
  return { name, description: '', price: 30, stock, category_id: categoryId, species_id: speciesId };
}

const put = async (who: LoggedIn, id: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: who.auth, payload });

describe("a product's stock field", () => {
  it("a manager of one store moves their own store's shelf, never the main store's; ledger and audit name it", async () => {
    const id = await f.product('Ração da matriz', 10);
    const res = await put(managerB, id, await body(13));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.stock).toBe(13);
    expect([await shelf(id, storeA), await shelf(id, storeB)]).toEqual([10, 3]);
    expect((await movementsOf(id)).at(-1)).toEqual({ storeId: storeB, delta: 3, userId: managerB.user.id });
    expect(await lastAuditOf(id)).toMatchObject({ action: 'update', storeId: storeB, after: { stock: 13 } });
    expect(await inventory.ledgerProblems(t.db)).toEqual([]);
  });

  it('a manager of one store cannot lower the sum below what the other stores hold: 400 on stock, nothing changed', async () => {
    const id = await f.product('Coleira da matriz', 10);
    const res = await put(managerB, id, await body(4, 'Coleira renomeada'));
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'stock', message: expect.stringContaining('10 unidade(s)') }]);
    expect([await shelf(id, storeA), await shelf(id, storeB)]).toEqual([10, 0]);
    expect((await movementsOf(id)).length).toBe(1);
    const [row] = await t.db.select({ name: products.name }).from(products).where(eq(products.id, id));
    expect(row?.name).toBe('Coleira da matriz');
  });

  it('a manager of several stores changes other fields, but a changed stock is a 400 naming no store', async () => {
    const id = await f.product('Petisco da matriz', 10);
    const renamed = await put(managerAB, id, await body(10, 'Petisco renomeado'));
    expect(renamed.statusCode).toBe(200);
    const restocked = await put(managerAB, id, await body(12));
    expect(restocked.statusCode).toBe(400);
    expect(restocked.json().details).toEqual([
      { field: 'stock', message: expect.stringContaining('mais de uma loja') },
    ]);
    expect((await movementsOf(id)).length).toBe(1);
  });

  it("the owner's edit moves the main store, and the audit entry names it", async () => {
    const id = await f.product('Areia da matriz', 10);
    expect((await put(admin, id, await body(6))).statusCode).toBe(200);
    expect((await movementsOf(id)).at(-1)).toEqual({ storeId: storeA, delta: -4, userId: admin.user.id });
    expect(await lastAuditOf(id)).toMatchObject({ storeId: storeA });
  });

  it("a product created by a manager of one store starts on their store's shelf", async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: managerB.auth,
      payload: await body(4),
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    expect([await shelf(id, storeA), await shelf(id, storeB)]).toEqual([0, 4]);
    expect(await movementsOf(id)).toEqual([{ storeId: storeB, delta: 4, userId: managerB.user.id }]);
    expect(await lastAuditOf(id)).toMatchObject({ action: 'create', storeId: storeB });
    const several = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: managerAB.auth,
      payload: await body(4, 'Outra ração'),
    });
    expect(several.statusCode).toBe(400);
  });

  it("deleting a product whose ledger runs in another store archives it: that store's shelf and movements stay", async () => {
    const id = await f.product('Brinquedo da matriz', 5);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: managerB.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id, archived: true });
    expect(await shelf(id, storeA)).toBe(5);
    expect((await movementsOf(id)).length).toBe(1);

    const own = await t.app.inject({
      method: 'POST',
      url: '/api/products',
      headers: managerB.auth,
      payload: await body(2),
    });
    const ownId = own.json().data.id as number;
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/products/${ownId}`, headers: managerB.auth });
    expect(deleted.json().data).toEqual({ id: ownId, archived: false });
  });
});
