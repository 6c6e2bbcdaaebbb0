import { addDays, businessMoment } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addresses, messages, orders, users } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { bookingFixtures, notSunday } from './support/booking';
import { checkoutFixtures } from './support/checkout';

// Each test creates several accounts (scrypt): room for a loaded machine.
vi.setConfig({ testTimeout: 90_000 });

let t: TestContext;
let shop: ReturnType<typeof checkoutFixtures>;
let booking: ReturnType<typeof bookingFixtures>;
beforeAll(async () => {
  t = await createTestContext();
  shop = checkoutFixtures(t);
  booking = bookingFixtures(t);
});
afterAll(() => t.close());

describe('preferences', () => {
  it('start off, are saved by the owner, and only the owner reads or writes them', async () => {
    const me = await t.customer();
    const other = await t.customer();
    const url = `/api/user/${me.user.id}/preferences`;
    expect((await t.app.inject({ url, headers: me.auth })).json().data).toEqual({
      marketingOptIn: false,
      whatsappOptIn: false,
    });
    const put = await t.app.inject({
      method: 'PUT',
      url,
      headers: me.auth,
      payload: { marketingOptIn: false, whatsappOptIn: true, role: 'admin' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json().data).toEqual({ marketingOptIn: false, whatsappOptIn: true });
    expect((await t.app.inject({ url, headers: me.auth })).json().data.whatsappOptIn).toBe(true);
    const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, me.user.id));
    expect(row?.role).toBe('customer');
    const stolen = await t.app.inject({
      method: 'PUT',
      url,
      headers: other.auth,
      payload: { marketingOptIn: true, whatsappOptIn: false },
    });
    expect(stolen.statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url })).statusCode).toBe(401);
    const bad = await t.app.inject({ method: 'PUT', url, headers: me.auth, payload: { marketingOptIn: 'sim' } });
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/user/:id/export', () => {
  it('downloads everything held about the owner as JSON, with no secret', async () => {
    const me = await t.customer({ name: 'Maria Exportadora' });
    const { orderId } = await shop.paidOrder(me);
    const appointmentId = await booking.book(me, notSunday(addDays(businessMoment().date, 5)), '11:00');
    const res = await t.app.inject({ url: `/api/user/${me.user.id}/export`, headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/attachment; filename="petcare-meus-dados-\d+\.json"/);
    const data = res.json();
    expect(data.profile).toMatchObject({ id: me.user.id, name: 'Maria Exportadora', email: me.user.email });
    expect(data.addresses).toHaveLength(1);
    expect(data.addresses[0]).toMatchObject({ number: '100', city: 'São Paulo', state: 'SP' });
    expect(data.pets[0]).toMatchObject({ name: 'Rex' });
    expect(data.orders[0]).toMatchObject({ id: orderId, paymentMethod: 'Cartão de Crédito' });
    expect(data.orders[0].items).toHaveLength(1);
    expect(data.appointments[0]).toMatchObject({ id: appointmentId, pet: 'Rex' });
    expect(data.messages.map((m: { kind: string }) => m.kind)).toEqual(
      expect.arrayContaining(['account-created', 'order-created', 'appointment-booked']),
    );
    expect(res.body).not.toMatch(
      /passwordHash|password_hash|scrypt|tokenVersion|token_version|tokenHash|token_hash|sealed/i,
    );
  });

  it("is the owner's or an admin's: another customer gets 404, no token 401", async () => {
    const me = await t.customer();
    const other = await t.customer();
    const admin = await t.admin();
    expect((await t.app.inject({ url: `/api/user/${me.user.id}/export`, headers: other.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/user/${me.user.id}/export` })).statusCode).toBe(401);
    const byAdmin = await t.app.inject({ url: `/api/user/${me.user.id}/export`, headers: admin.auth });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().profile.email).toBe(me.user.email);
  });
});

describe('deleting the own account (LGPD)', () => {
  it('keeps the orders for the books without name, e-mail, CPF or phone', async () => {
    const payload = t.newUserPayload({ name: 'João Apagável' });
    expect((await t.app.inject({ method: 'POST', url: '/api/user', payload })).statusCode).toBe(201);
    const me = await t.login(payload.email, payload.password);
    const { orderId } = await shop.paidOrder(me);
    const admin = await t.admin();
    // Delivered: the order is closed, so nothing stands in the way of the deletion.
    for (const status of ['Enviado', 'Entregue']) {
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${orderId}`,
        headers: admin.auth,
        payload: { status },
      });
      expect(moved.statusCode).toBe(200);
    }
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${me.user.id}`, headers: me.auth });
    expect(res.statusCode).toBe(200);

    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    // R$ 50,00 of products plus R$ 15,90 to SP.
    expect(order).toMatchObject({ userId: me.user.id, totalCents: 6590, addressStreet: '', addressNumber: '' });
    const [row] = await t.db.select().from(users).where(eq(users.id, me.user.id));
    const rowText = JSON.stringify(row);
    for (const personal of [payload.name, payload.email, payload.cpf, payload.phone]) {
      expect(rowText).not.toContain(personal);
    }
    expect(row?.deletedAt).not.toBeNull();
    expect(await t.db.select().from(addresses).where(eq(addresses.userId, me.user.id))).toEqual([]);
    const kept = await t.db.select().from(messages).where(eq(messages.userId, me.user.id));
    expect(JSON.stringify(kept)).not.toContain(payload.email);
    expect(JSON.stringify(kept)).not.toContain('João');

    const sales = await t.app.inject({ url: '/api/orders/all/users?limit=200', headers: admin.auth });
    const sale = sales.json().data.find((o: { orderId: number }) => o.orderId === orderId);
    expect(sale).toBeDefined();
    expect(JSON.stringify(sale)).not.toContain(payload.name);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: payload.email, password: payload.password },
    });
    expect(login.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/user', payload })).statusCode).toBe(201);
  });
});
