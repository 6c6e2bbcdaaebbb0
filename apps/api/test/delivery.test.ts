import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses, orderStatusEvents, orders, payments } from '../src/db/schema';
import { NO_DELIVERY_MESSAGE } from '../src/modules/shipping/shipping.service';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { checkoutFixtures } from './support/checkout';

/** Rio de Janeiro (RJ), IBGE codes. */
const RIO = { stateId: 33, cityId: 3304557 };

let t: TestContext;
let f: ReturnType<typeof checkoutFixtures>;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestContext();
  f = checkoutFixtures(t);
  admin = await t.admin();
});
afterAll(() => t.close());

const ordersOf = (user: LoggedIn) => t.db.select().from(orders).where(eq(orders.userId, user.user.id));
const paymentsOf = (user: LoggedIn) => t.db.select().from(payments).where(eq(payments.userId, user.user.id));
const move = (orderId: number, body?: object) =>
  t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}`, headers: admin.auth, ...(body && { payload: body }) });
const ownOrders = async (user: LoggedIn) =>
  (await t.app.inject({ url: '/api/orders', headers: user.auth })).json().data as {
    id: number;
    totalValue: number;
    shippingPrice: number;
    deliveryMethod: string;
    timeline: { status: string; at: string }[];
  }[];
const adminOrder = async (orderId: number) =>
  (
    (await t.app.inject({ url: '/api/orders/all/users?limit=200', headers: admin.auth })).json().data as {
      orderId: number;
    }[]
  ).find((o) => o.orderId === orderId);

async function rioAddress(user: LoggedIn) {
  const [row] = await t.db
    .insert(addresses)
    .values({
      userId: user.user.id,
      street: 'Rua da Assembleia',
      number: '10',
      district: 'Centro',
      cep: '20011000',
      ...RIO,
    })
    .returning({ id: addresses.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

/** A customer with `quantity` units of a new product in the cart. */
async function shopper(priceCents: number, quantity = 1, stock = 10) {
  const user = await t.customer();
  const productId = await f.product(`Item ${Math.random().toString(36).slice(2, 8)}`, stock, priceCents);
  const cartId = await f.add(user, productId, quantity);
  return { user, productId, cartId };
}

describe('the fee at checkout', () => {
  it("comes from the table by the address's UF and is part of the payment's and the order's totals", async () => {
    const sp = await shopper(2500, 2);
    const spRes = await f.pay(sp.user, {
      cartId: sp.cartId,
      addressId: await f.address(sp.user),
      paymentMethod: 'Cartão de Crédito',
    });
    expect(spRes.statusCode).toBe(201);
    expect(spRes.json().data.payment.totalValue).toBe(65.9);
    expect(await ordersOf(sp.user)).toMatchObject([
      { deliveryMethod: 'Entrega', shippingCents: 1590, totalCents: 6590, addressState: 'SP' },
    ]);
    expect(await paymentsOf(sp.user)).toMatchObject([{ totalCents: 6590 }]);

    const rj = await shopper(2500, 2);
    const rjRes = await f.pay(rj.user, {
      cartId: rj.cartId,
      addressId: await rioAddress(rj.user),
      paymentMethod: 'Cartão de Débito',
    });
    expect(rjRes.json().data.payment.totalValue).toBe(69.9);
    expect(await ordersOf(rj.user)).toMatchObject([
      {
        shippingCents: 1990,
        totalCents: 6990,
        addressStreet: 'Rua da Assembleia',
        addressDistrict: 'Centro',
        addressCity: 'Rio de Janeiro',
        addressState: 'RJ',
      },
    ]);
    expect((await ownOrders(rj.user))[0]).toMatchObject({ totalValue: 69.9, shippingPrice: 19.9 });
  });

  it('is free from the threshold on (R$ 199,00 of products), and charged just below it', async () => {
    const below = await shopper(19899);
    await f.pay(below.user, { cartId: below.cartId, addressId: await f.address(below.user), paymentMethod: 'Pix' });
    expect(await ordersOf(below.user)).toMatchObject([{ shippingCents: 1590, totalCents: 21489 }]);

    const at = await shopper(19900);
    await f.pay(at.user, { cartId: at.cartId, addressId: await f.address(at.user), paymentMethod: 'Pix' });
    expect(await ordersOf(at.user)).toMatchObject([{ shippingCents: 0, totalCents: 19900 }]);
    expect((await ownOrders(at.user))[0]).toMatchObject({ totalValue: 199, shippingPrice: 0 });
  });

  it('ignores totals and fees sent by the client', async () => {
    const s = await shopper(2500, 2);
    const res = await f.pay(s.user, {
      cartId: s.cartId,
      addressId: await f.address(s.user),
      paymentMethod: 'Cartão de Crédito',
      totalValue: 0.01,
      shippingPrice: 0,
      shipping: 0,
      shippingCents: 0,
      price: 0.01,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.payment.totalValue).toBe(65.9);
    expect(await ordersOf(s.user)).toMatchObject([{ shippingCents: 1590, totalCents: 6590 }]);
  });
});

describe('pickup at the shop', () => {
  it('is free, needs no address and keeps none, even if one is sent', async () => {
    const s = await shopper(2500, 2);
    const res = await f.pay(s.user, { cartId: s.cartId, paymentMethod: 'Pix', deliveryMethod: 'Retirada na loja' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.payment.totalValue).toBe(50);
    const [order] = await ordersOf(s.user);
    expect(order).toMatchObject({
      deliveryMethod: 'Retirada na loja',
      shippingCents: 0,
      totalCents: 5000,
      addressStreet: null,
      addressNumber: null,
      addressCity: null,
      addressCep: null,
    });
    expect((await ownOrders(s.user))[0]).toMatchObject({ deliveryMethod: 'Retirada na loja', shippingPrice: 0 });
    expect(await adminOrder(order?.id ?? 0)).toMatchObject({ addresses: null, deliveryMethod: 'Retirada na loja' });

    // Someone else's address id sent along with pickup is ignored, not looked up.
    const other = await shopper(1000);
    const stranger = await t.customer();
    const withAddress = await f.pay(other.user, {
      cartId: other.cartId,
      addressId: await f.address(stranger),
      paymentMethod: 'Pix',
      deliveryMethod: 'Retirada na loja',
    });
    expect(withAddress.statusCode).toBe(201);
    expect(await ordersOf(other.user)).toMatchObject([{ addressNumber: null, shippingCents: 0 }]);
  });
});

describe('refused checkouts change nothing', () => {
  it.each([
    ['delivery (the default) without an address', { paymentMethod: 'Pix' }, 'addressId'],
    ['delivery without an address', { paymentMethod: 'Pix', deliveryMethod: 'Entrega' }, 'addressId'],
    ['an unknown delivery method', { paymentMethod: 'Pix', deliveryMethod: 'Drone', addressId: 1 }, 'deliveryMethod'],
  ])('400 for %s', async (_label, body, field) => {
    const s = await shopper(2500, 1, 5);
    const res = await f.pay(s.user, { cartId: s.cartId, ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message: expect.any(String) });
    expect(await f.stockOf(s.productId)).toBe(5);
    expect(await f.cartLines(s.user)).toEqual([[s.productId, 1]]);
  });

  it('409 with the no-delivery message for a UF the table leaves out; pickup still works', async () => {
    const before = (await t.app.inject({ url: '/api/admin/shipping', headers: admin.auth })).json().data;
    const withoutRio = { ...before, rates: before.rates.filter((r: { uf: string }) => r.uf !== 'RJ') };
    const put = (payload: object) =>
      t.app.inject({ method: 'PUT', url: '/api/admin/shipping', headers: admin.auth, payload });
    expect((await put(withoutRio)).statusCode).toBe(200);
    try {
      const s = await shopper(2500, 3, 7);
      const res = await f.pay(s.user, {
        cartId: s.cartId,
        addressId: await rioAddress(s.user),
        paymentMethod: 'Cartão de Crédito',
      });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'NO_DELIVERY', message: NO_DELIVERY_MESSAGE });
      expect(await f.stockOf(s.productId)).toBe(7);
      expect(await f.cartLines(s.user)).toEqual([[s.productId, 3]]);
      expect(await paymentsOf(s.user)).toEqual([]);
      expect(await ordersOf(s.user)).toEqual([]);

      const pickup = await f.pay(s.user, {
        cartId: s.cartId,
        paymentMethod: 'Cartão de Crédito',
        deliveryMethod: 'Retirada na loja',
      });
      expect(pickup.statusCode).toBe(201);
      expect(await f.stockOf(s.productId)).toBe(4);
    } finally {
      expect((await put(before)).statusCode).toBe(200);
    }
  });
});

describe('the status machine (PUT /orders/{id})', () => {
  it('moves a delivery order Processando → Enviado → Entregue and refuses every other move with 409', async () => {
    const { orderId } = await f.paidOrder(await t.customer());
    for (const refused of [{ status: 'Pronto para retirada' }, { status: 'Entregue' }, undefined]) {
      const res = await move(orderId, refused);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({
        code: 'INVALID_ORDER_STATUS',
        message: expect.stringContaining('Processando'),
      });
    }
    const shipped = await move(orderId, { status: 'Enviado' });
    expect(shipped.statusCode).toBe(200);
    expect(shipped.json()).toEqual({
      data: { id: orderId, status: 'Enviado' },
      message: 'Pedido marcado como enviado!',
    });
    expect((await move(orderId, { status: 'Enviado' })).statusCode).toBe(409);
    expect((await move(orderId, { status: 'Pronto para retirada' })).statusCode).toBe(409);
    // No body: delivered (SPEC's call).
    const delivered = await move(orderId);
    expect(delivered.statusCode).toBe(200);
    expect(delivered.json()).toEqual({
      data: { id: orderId, status: 'Entregue' },
      message: 'Pedido marcado como entregue!',
    });
    for (const status of ['Enviado', 'Pronto para retirada', 'Entregue']) {
      expect((await move(orderId, { status })).statusCode).toBe(409);
    }
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/orders/admin/cancel/${orderId}`, headers: admin.auth }))
        .statusCode,
    ).toBe(409);
  });

  it('moves a pickup order Processando → Pronto para retirada → Entregue, never Enviado', async () => {
    const { orderId } = await f.paidOrder(await t.customer(), { deliveryMethod: 'Retirada na loja' });
    expect((await move(orderId, { status: 'Enviado' })).statusCode).toBe(409);
    const ready = await move(orderId, { status: 'Pronto para retirada' });
    expect(ready.json()).toEqual({
      data: { id: orderId, status: 'Pronto para retirada' },
      message: 'Pedido pronto para retirada!',
    });
    expect((await move(orderId, { status: 'Enviado' })).statusCode).toBe(409);
    expect((await move(orderId, { status: 'Entregue' })).json().data.status).toBe('Entregue');
  });

  it('keeps cancelling to processing orders: a shipped one is not cancelled and keeps its stock taken', async () => {
    const user = await t.customer();
    const { orderId, productId } = await f.paidOrder(user, { quantity: 2, stock: 5 });
    await move(orderId, { status: 'Enviado' });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/cancel/${orderId}`, headers: user.auth });
    expect(res.statusCode).toBe(409);
    expect(await f.stockOf(productId)).toBe(3);
  });

  it.each([[{ status: 'Cancelado' }], [{ status: 'Processando' }], [{ status: 'Qualquer' }], [{}]])(
    '400 for %j, and the order stays',
    async (body) => {
      const { orderId } = await f.paidOrder(await t.customer());
      const res = await move(orderId, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toContainEqual({ field: 'status', message: expect.stringContaining('Enviado') });
      expect((await t.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status).toBe('Processando');
    },
  );

  it('404 for an unknown order', async () => {
    expect((await move(999_999, { status: 'Enviado' })).statusCode).toBe(404);
  });

  it('lets one of two parallel moves through', async () => {
    const { orderId } = await f.paidOrder(await t.customer());
    const answers = await Promise.all([1, 2, 3].map(() => move(orderId, { status: 'Enviado' })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    const events = await t.db
      .select()
      .from(orderStatusEvents)
      .where(and(eq(orderStatusEvents.orderId, orderId), eq(orderStatusEvents.status, 'Enviado')));
    expect(events).toHaveLength(1);
  });
});

describe('the timeline', () => {
  it('records every step with its time, oldest first, for the customer and the admin', async () => {
    const user = await t.customer();
    const { orderId } = await f.paidOrder(user);
    await move(orderId, { status: 'Enviado' });
    await move(orderId);
    const [order] = (await ownOrders(user)).filter((o) => o.id === orderId);
    expect(order?.timeline.map((s) => s.status)).toEqual(['Processando', 'Enviado', 'Entregue']);
    const times = order?.timeline.map((s) => Date.parse(s.at)) ?? [];
    expect(times.every((time) => Number.isFinite(time))).toBe(true);
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(Date.now() - (times[0] ?? 0)).toBeLessThan(60_000);
    expect(await adminOrder(orderId)).toMatchObject({ timeline: order?.timeline });
  });

  it('records a cancellation, and a status change made by any code path', async () => {
    const user = await t.customer();
    const { orderId } = await f.paidOrder(user);
    await t.app.inject({ method: 'DELETE', url: `/api/orders/cancel/${orderId}`, headers: user.auth });
    const other = await f.paidOrder(user);
    // A change straight in the database (no service code) is recorded too: the trigger writes it.
    await t.db.update(orders).set({ status: 'Enviado' }).where(eq(orders.id, other.orderId));
    await t.db.update(orders).set({ totalCents: 6590 }).where(eq(orders.id, other.orderId));
    const list = await ownOrders(user);
    expect(list.find((o) => o.id === orderId)?.timeline.map((s) => s.status)).toEqual(['Processando', 'Cancelado']);
    expect(list.find((o) => o.id === other.orderId)?.timeline.map((s) => s.status)).toEqual(['Processando', 'Enviado']);
  });
});
