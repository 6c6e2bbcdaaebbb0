import { addDays, businessMoment } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, employees, pets, services } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';

let t: TestContext;
let admin: LoggedIn;
let customer: LoggedIn;

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Hidratação',
  description: 'Hidratação profunda dos pelos.',
  price: 45.9,
  ...overrides,
});
const create = (user: LoggedIn, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/services', headers: user.auth, payload });
const remove = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/services/${id}`, headers: admin.auth });

async function createdId() {
  const res = await create(admin, body());
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.id as number;
}

async function employeeOf(serviceId: number) {
  const [row] = await t.db
    .insert(employees)
    .values({ name: 'Diego', phone: '11976543210', position: 'Banhista', serviceId })
    .returning({ id: employees.id });
  return row?.id ?? 0;
}

async function appointmentFor(serviceId: number, days: number) {
  const employeeId = await employeeOf(serviceId);
  const [pet] = await t.db
    .insert(pets)
    .values({ userId: customer.user.id, name: 'Mia', age: 4, specie: 'Gato', size: 'Pequeno' })
    .returning({ id: pets.id });
  await t.db.insert(appointments).values({
    userId: customer.user.id,
    petId: pet?.id ?? 0,
    serviceId,
    employeeId,
    appointmentDate: addDays(businessMoment().date, days),
    appointmentTime: '09:00',
    priceCents: 6000,
  });
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.admin();
  customer = await t.customer();
});
afterAll(() => t.close());

describe('permissions', () => {
  it('needs a token and the admin role', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/services', payload: body() })).statusCode).toBe(401);
    expect((await create(customer, body())).statusCode).toBe(403);
    const id = await createdId();
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/services/${id}`,
      headers: customer.auth,
      payload: body(),
    });
    expect(put.statusCode).toBe(403);
    const del = await t.app.inject({ method: 'DELETE', url: `/api/services/${id}`, headers: customer.auth });
    expect(del.statusCode).toBe(403);
    expect((await t.app.inject({ url: `/api/services/${id}` })).statusCode).toBe(200);
  });
});

describe('POST /services', () => {
  it('creates a service with an exact price and a default duration', async () => {
    const res = await create(admin, body({ price: 19.99 }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Serviço cadastrado com sucesso!',
      data: {
        id: expect.any(Number),
        name: 'Hidratação',
        description: 'Hidratação profunda dos pelos.',
        price: 19.99,
        prices: { Pequeno: 19.99, Médio: 19.99, Grande: 19.99 },
        durationMinutes: 30,
      },
    });
    const [row] = await t.db.select().from(services).where(eq(services.id, res.json().data.id));
    expect(row?.priceCents).toBe(1999);
  });

  it('creates a service priced by size; price is the smallest of them', async () => {
    const res = await create(
      admin,
      body({ price: undefined, prices: { Pequeno: 90, Médio: 80.5, Grande: 130 }, durationMinutes: 90 }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      price: 80.5,
      prices: { Pequeno: 90, Médio: 80.5, Grande: 130 },
      durationMinutes: 90,
    });
    const [row] = await t.db.select().from(services).where(eq(services.id, res.json().data.id));
    expect(row).toMatchObject({
      priceCents: 8050,
      priceSmallCents: 9000,
      priceMediumCents: 8050,
      priceLargeCents: 13000,
    });
  });

  it('needs a price or the size prices', async () => {
    const res = await create(admin, body({ price: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain('price');
  });

  it.each([
    ['name', ''],
    ['price', -1],
    ['price', 10.005],
    ['price', '10'],
    ['price', 2_000_000],
    ['durationMinutes', 0],
    ['durationMinutes', 45],
    ['durationMinutes', 150],
    ['durationMinutes', '60'],
    ['prices', { Pequeno: 10, Médio: -1, Grande: 10 }, 'prices.Médio'],
    ['prices', { Pequeno: 10, Grande: 10 }, 'prices.Médio'],
  ])('names %s when it is %s', async (field: string, value: unknown, named: string = field) => {
    const res = await create(admin, body({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(named);
  });
});

describe('PUT /services/:id', () => {
  it('updates a service', async () => {
    const id = await createdId();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/services/${id}`,
      headers: admin.auth,
      payload: body({ name: 'Hidratação Premium', price: 60, durationMinutes: 60 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Serviço atualizado com sucesso!',
      data: { id, name: 'Hidratação Premium', price: 60, durationMinutes: 60 },
    });
    const missing = await t.app.inject({
      method: 'PUT',
      url: '/api/services/999999',
      headers: admin.auth,
      payload: body(),
    });
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE /services/:id', () => {
  it('deletes a service nothing refers to', async () => {
    const id = await createdId();
    const res = await remove(id);
    expect(res.json()).toEqual({ message: 'Serviço excluído com sucesso!', data: { id, archived: false } });
    expect(await t.db.select().from(services).where(eq(services.id, id))).toHaveLength(0);
    expect((await remove(id)).statusCode).toBe(404);
  });

  it('archives a service employees refer to; it leaves the shop', async () => {
    const id = await createdId();
    await employeeOf(id);
    const res = await remove(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id, archived: true });
    expect((await t.app.inject({ url: `/api/services/${id}` })).statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/services?limit=200' });
    expect((list.json().data as { id: number }[]).map((s) => s.id)).not.toContain(id);
  });

  it('archives a service past appointments refer to', async () => {
    const id = await createdId();
    await appointmentFor(id, -5);
    expect((await remove(id)).json().data).toEqual({ id, archived: true });
  });

  it('refuses while upcoming appointments remain', async () => {
    const id = await createdId();
    await appointmentFor(id, 3);
    const res = await remove(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('SERVICE_HAS_APPOINTMENTS');
  });
});
