import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, payments } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { checkoutFixtures } from './support/checkout';

// Several accounts per test (scrypt): room for a loaded machine.
vi.setConfig({ testTimeout: 90_000 });

let t: TestContext;
let f: ReturnType<typeof checkoutFixtures>;
let admin: LoggedIn;

beforeAll(async () => {
  t = await createTestContext();
  f = checkoutFixtures(t);
  admin = await t.admin();
});
afterAll(() => t.close());

const orderRow = async (id: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, id)))[0] as typeof orders.$inferSelect;
const paymentRow = async (id: number) =>
  (await t.db.select().from(payments).where(eq(payments.id, id)))[0] as typeof payments.$inferSelect;
const deleteAccount = (user: LoggedIn, payload?: object) =>
  t.app.inject({ method: 'DELETE', url: `/api/user/${user.user.id}`, headers: user.auth, ...(payload && { payload }) });
const moveOrder = (orderId: number, status: string) =>
  t.app.inject({ method: 'PUT', url: `/api/orders/${orderId}`, headers: admin.auth, payload: { status } });
const salesIds = async () =>
  (
    (await t.app.inject({ url: '/api/orders/all/users?limit=200', headers: admin.auth })).json().data as {
      orderId: number;
    }[]
  ).map((order) => order.orderId);

describe('a paid order is never deleted', () => {
  it('a cancelled order that was paid answers 409 to the customer and the admin and stays in the sales list', async () => {
    const me = await t.customer();
    const { orderId } = await f.paidOrder(me);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/orders/cancel/${orderId}`, headers: me.auth })).statusCode,
    ).toBe(200);

    for (const [user, url] of [
      [me, `/api/orders/${orderId}`],
      [admin, `/api/orders/admin/${orderId}`],
    ] as const) {
      const res = await t.app.inject({ method: 'DELETE', url, headers: user.auth });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'ORDER_PAID', message: expect.stringContaining('foi pago') });
    }
    expect((await orderRow(orderId)).deletedAt).toBeNull();
    expect(await salesIds()).toContain(orderId);
  });

  it('a cancelled order that never had a payment is hidden (and only that one)', async () => {
    const me = await t.customer();
    const { orderId, paymentId } = await f.paidOrder(me, { method: 'Boleto' });
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/orders/cancel/${orderId}`, headers: me.auth })).statusCode,
    ).toBe(200);
    expect((await paymentRow(paymentId)).status).toBe('Cancelado');
    const res = await t.app.inject({ method: 'DELETE', url: `/api/orders/${orderId}`, headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect((await orderRow(orderId)).deletedAt).not.toBeNull();
    expect(await salesIds()).not.toContain(orderId);
  });
});

describe('deleting an account with orders in progress', () => {
  it('is refused with a pt-BR 409 naming each open order, and changes nothing', async () => {
    const me = await t.customer();
    const pix = await f.paidOrder(me, { method: 'Pix' });
    const card = await f.paidOrder(me);
    const res = await deleteAccount(me);
    expect(res.statusCode).toBe(409);
    const body = res.json();
    expect(body.code).toBe('OPEN_ORDERS');
    expect(body.message).toContain(`pedido nº ${pix.orderId} (aguardando pagamento`);
    expect(body.message).toContain(`pedido nº ${card.orderId} (processando)`);
    expect((await orderRow(pix.orderId)).status).toBe('Aguardando pagamento');
    expect((await paymentRow(pix.paymentId)).status).toBe('Pendente');
    expect((await t.login(me.user.email, me.password)).user.id).toBe(me.user.id);
  });

  it('when confirmed, cancels them first: the pending Pix is withdrawn at the PSP, the paid one is refunded, stock comes back', async () => {
    const me = await t.customer();
    const pix = await f.paidOrder(me, { method: 'Pix', quantity: 2, stock: 10 });
    const card = await f.paidOrder(me, { quantity: 3, stock: 10 });
    const { txid } = await paymentRow(pix.paymentId);
    const res = await deleteAccount(me, { cancelOpenOrders: true });
    expect(res.statusCode).toBe(200);

    expect((await orderRow(pix.orderId)).status).toBe('Cancelado');
    expect((await paymentRow(pix.paymentId)).status).toBe('Cancelado');
    expect((await t.app.pixApi.getCob(txid as string))?.status).not.toBe('ATIVA');
    expect(await f.stockOf(pix.productId)).toBe(10);

    expect((await orderRow(card.orderId)).status).toBe('Cancelado');
    expect(await paymentRow(card.paymentId)).toMatchObject({ status: 'Reembolsado', refundDueAt: null });
    expect(await f.stockOf(card.productId)).toBe(10);
    const sales = (await t.app.inject({ url: '/api/orders/all/users?limit=200', headers: admin.auth })).json().data;
    expect(sales.find((o: { orderId: number }) => o.orderId === card.orderId)).toMatchObject({
      paymentStatus: 'Reembolsado',
      refundDue: false,
    });

    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: me.user.email, password: me.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('an order already on its way keeps what its delivery needs until it is delivered, then loses it', async () => {
    const me = await t.customer();
    const { orderId } = await f.paidOrder(me);
    expect((await moveOrder(orderId, 'Enviado')).statusCode).toBe(200);
    expect((await deleteAccount(me)).statusCode).toBe(409);
    expect((await deleteAccount(me, { cancelOpenOrders: true })).statusCode).toBe(200);

    expect(await orderRow(orderId)).toMatchObject({
      status: 'Enviado',
      addressStreet: 'Avenida Paulista',
      addressNumber: '100',
      addressComplement: 'Apto 12',
    });
    expect((await moveOrder(orderId, 'Entregue')).statusCode).toBe(200);
    expect(await orderRow(orderId)).toMatchObject({
      status: 'Entregue',
      addressStreet: '',
      addressNumber: '',
      addressComplement: '',
      addressCity: 'São Paulo',
      addressCep: '01310100',
    });
    expect(await salesIds()).toContain(orderId);
  });
});
