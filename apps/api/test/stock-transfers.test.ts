import { ROLES } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores } from '../src/db/schema';
import * as inventory from '../src/modules/inventory/inventory.service';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { checkoutFixtures } from './support/checkout';

let t: TestContext;
let f: ReturnType<typeof checkoutFixtures>;
let admin: LoggedIn;
let mainId = 0;
let otherId = 0;
let thirdId = 0;

async function newStore(name: string) {
  const [row] = await t.db.insert(stores).values({ name }).returning({ id: stores.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

beforeAll(async () => {
  t = await createTestContext();
  f = checkoutFixtures(t);
  admin = await t.admin();
  mainId = await inventory.mainStoreId(t.db);
  otherId = await newStore('Loja Centro');
  thirdId = await newStore('Loja Norte');
});
afterAll(() => t.close());

const post = (url: string, payload: object | undefined, who: LoggedIn = admin) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: who.auth, ...(payload && { payload }) });
const get = (url: string, who?: LoggedIn) => t.app.inject({ url: `/api${url}`, headers: who?.auth ?? {} });

const stockOf = async (productId: number) =>
  Object.fromEntries(
    ((await get(`/products/${productId}/stock`)).json().data as { storeId: number; quantity: number }[]).map((r) => [
      r.storeId,
      r.quantity,
    ]),
  );

const expectLedgerHolds = async () => expect(await inventory.ledgerProblems(t.db)).toEqual([]);

describe('stock per store', () => {
  it('GET /products/{id}/stock lists every store with its quantity (public); an unknown product is 404', async () => {
    const id = await f.product('Ração por loja', 6);
    const res = await get(`/products/${id}/stock`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      { storeId: mainId, storeName: 'Loja principal', quantity: 6 },
      { storeId: otherId, storeName: 'Loja Centro', quantity: 0 },
      { storeId: thirdId, storeName: 'Loja Norte', quantity: 0 },
    ]);
    expect((await get('/products/999999/stock')).statusCode).toBe(404);
  });
});

describe('stores that close', () => {
  it("SPEC's stock is the sum over the active stores: closing one takes its shelf out, reopening puts it back", async () => {
    const id = await f.product('Ração de loja fechada', 3);
    const closing = await newStore('Loja que fecha');
    await inventory.move(t.db, { storeId: closing, productId: id, delta: 4, reason: 'compra', ref: 'test' });
    expect(await f.stockOf(id)).toBe(7);
    await t.db.update(stores).set({ active: false }).where(eq(stores.id, closing));
    expect(await f.stockOf(id)).toBe(3);
    expect(Object.keys(await stockOf(id))).not.toContain(String(closing));
    await expectLedgerHolds();
    await t.db.update(stores).set({ active: true }).where(eq(stores.id, closing));
    expect(await f.stockOf(id)).toBe(7);
    await expectLedgerHolds();
  });
});

describe('stores having every line', () => {
  it('answers the active stores whose shelves hold every line, in id order', async () => {
    const a = await f.product('Linha A', 5);
    const b = await f.product('Linha B', 1);
    await inventory.move(t.db, { storeId: otherId, productId: a, delta: 2, reason: 'compra', ref: 'test' });
    await inventory.move(t.db, { storeId: otherId, productId: b, delta: 3, reason: 'compra', ref: 'test' });
    const lines = (qa: number, qb: number) => [
      { productId: a, quantity: qa },
      { productId: b, quantity: qb },
    ];
    expect(await inventory.storesHavingAll(t.db, lines(1, 1))).toEqual([mainId, otherId]);
    expect(await inventory.storesHavingAll(t.db, lines(3, 1))).toEqual([mainId]);
    expect(await inventory.storesHavingAll(t.db, lines(2, 2))).toEqual([otherId]);
    expect(await inventory.storesHavingAll(t.db, lines(6, 1))).toEqual([]);
    // The same product twice counts once, summed.
    expect(await inventory.storesHavingAll(t.db, [...lines(1, 0), { productId: a, quantity: 1 }])).toEqual([
      mainId,
      otherId,
    ]);
    expect(await inventory.storesHavingAll(t.db, [...lines(1, 0), { productId: a, quantity: 2 }])).toEqual([mainId]);
  });
});

describe('adjustments', () => {
  it('records a loss as a movement and refuses to go below zero (409), with pt-BR 400s', async () => {
    const id = await f.product('Shampoo ajustado', 5);
    const lost = await post('/stock/adjustments', {
      storeId: mainId,
      productId: id,
      delta: -2,
      reason: 'perda',
      note: 'Embalagem rasgada',
    });
    expect(lost.statusCode).toBe(201);
    expect(lost.json().data).toEqual({ productId: id, storeId: mainId, quantity: 3 });
    expect(await f.stockOf(id)).toBe(3);

    const tooMuch = await post('/stock/adjustments', { storeId: mainId, productId: id, delta: -4, reason: 'perda' });
    expect(tooMuch.statusCode).toBe(409);
    expect(await f.stockOf(id)).toBe(3);

    const zero = await post('/stock/adjustments', { storeId: mainId, productId: id, delta: 0, reason: 'ajuste' });
    expect(zero.statusCode).toBe(400);
    const sale = await post('/stock/adjustments', { storeId: mainId, productId: id, delta: 1, reason: 'venda_online' });
    expect(sale.statusCode).toBe(400);

    const listed = await get(`/stock/movements?productId=${id}`, admin);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().meta.total).toBe(2);
    expect(listed.json().data[0]).toMatchObject({
      productId: id,
      storeId: mainId,
      delta: -2,
      reason: 'perda',
      note: 'Embalagem rasgada',
      userId: admin.user.id,
    });
    await expectLedgerHolds();
  });

  it('a manager adjusts only their stores (another is 404); reception may read but not adjust; customers 403', async () => {
    const id = await f.product('Petisco gerenciado', 5);
    const manager = await t.staffMember(ROLES.manager, [otherId]);
    const reception = await t.staffMember(ROLES.reception, [otherId]);
    const customer = await t.customer();
    const body = { storeId: otherId, productId: id, delta: 4, reason: 'ajuste', note: 'Contagem' };
    expect((await post('/stock/adjustments', body, manager)).statusCode).toBe(201);
    expect((await post('/stock/adjustments', { ...body, storeId: mainId }, manager)).statusCode).toBe(404);
    expect((await post('/stock/adjustments', body, reception)).statusCode).toBe(403);
    expect((await post('/stock/adjustments', body, customer)).statusCode).toBe(403);

    const seen = (await get(`/stock/movements?productId=${id}`, reception)).json();
    expect(seen.data.map((m: { storeId: number }) => m.storeId)).toEqual([otherId]);
    expect((await get(`/stock/movements?storeId=${mainId}`, reception)).statusCode).toBe(404);
    expect((await get('/stock/movements', customer)).statusCode).toBe(403);
    expect(await stockOf(id)).toMatchObject({ [mainId]: 5, [otherId]: 4 });
    expect(await f.stockOf(id)).toBe(9);
  });

  it('filters movements by store and by São Paulo days', async () => {
    const id = await f.product('Areia filtrada', 2);
    const today = new Date(Date.now() - 3 * 3_600_000).toISOString().slice(0, 10);
    const inRange = (
      await get(`/stock/movements?productId=${id}&storeId=${mainId}&from=${today}&to=${today}`, admin)
    ).json();
    expect(inRange.data).toHaveLength(1);
    const before = (await get(`/stock/movements?productId=${id}&to=2020-01-01`, admin)).json();
    expect(before.data).toEqual([]);
    expect((await get('/stock/movements?from=2026-02-30', admin)).statusCode).toBe(400);
  });
});

describe('transfers', () => {
  it('takes the units out at once and puts them in on receive, exactly once', async () => {
    const id = await f.product('Coleira viajante', 10);
    const sent = await post(`/stores/${mainId}/transfers`, {
      toStoreId: otherId,
      items: [{ productId: id, quantity: 4 }],
    });
    expect(sent.statusCode).toBe(201);
    const transfer = sent.json().data;
    expect(transfer).toMatchObject({
      fromStoreId: mainId,
      toStoreId: otherId,
      status: 'Enviada',
      items: [{ productId: id, quantity: 4 }],
      receivedAt: null,
    });
    expect(await stockOf(id)).toMatchObject({ [mainId]: 6, [otherId]: 0 });
    expect(await f.stockOf(id)).toBe(6);

    const received = await post(`/transfers/${transfer.id}/receive`, undefined);
    expect(received.statusCode).toBe(200);
    expect(received.json().data.status).toBe('Recebida');
    expect(await stockOf(id)).toMatchObject({ [mainId]: 6, [otherId]: 4 });
    expect(await f.stockOf(id)).toBe(10);

    const again = await post(`/transfers/${transfer.id}/receive`, undefined);
    expect(again.statusCode).toBe(409);
    expect(await stockOf(id)).toMatchObject({ [otherId]: 4 });
    await expectLedgerHolds();
  });

  it('receives once when two receives arrive together', async () => {
    const id = await f.product('Brinquedo em dobro', 5);
    const sent = await post(`/stores/${mainId}/transfers`, {
      toStoreId: thirdId,
      items: [{ productId: id, quantity: 5 }],
    });
    const transferId = sent.json().data.id;
    const answers = await Promise.all([1, 2, 3].map(() => post(`/transfers/${transferId}/receive`, undefined)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await stockOf(id)).toMatchObject({ [mainId]: 0, [thirdId]: 5 });
    await expectLedgerHolds();
  });

  it('refuses more than the store has (409, nothing moves), the same store, an unknown store, and outsiders', async () => {
    const id = await f.product('Ração escassa', 2);
    const short = await post(`/stores/${mainId}/transfers`, {
      toStoreId: otherId,
      items: [{ productId: id, quantity: 3 }],
    });
    expect(short.statusCode).toBe(409);
    expect(await stockOf(id)).toMatchObject({ [mainId]: 2 });
    const same = await post(`/stores/${mainId}/transfers`, {
      toStoreId: mainId,
      items: [{ productId: id, quantity: 1 }],
    });
    expect(same.statusCode).toBe(400);
    const nowhere = await post(`/stores/${mainId}/transfers`, {
      toStoreId: 99999,
      items: [{ productId: id, quantity: 1 }],
    });
    expect(nowhere.statusCode).toBe(400);
    const manager = await t.staffMember(ROLES.manager, [otherId]);
    const foreign = await post(
      `/stores/${mainId}/transfers`,
      { toStoreId: otherId, items: [{ productId: id, quantity: 1 }] },
      manager,
    );
    expect(foreign.statusCode).toBe(404);
    expect((await get('/transfers', manager)).statusCode).toBe(200);
    await expectLedgerHolds();
  });

  it('a transfer racing a web sale for the last unit: exactly one wins, and the ledger holds', async () => {
    for (let round = 0; round < 3; round += 1) {
      const id = await f.product(`Última unidade ${round}`, 1);
      const buyer = await t.customer();
      const addressId = await f.address(buyer);
      const cartId = await f.add(buyer, id, 1);
      const [sale, transfer] = await Promise.all([
        f.pay(buyer, { cartId, addressId, paymentMethod: 'Cartão de Crédito' }),
        post(`/stores/${mainId}/transfers`, { toStoreId: otherId, items: [{ productId: id, quantity: 1 }] }),
      ]);
      expect([sale.statusCode, transfer.statusCode].sort()).toEqual([201, 409]);
      expect(await stockOf(id)).toMatchObject({ [mainId]: 0, [otherId]: 0 });
      expect(await f.stockOf(id)).toBe(0);
    }
    await expectLedgerHolds();
  });
});
