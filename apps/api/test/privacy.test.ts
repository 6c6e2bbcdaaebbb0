import { addDays, businessMoment } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { addresses, messages, orders, plans, subscriptionCycles, subscriptions, users } from '../src/db/schema';
import { grantPackage } from '../src/modules/packages/packages.service';
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

  it('includes the credits of the pets, with their ledger, and the subscriptions with their dates and charges', async () => {
    const me = await t.customer();
    const admin = await t.admin();
    const serviceId = await booking.service();
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: admin.auth,
      payload: { name: '4 banhos exportados', serviceId, size: null, credits: 4, validityDays: 45, price: 200 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const petId = await booking.pet(me, 'Pacoteiro');
    await t.db.transaction((tx) =>
      grantPackage(tx, { packageId: created.json().data.id, petId, source: 'balcao', ref: `venda-export-${petId}` }),
    );
    const date = notSunday(addDays(businessMoment().date, 6));
    const used = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: me.auth,
      payload: {
        service_id: serviceId,
        employer_id: await booking.employee(),
        pet_id: petId,
        appointment_date: date,
        appointment_time: '15:00',
      },
    });
    expect(used.statusCode, used.body).toBe(201);
    const [plan] = await t.db
      .insert(plans)
      .values({ name: 'Banho semanal exportado', serviceId, size: 'Médio', frequency: 'SEMANAL', priceCents: 7990 })
      .returning({ id: plans.id });
    const [sub] = await t.db
      .insert(subscriptions)
      .values({
        planId: plan?.id as number,
        userId: me.user.id,
        petId,
        employeeId: await booking.employee(),
        weekday: 3,
        time: '10:00',
        status: 'Ativa',
        paymentMethod: 'Cartão de Crédito',
        priceCents: 7990,
        frequency: 'SEMANAL',
        anchorDate: date,
      })
      .returning({ id: subscriptions.id });
    await t.db.insert(subscriptionCycles).values({
      subscriptionId: sub?.id as number,
      dueOn: date,
      amountCents: 7990,
      status: 'Paga',
      txid: `export-${sub?.id}`,
      attempts: 1,
    });
    // Someone else's credits and subscriptions stay out.
    const other = await t.customer();
    const otherPet = await booking.pet(other, 'Alheio');
    await t.db.transaction((tx) =>
      grantPackage(tx, {
        packageId: created.json().data.id,
        petId: otherPet,
        source: 'balcao',
        ref: `venda-alheia-${otherPet}`,
      }),
    );

    const data = (await t.app.inject({ url: `/api/user/${me.user.id}/export`, headers: me.auth })).json();
    expect(data.packageCredits).toEqual([
      expect.objectContaining({
        petId,
        petName: 'Pacoteiro',
        packageName: '4 banhos exportados',
        credits: 4,
        remaining: 3,
        entries: [
          expect.objectContaining({ delta: 4, reason: 'compra', appointmentId: null }),
          expect.objectContaining({ delta: -1, reason: 'uso', appointmentId: used.json().data.id }),
        ],
      }),
    ]);
    expect(data.subscriptions).toEqual([
      expect.objectContaining({
        id: sub?.id,
        planName: 'Banho semanal exportado',
        petId,
        weekday: 3,
        time: '10:00',
        status: 'Ativa',
        cycles: [expect.objectContaining({ dueOn: date, amountCents: 7990, status: 'Paga' })],
      }),
    ]);
    const empty = (await t.app.inject({ url: `/api/user/${admin.user.id}/export`, headers: admin.auth })).json();
    expect(empty).toMatchObject({ packageCredits: [], subscriptions: [] });
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
