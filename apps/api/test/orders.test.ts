import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { checkoutFixtures } from './support/checkout';

let t: TestContext;
let f: ReturnType<typeof checkoutFixtures>;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestContext();
  f = checkoutFixtures(t);
  admin = await t.admin();
});
afterAll(() => t.close());

const call = (user: LoggedIn, method: 'GET' | 'PUT' | 'DELETE', url: string) =>
  t.app.inject({ method, url: `/api${url}`, headers: user.auth });
const move = (orderId: number, status: string) =>
  t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}`, headers: admin.auth, payload: { status } });
const statusOf = async (orderId: number) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

describe('permissions', () => {
  it.each([
    ['GET', '/api/orders'],
    ['GET', '/api/orders/1'],
    ['DELETE', '/api/orders/cancel/1'],
    ['DELETE', '/api/orders/1'],
    ['GET', '/api/orders/all/users'],
    ['PUT', '/api/orders/1'],
    ['DELETE', '/api/orders/admin/cancel/1'],
    ['DELETE', '/api/orders/admin/1'],
  ] as const)('%s %s needs a token', async (method, url) => {
    expect((await t.app.inject({ method, url })).statusCode).toBe(401);
  });

  it.each([
    ['GET', '/orders/all/users'],
    ['PUT', '/orders/1'],
    ['DELETE', '/orders/admin/cancel/1'],
    ['DELETE', '/orders/admin/1'],
  ] as const)('%s %s is for admins only', async (method, url) => {
    const customer = await t.customer();
    expect((await call(customer, method, url)).statusCode).toBe(403);
  });
});

describe('GET /orders', () => {
  it('answers [] when there are none', async () => {
    const res = await call(await t.customer(), 'GET', '/orders');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [] });
  });

  it("lists the caller's own orders, newest first, with items", async () => {
    const user = await t.customer();
    const older = await f.paidOrder(user, { quantity: 2, priceCents: 2500, method: 'Pix' });
    const newer = await f.paidOrder(user, { quantity: 1, priceCents: 999, method: 'Boleto' });
    await f.paidOrder(await t.customer());
    const res = await call(user, 'GET', '/orders');
    expect(res.statusCode).toBe(200);
    const list = res.json().data;
    expect(list.map((o: { id: number }) => o.id)).toEqual([newer.orderId, older.orderId]);
    // A Pix not paid yet waits, and carries what the customer needs to pay it.
    expect(list[1]).toEqual({
      id: older.orderId,
      orderDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      status: 'Aguardando pagamento',
      totalValue: 65.9,
      paymentMethod: 'Pix',
      items: [{ productName: expect.stringMatching(/^Produto /), quantity: 2, price: 25 }],
      deliveryMethod: 'Entrega',
      shippingPrice: 15.9,
      storeId: 1,
      timeline: [{ status: 'Aguardando pagamento', at: list[1].orderDate }],
      paymentId: older.paymentId,
      paymentStatus: 'Pendente',
      txid: expect.stringMatching(/^[a-zA-Z0-9]{26,35}$/),
      pixCode: expect.stringContaining('br.gov.bcb.pix'),
      pixQrCode: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      expiresAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(list[0]).toMatchObject({
      totalValue: 25.89,
      shippingPrice: 15.9,
      storeId: 1,
      paymentMethod: 'Boleto',
      status: 'Aguardando pagamento',
      boletoCode: expect.stringMatching(/^\d{47}$/),
      dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
  });
});

describe('GET /orders/:paymentId', () => {
  it("answers the caller's order of that payment and 404 for anyone else", async () => {
    const user = await t.customer();
    const { paymentId, orderId } = await f.paidOrder(user);
    const own = await call(user, 'GET', `/orders/${paymentId}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().data).toMatchObject({ id: orderId, status: 'Processando' });
    expect((await call(await t.customer(), 'GET', `/orders/${paymentId}`)).statusCode).toBe(404);
    expect((await call(user, 'GET', '/orders/999999')).statusCode).toBe(404);
  });
});

describe('customer cancel and delete', () => {
  it('cancels a processing order and puts the stock back', async () => {
    const user = await t.customer();
    const { orderId, productId } = await f.paidOrder(user, { quantity: 3, stock: 10 });
    expect(await f.stockOf(productId)).toBe(7);
    const res = await call(user, 'DELETE', `/orders/cancel/${orderId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: { id: orderId, status: 'Cancelado' },
      message: 'Pedido cancelado com sucesso!',
    });
    expect(await f.stockOf(productId)).toBe(10);
    const again = await call(user, 'DELETE', `/orders/cancel/${orderId}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('Apenas pedidos aguardando pagamento ou em processamento podem ser cancelados.');
    expect(await f.stockOf(productId)).toBe(10);
  });

  it("answers 404 for someone else's order and leaves it alone", async () => {
    const owner = await t.customer();
    const { orderId, productId } = await f.paidOrder(owner, { quantity: 1, stock: 5 });
    const other = await t.customer();
    expect((await call(other, 'DELETE', `/orders/cancel/${orderId}`)).statusCode).toBe(404);
    expect((await call(other, 'DELETE', `/orders/${orderId}`)).statusCode).toBe(404);
    expect(await statusOf(orderId)).toBe('Processando');
    expect(await f.stockOf(productId)).toBe(4);
  });

  it('refuses to cancel a delivered order', async () => {
    const user = await t.customer();
    const { orderId, productId } = await f.paidOrder(user, { quantity: 1, stock: 5 });
    expect((await move(orderId, 'Enviado')).statusCode).toBe(200);
    expect((await call(user, 'DELETE', `/orders/cancel/${orderId}`)).statusCode).toBe(409);
    expect((await call(admin, 'PUT', `/orders/${orderId}`)).statusCode).toBe(200);
    expect((await call(user, 'DELETE', `/orders/cancel/${orderId}`)).statusCode).toBe(409);
    expect(await f.stockOf(productId)).toBe(4);
  });

  it('deletes only a cancelled order that was never paid, which then disappears', async () => {
    const user = await t.customer();
    const { orderId, paymentId } = await f.paidOrder(user, { method: 'Boleto' });
    const early = await call(user, 'DELETE', `/orders/${orderId}`);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe('Apenas pedidos cancelados podem ser excluídos.');
    await call(user, 'DELETE', `/orders/cancel/${orderId}`);
    const res = await call(user, 'DELETE', `/orders/${orderId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Pedido excluído com sucesso!' });
    expect((await call(user, 'GET', '/orders')).json().data).toEqual([]);
    expect((await call(user, 'GET', `/orders/${paymentId}`)).statusCode).toBe(404);
    expect((await call(user, 'DELETE', `/orders/${orderId}`)).statusCode).toBe(404);
    // Kept for the books.
    expect(await statusOf(orderId)).toBe('Cancelado');
  });

  it('gives the stock back once when five cancels arrive together', async () => {
    const user = await t.customer();
    const { orderId, productId } = await f.paidOrder(user, { quantity: 4, stock: 10 });
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => call(user, 'DELETE', `/orders/cancel/${orderId}`)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409, 409]);
    expect(await f.stockOf(productId)).toBe(10);
  });
});

describe('admin', () => {
  it('cancels only processing orders and deletes only cancelled ones that were never paid', async () => {
    const customer = await t.customer();
    const { orderId, productId } = await f.paidOrder(customer, { quantity: 2, stock: 6 });
    expect((await call(admin, 'DELETE', `/orders/admin/${orderId}`)).statusCode).toBe(409);
    const cancelled = await call(admin, 'DELETE', `/orders/admin/cancel/${orderId}`);
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.status).toBe('Cancelado');
    expect(await f.stockOf(productId)).toBe(6);
    expect((await call(admin, 'DELETE', `/orders/admin/cancel/${orderId}`)).statusCode).toBe(409);
    // Paid: part of the books, never deleted.
    expect((await call(admin, 'DELETE', `/orders/admin/${orderId}`)).json().code).toBe('ORDER_PAID');
    const unpaid = await f.paidOrder(customer, { method: 'Boleto' });
    expect((await call(admin, 'DELETE', `/orders/admin/cancel/${unpaid.orderId}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/orders/admin/${unpaid.orderId}`)).statusCode).toBe(200);
    expect((await call(admin, 'DELETE', `/orders/admin/${unpaid.orderId}`)).statusCode).toBe(404);
    expect((await call(admin, 'DELETE', '/orders/admin/cancel/999999')).statusCode).toBe(404);
  });

  it("lists every order, newest first, paginated, with the customer's name and the address snapshot", async () => {
    const user = await t.customer({ name: 'Maria Compradora' });
    const a = await f.paidOrder(user, { quantity: 1, priceCents: 1000 });
    const b = await f.paidOrder(user, { quantity: 2, priceCents: 1500 });
    const all = await call(admin, 'GET', '/orders/all/users?limit=200');
    expect(all.statusCode).toBe(200);
    const body = all.json();
    expect(body.meta).toEqual({ total: body.data.length, limit: 200, offset: 0 });
    const ids = body.data.map((o: { orderId: number }) => o.orderId);
    expect(ids.indexOf(b.orderId)).toBeLessThan(ids.indexOf(a.orderId));
    expect(body.data.find((o: { orderId: number }) => o.orderId === b.orderId)).toEqual({
      orderId: b.orderId,
      userId: user.user.id,
      userName: 'Maria Compradora',
      userEmail: user.user.email,
      totalValue: 45.9,
      status: 'Processando',
      orderDate: expect.any(String),
      items: [{ productName: expect.stringMatching(/^Produto /), quantity: 2 }],
      addresses: {
        street: 'Avenida Paulista',
        number: '100',
        complement: 'Apto 12',
        district: 'Bela Vista',
        city: 'São Paulo',
        cep: '01310100',
      },
      deliveryMethod: 'Entrega',
      shippingPrice: 15.9,
      storeId: 1,
      timeline: [{ status: 'Processando', at: expect.any(String) }],
      paymentMethod: 'Cartão de Crédito',
      paymentStatus: 'Aprovado',
      refundDue: false,
      refundedValue: 0,
    });

    const page = await call(admin, 'GET', '/orders/all/users?limit=1&offset=1');
    expect(page.json().meta).toEqual({ total: body.meta.total, limit: 1, offset: 1 });
    expect(page.json().data.map((o: { orderId: number }) => o.orderId)).toEqual([ids[1]]);
    const past = await call(admin, 'GET', `/orders/all/users?offset=${body.meta.total + 5}`);
    expect(past.json()).toEqual({ data: [], meta: { total: body.meta.total, limit: 60, offset: body.meta.total + 5 } });
    expect((await call(admin, 'GET', '/orders/all/users?limit=0')).statusCode).toBe(400);
  });
});
