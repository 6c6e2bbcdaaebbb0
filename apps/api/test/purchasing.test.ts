import { addDays, businessMoment, ROLES } from '@petshop/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productCosts, stockMovements, stores } from '../src/db/schema';
import * as inventory from '../src/modules/inventory/inventory.service';
import * as lifecycle from '../src/modules/orders/order-lifecycle';
import { averageCost } from '../src/modules/purchasing/purchasing.service';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { checkoutFixtures } from './support/checkout';

let t: TestContext;
let f: ReturnType<typeof checkoutFixtures>;
let admin: LoggedIn;
let mainId = 0;
let otherId = 0;
let supplierId = 0;

beforeAll(async () => {
  t = await createTestContext();
  f = checkoutFixtures(t);
  admin = await t.admin();
  mainId = await inventory.mainStoreId(t.db);
  const [other] = await t.db.insert(stores).values({ name: 'Loja Compras' }).returning({ id: stores.id });
  otherId = other?.id ?? 0;
  const created = await post('/suppliers', {
    name: 'Distribuidora Pet',
    cnpj: '12.ABC.345/01DE-35',
    contact: 'vendas@dist.com.br',
  });
  supplierId = created.json().data.id;
});
afterAll(() => t.close());

const post = (url: string, payload?: object, who: LoggedIn = admin) =>
  t.app.inject({ method: 'POST', url: `/api${url}`, headers: who.auth, ...(payload && { payload }) });
const put = (url: string, payload: object, who: LoggedIn = admin) =>
  t.app.inject({ method: 'PUT', url: `/api${url}`, headers: who.auth, payload });
const get = (url: string, who: LoggedIn = admin) => t.app.inject({ url: `/api${url}`, headers: who.auth });

const today = () => businessMoment().date;

async function order(items: object[], storeId = mainId) {
  const res = await post('/purchase-orders', { supplierId, storeId, items });
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data as { id: number; status: string; total: number };
}

describe('suppliers', () => {
  it('keeps an alphanumeric CNPJ (IN RFB 2229/2024), refuses a wrong one (400) and a repeated one (409)', async () => {
    const list = (await get('/suppliers')).json().data;
    expect(list).toEqual([
      { id: supplierId, name: 'Distribuidora Pet', cnpj: '12.ABC.345/01DE-35', contact: 'vendas@dist.com.br' },
    ]);
    const wrong = await post('/suppliers', { name: 'Errado', cnpj: '12.ABC.345/01DE-36' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details[0]).toMatchObject({ field: 'cnpj' });
    const again = await post('/suppliers', { name: 'Outra', cnpj: '12abc34501de35' });
    expect(again.statusCode).toBe(409);
    const numeric = await post('/suppliers', { name: 'Numérica', cnpj: '11.222.333/0001-81' });
    expect(numeric.statusCode).toBe(201);
    const edited = await put(`/suppliers/${numeric.json().data.id}`, { name: 'Numérica Ltda', cnpj: '11222333000181' });
    expect(edited.json().data).toMatchObject({ name: 'Numérica Ltda', cnpj: '11.222.333/0001-81', contact: '' });
  });

  it('is for managers and the owner: reception and customers get 403', async () => {
    const reception = await t.staffMember(ROLES.reception, [mainId]);
    expect((await get('/suppliers', reception)).statusCode).toBe(403);
    expect((await get('/suppliers', await t.customer())).statusCode).toBe(403);
    const manager = await t.staffMember(ROLES.manager, [mainId]);
    expect((await get('/suppliers', manager)).statusCode).toBe(200);
  });
});

describe('purchase orders', () => {
  it('Rascunho → Enviado → Recebido: stock enters by compra, the average cost moves, received exactly once', async () => {
    const productId = await f.product('Ração comprada', 10);
    // Ten units at R$ 20,00 already on the shelf (their cost from an earlier purchase).
    const first = await order([{ productId, quantity: 10, unitCost: 20 }]);
    await post(`/purchase-orders/${first.id}/send`);
    await post(`/purchase-orders/${first.id}/receive`);
    expect(await f.stockOf(productId)).toBe(20);

    const po = await order([
      { productId, quantity: 5, unitCost: 35.5, lot: 'L-001', expiresOn: addDays(today(), 10) },
      { productId, quantity: 5, unitCost: 35.5 },
    ]);
    expect(po).toMatchObject({ status: 'Rascunho', total: 355 });
    expect((await post(`/purchase-orders/${po.id}/receive`)).statusCode).toBe(409);
    const sent = await post(`/purchase-orders/${po.id}/send`);
    expect(sent.json().data.status).toBe('Enviado');
    expect((await post(`/purchase-orders/${po.id}/send`)).statusCode).toBe(409);

    const answers = await Promise.all([1, 2, 3].map(() => post(`/purchase-orders/${po.id}/receive`)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await f.stockOf(productId)).toBe(30);
    const movements = await t.db
      .select({ delta: stockMovements.delta, reason: stockMovements.reason })
      .from(stockMovements)
      .where(eq(stockMovements.ref, `purchase-order:${po.id}`));
    expect(movements).toEqual([{ delta: 10, reason: 'compra' }]);
    // The first purchase set the cost (20,00); then 20 units at 20,00 and 10 at 35,50 → 25,17.
    const [cost] = await t.db
      .select({ cents: productCosts.averageCostCents })
      .from(productCosts)
      .where(eq(productCosts.productId, productId));
    expect(cost?.cents).toBe(2517);
    const suggestions = (await get(`/stock/suggestions?storeId=${mainId}`)).json().data;
    expect(suggestions.find((s: { productId: number }) => s.productId === productId)).toBeUndefined();
    expect((await post(`/purchase-orders/${po.id}/cancel`)).statusCode).toBe(409);
    await expectLedgerHolds();
  });

  it('weighs the average cost by units', () => {
    expect(averageCost({ cents: undefined, units: 0 }, { cents: 3550 * 10, units: 10 })).toBe(3550);
    expect(averageCost({ cents: 2000, units: 20 }, { cents: 3550 * 10, units: 10 })).toBe(2517);
    expect(averageCost({ cents: 2000, units: 0 }, { cents: 1000 * 2, units: 2 })).toBe(1000);
  });

  it('a cancelled order adds nothing; a manager of another store gets 404', async () => {
    const productId = await f.product('Petisco cancelado', 1);
    const po = await order([{ productId, quantity: 3, unitCost: 2 }]);
    expect((await post(`/purchase-orders/${po.id}/cancel`)).json().data.status).toBe('Cancelado');
    expect((await post(`/purchase-orders/${po.id}/receive`)).statusCode).toBe(409);
    expect(await f.stockOf(productId)).toBe(1);
    const managerB = await t.staffMember(ROLES.manager, [otherId]);
    expect((await get(`/purchase-orders/${po.id}`, managerB)).statusCode).toBe(404);
    expect(
      (
        await post(
          '/purchase-orders',
          { supplierId, storeId: mainId, items: [{ productId, quantity: 1, unitCost: 1 }] },
          managerB,
        )
      ).statusCode,
    ).toBe(404);
  });
});

describe('lots and suggestions', () => {
  it("'Vencendo em 30 dias' lists lots expiring within 30 days (and past ones), soonest first", async () => {
    const productId = await f.product('Vermífugo com lote', 0);
    const po = await order([
      { productId, quantity: 4, unitCost: 12, lot: 'V-40', expiresOn: addDays(today(), 40) },
      { productId, quantity: 2, unitCost: 12, lot: 'V-05', expiresOn: addDays(today(), 5) },
      { productId, quantity: 1, unitCost: 12, lot: 'V-00', expiresOn: addDays(today(), -1) },
    ]);
    await post(`/purchase-orders/${po.id}/send`);
    await post(`/purchase-orders/${po.id}/receive`);
    const lots = ((await get(`/stock/lots/expiring?storeId=${mainId}`)).json().data as { productId: number }[]).filter(
      (lot) => lot.productId === productId,
    );
    expect(lots).toEqual([
      expect.objectContaining({ lot: 'V-00', quantity: 1, daysLeft: -1, productName: 'Vermífugo com lote' }),
      expect.objectContaining({ lot: 'V-05', quantity: 2, daysLeft: 5, storeId: mainId, purchaseOrderId: po.id }),
    ]);
  });

  it('suggests for products under their minimum from the last 8 weeks of sales', async () => {
    const productId = await f.product('Areia que vende', 40);
    const buyer = await t.customer();
    const addressId = await f.address(buyer);
    // 32 units sold over the 8 weeks: 4 a week, 16 to cover four weeks.
    for (let i = 0; i < 4; i += 1) {
      const cartId = await f.add(buyer, productId, 8);
      const paid = await f.pay(buyer, { cartId, addressId, paymentMethod: 'Cartão de Crédito' });
      expect(paid.statusCode).toBe(201);
    }
    expect(await f.stockOf(productId)).toBe(8);
    const minimum = await put('/stock/minimums', { storeId: mainId, productId, minimum: 10 });
    expect(minimum.statusCode).toBe(200);
    const suggestion = (
      (await get(`/stock/suggestions?storeId=${mainId}`)).json().data as { productId: number }[]
    ).find((s) => s.productId === productId);
    expect(suggestion).toEqual({
      productId,
      productName: 'Areia que vende',
      quantity: 8,
      minimum: 10,
      weeklySales: 4,
      suggested: 8,
      averageCost: null,
    });
    // Sales older than 8 weeks do not count.
    await t.db.execute(sql`update stock_movements set at = now() - interval '9 weeks' where product_id = ${productId}`);
    const later = ((await get(`/stock/suggestions?storeId=${mainId}`)).json().data as { productId: number }[]).find(
      (s) => s.productId === productId,
    );
    expect(later).toMatchObject({ weeklySales: 0, suggested: 2 });
    expect((await get('/stock/suggestions')).statusCode).toBe(400);
  });
});

const expectLedgerHolds = async () => expect(await inventory.ledgerProblems(t.db)).toEqual([]);

describe('the ledger invariant after every kind of movement', () => {
  it('holds for every product and store once every operation has run', async () => {
    const productId = await f.product('Produto de todas as movimentações', 20);
    // ajuste, perda, devolucao by hand
    for (const [delta, reason] of [
      [3, 'ajuste'],
      [-2, 'perda'],
      [1, 'devolucao'],
    ] as const) {
      expect((await post('/stock/adjustments', { storeId: mainId, productId, delta, reason })).statusCode).toBe(201);
    }
    // transferencia out and in
    const transfer = await post(`/stores/${mainId}/transfers`, {
      toStoreId: otherId,
      items: [{ productId, quantity: 5 }],
    });
    await post(`/transfers/${transfer.json().data.id}/receive`);
    // compra
    const po = await order([{ productId, quantity: 7, unitCost: 9.9 }], otherId);
    await post(`/purchase-orders/${po.id}/send`);
    await post(`/purchase-orders/${po.id}/receive`);
    // venda_online, then cancelamento; venda_online, then expiracao
    const buyer = await t.customer();
    const addressId = await f.address(buyer);
    const cancelled = await f.pay(buyer, {
      cartId: await f.add(buyer, productId, 2),
      addressId,
      paymentMethod: 'Cartão de Crédito',
    });
    await t.db.transaction((tx) => lifecycle.cancel(tx, cancelled.json().data.order.id, 'Processando'));
    const expired = await f.pay(buyer, { cartId: await f.add(buyer, productId, 1), addressId, paymentMethod: 'Pix' });
    await t.db.transaction((tx) => lifecycle.expire(tx, expired.json().data.order.id));
    // the back office's edit of the product's stock
    await inventory.initialStock(t.db, productId, 1);

    const reasons = await t.db
      .selectDistinct({ reason: stockMovements.reason })
      .from(stockMovements)
      .where(eq(stockMovements.productId, productId));
    expect(reasons.map((r) => r.reason).sort()).toEqual(
      ['ajuste', 'cancelamento', 'compra', 'devolucao', 'expiracao', 'perda', 'transferencia', 'venda_online'].sort(),
    );
    expect(await f.stockOf(productId)).toBe(20 + 3 - 2 + 1 + 7 + 1);
    await expectLedgerHolds();
  });
});
