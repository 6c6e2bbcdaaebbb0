import { addDays, businessMoment } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { employees, users } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { bookingFixtures, notSunday } from './support/booking';
import { checkoutFixtures } from './support/checkout';

// Accounts are scrypt hashes and orders go through the sandbox PSPs: room for a loaded machine.
vi.setConfig({ testTimeout: 90_000 });

let t: TestContext;
let admin: LoggedIn;
let customer: LoggedIn;

interface Entry {
  id: number;
  at: string;
  userId: number | null;
  userName: string | null;
  role: string;
  action: string;
  entity: string;
  entityId: number | null;
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  ip: string | null;
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.admin();
  customer = await t.customer();
});
afterAll(() => t?.close());

const audit = async (query: string, headers = admin.auth) => {
  const res = await t.app.inject({ url: `/api/admin/audit?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { data: Entry[]; meta: { total: number; limit: number; offset: number } };
};

const refs = async () => ({
  category_id: (await t.app.inject({ url: '/api/categories' })).json().data[0].id as number,
  species_id: (await t.app.inject({ url: '/api/species' })).json().data[0].id as number,
});

describe('GET /admin/audit', () => {
  it('is for admins only', async () => {
    expect((await t.app.inject({ url: '/api/admin/audit' })).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/admin/audit', headers: customer.auth })).statusCode).toBe(403);
  });

  it('refuses bad filters with a 400', async () => {
    for (const query of ['entityId=abc', 'from=2026-13-01', 'entity=Product;drop', 'from=2026-02-01&to=2026-01-01']) {
      const res = await t.app.inject({ url: `/api/admin/audit?${query}`, headers: admin.auth });
      expect(res.statusCode, query).toBe(400);
    }
  });
});

describe('staff writes land in the audit log, with only what changed', () => {
  it('a product: created, price changed (in reais), deleted', async () => {
    const payload = {
      name: 'Petisco auditado',
      description: 'Para o teste da auditoria.',
      price: 40,
      stock: 5,
      url: '/p.svg',
      ...(await refs()),
    };
    const created = await t.app.inject({ method: 'POST', url: '/api/products', headers: admin.auth, payload });
    expect(created.statusCode).toBe(201);
    const id = created.json().data.id as number;
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.auth,
      payload: { ...payload, price: 45.5 },
    });
    expect(put.statusCode).toBe(200);
    // The same again changes nothing: no entry.
    await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.auth,
      payload: { ...payload, price: 45.5 },
    });
    expect((await t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers: admin.auth })).statusCode).toBe(
      200,
    );

    const { data, meta } = await audit(`entity=product&entityId=${id}`);
    expect(meta.total).toBe(3);
    const [deleted, updated, createdEntry] = data;
    expect(createdEntry).toMatchObject({
      action: 'create',
      entity: 'product',
      entityId: id,
      before: null,
      userId: admin.user.id,
      role: 'admin',
    });
    expect(createdEntry?.after).toMatchObject({ name: 'Petisco auditado', price: 40, stock: 5 });
    expect(updated).toMatchObject({ action: 'update', before: { price: 40 }, after: { price: 45.5 } });
    expect(deleted).toMatchObject({ action: 'delete', after: null });
    expect(deleted?.before).toMatchObject({ price: 45.5 });
    expect(updated?.userName).toBeTruthy();
    expect(updated?.ip).toBeTruthy();
  });

  it('a refused write leaves nothing', async () => {
    const before = (await audit('entity=product')).meta.total;
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/products/999999',
      headers: admin.auth,
      payload: { name: 'X', description: '', price: 1, stock: 1, url: '/p.svg', ...(await refs()) },
    });
    expect(res.statusCode).toBe(404);
    expect((await audit('entity=product')).meta.total).toBe(before);
  });

  it('a service, the shipping table and the store hours', async () => {
    const prices = { Pequeno: 50, Médio: 60, Grande: 70 };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/services',
      headers: admin.auth,
      payload: { name: 'Tosa auditada', description: '', prices, durationMinutes: 60 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.id as number;
    await t.app.inject({
      method: 'PUT',
      url: `/api/services/${id}`,
      headers: admin.auth,
      payload: { name: 'Tosa auditada', description: '', prices: { ...prices, Grande: 80 }, durationMinutes: 60 },
    });
    const [update] = (await audit(`entity=service&entityId=${id}`)).data;
    expect(update).toMatchObject({
      action: 'update',
      before: { prices: { Grande: 70 } },
      after: { prices: { Grande: 80 } },
    });

    const table = (await t.app.inject({ url: '/api/admin/shipping', headers: admin.auth })).json().data;
    const shipping = await t.app.inject({
      method: 'PUT',
      url: '/api/admin/shipping',
      headers: admin.auth,
      payload: { ...table, freeAbove: 321 },
    });
    expect(shipping.statusCode, shipping.body).toBe(200);
    const [ship] = (await audit('entity=shipping')).data;
    expect(ship).toMatchObject({
      action: 'update',
      entityId: null,
      before: { freeAbove: table.freeAbove },
      after: { freeAbove: 321 },
    });

    const stores = (await t.app.inject({ url: '/api/stores' })).json().data as { id: number }[];
    const storeId = stores[0]?.id as number;
    const week = [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '09:00', end: '18:00' }));
    const hours = await t.app.inject({
      method: 'PUT',
      url: `/api/stores/${storeId}/hours`,
      headers: admin.auth,
      payload: { week },
    });
    expect(hours.statusCode, hours.body).toBe(200);
    const [store] = (await audit(`entity=store&entityId=${storeId}`)).data;
    expect(store?.action).toBe('hours');
    expect(store?.after).toEqual({ hours: week });
  });

  it('an order moved on and an appointment whose status staff set', async () => {
    const checkout = checkoutFixtures(t);
    const { orderId } = await checkout.paidOrder(customer);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}`,
      headers: admin.auth,
      payload: { status: 'Enviado' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    const [order] = (await audit(`entity=order&entityId=${orderId}`)).data;
    expect(order).toMatchObject({ action: 'status', before: { status: 'Processando' }, after: { status: 'Enviado' } });

    const booking = bookingFixtures(t);
    const date = notSunday(addDays(businessMoment().date, 3));
    const appointmentId = await booking.book(customer, date, '10:00');
    const status = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${appointmentId}/status`,
      headers: admin.auth,
      payload: { status: 'Cancelado' },
    });
    expect(status.statusCode, status.body).toBe(200);
    const [appointment] = (await audit(`entity=appointment&entityId=${appointmentId}`)).data;
    expect(appointment).toMatchObject({
      action: 'status',
      before: { status: 'Agendado' },
      after: { status: 'Cancelado' },
    });
  });

  it('a customer changing their own things writes nothing; an admin editing a user does, without personal data', async () => {
    const user = await t.customer();
    const profile = { name: 'Novo Nome', email: user.user.email, phone: '11912345678' };
    await t.app.inject({ method: 'PUT', url: `/api/user/${user.user.id}`, headers: user.auth, payload: profile });
    expect((await audit(`entity=user&entityId=${user.user.id}`)).meta.total).toBe(0);

    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${user.user.id}`,
      headers: admin.auth,
      payload: { ...profile, name: 'Nome pelo admin', role: 'admin' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const [entry] = (await audit(`entity=user&entityId=${user.user.id}`)).data;
    expect(entry).toMatchObject({ action: 'update', before: { role: 'customer' }, after: { role: 'admin' } });
    expect(JSON.stringify(entry)).not.toContain('Nome pelo admin');
    expect(JSON.stringify(entry)).not.toContain('Novo Nome');
  });

  it('a professional’s vaccines and weights on a customer’s pet; the owner’s own leave nothing', async () => {
    const booking = bookingFixtures(t);
    const appointmentId = await booking.book(customer, notSunday(addDays(businessMoment().date, 4)), '11:00');
    const { pet_id: petId, employer_id: employeeId } = (
      await t.app.inject({ url: `/api/appointments/${appointmentId}`, headers: admin.auth })
    ).json().data as { pet_id: number; employer_id: number };
    const groomer = await t.staffMember('professional', [1]);
    await t.db.update(employees).set({ userId: groomer.user.id }).where(eq(employees.id, employeeId));
    const write = (who: LoggedIn, method: 'POST' | 'DELETE', url: string, payload?: object) =>
      t.app.inject({ method, url: `/api/pets/${petId}${url}`, headers: who.auth, ...(payload ? { payload } : {}) });
    const appliedOn = addDays(businessMoment().date, -5);

    const own = await write(customer, 'POST', '/vaccines', { name: 'V8', appliedOn });
    expect(own.statusCode, own.body).toBe(201);
    expect((await audit('entity=vaccine')).meta.total).toBe(0);

    const vaccine = await write(groomer, 'POST', '/vaccines', { name: 'Antirrábica', appliedOn });
    expect(vaccine.statusCode, vaccine.body).toBe(201);
    const vaccineId = vaccine.json().data.id as number;
    const weight = await write(groomer, 'POST', '/weights', { kg: 12.5, measuredOn: appliedOn });
    expect(weight.statusCode, weight.body).toBe(201);
    const removed = await write(groomer, 'DELETE', `/vaccines/${vaccineId}`);
    expect(removed.statusCode, removed.body).toBe(200);

    const [deleted, created] = (await audit(`entity=vaccine&entityId=${vaccineId}`)).data;
    expect(created).toMatchObject({
      action: 'create',
      userId: groomer.user.id,
      role: 'professional',
      before: null,
      after: { name: 'Antirrábica', appliedOn, petId },
    });
    expect(deleted).toMatchObject({ action: 'delete', before: { name: 'Antirrábica', petId }, after: null });
    const [kg] = (await audit(`entity=weight&entityId=${weight.json().data.id}`)).data;
    expect(kg).toMatchObject({ action: 'create', userId: groomer.user.id, after: { kg: 12.5, petId } });
  });

  it('filters by user and by day', async () => {
    const today = businessMoment().date;
    const mine = await audit(`userId=${admin.user.id}&from=${today}&to=${today}`);
    expect(mine.meta.total).toBeGreaterThan(0);
    expect(mine.data.every((e) => e.userId === admin.user.id)).toBe(true);
    expect((await audit(`userId=${admin.user.id}&to=2020-01-01`)).meta.total).toBe(0);
    const page = await audit('limit=2&offset=1');
    expect(page.data).toHaveLength(2);
    expect(page.meta).toMatchObject({ limit: 2, offset: 1 });
  });

  it('filters by any words of the name of who made the change, in any order, accents and case aside', async () => {
    const all = await audit('limit=200');
    const [me] = await t.db.select({ name: users.name }).from(users).where(eq(users.id, admin.user.id));
    const words = (me?.name ?? '').split(' ');
    expect(words.length).toBeGreaterThan(0);
    const shouted = encodeURIComponent([...words].reverse().join('  ').toUpperCase());
    const named = await audit(`person=${shouted}&limit=200`);
    expect(named.meta.total).toBeGreaterThan(0);
    expect(named.data.every((e) => e.userId === admin.user.id)).toBe(true);
    expect(named.meta.total).toBe(all.data.filter((e) => e.userId === admin.user.id).length);
    expect((await audit(`person=${encodeURIComponent(`${words[0]} Zzzquem`)}`)).meta.total).toBe(0);
    const long = await t.app.inject({ url: `/api/admin/audit?person=${'a'.repeat(101)}`, headers: admin.auth });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Nome muito longo.');
  });
});
