import { addDays, businessMoment } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, employees, pets, services } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { onePrice } from './support/booking';

let t: TestContext;
let bath = 0;
let vet = 0;
let retired = 0;
let admin: LoggedIn;
let customer: LoggedIn;

const payload = (overrides: Record<string, unknown> = {}) => ({
  name: 'Juliana Ferreira',
  phone: '(11) 98765-4321',
  position: 'Banhista',
  service_id: bath,
  ...overrides,
});

const create = (user: LoggedIn, body: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/employers', headers: user.auth, payload: body });

async function createdId(overrides: Record<string, unknown> = {}) {
  const res = await create(admin, payload(overrides));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.id as number;
}

/** An appointment with this employee, `days` from today (negative: in the past). */
async function appointmentWith(employeeId: number, days: number) {
  const [pet] = await t.db
    .insert(pets)
    .values({ userId: customer.user.id, name: 'Rex', age: 2, specie: 'Cachorro', size: 'Pequeno' })
    .returning({ id: pets.id });
  await t.db.insert(appointments).values({
    userId: customer.user.id,
    petId: pet?.id ?? 0,
    serviceId: bath,
    employeeId,
    appointmentDate: addDays(businessMoment().date, days),
    appointmentTime: '10:00',
    priceCents: 6000,
  });
}

beforeAll(async () => {
  t = await createTestContext();
  const rows = await t.db
    .insert(services)
    .values([
      { name: 'Banho', ...onePrice(6000) },
      { name: 'Consulta Veterinária', ...onePrice(15000) },
      { name: 'Antigo', ...onePrice(100), archivedAt: new Date() },
    ])
    .returning({ id: services.id });
  [bath, vet, retired] = rows.map((r) => r.id) as [number, number, number];
  admin = await t.admin();
  customer = await t.customer();
});
afterAll(() => t.close());

describe('permissions', () => {
  it.each([
    ['GET', '/api/employers'],
    ['GET', '/api/employers/1'],
    ['GET', '/api/employers/service/1'],
    ['POST', '/api/employers'],
    ['PUT', '/api/employers/1'],
    ['DELETE', '/api/employers/1'],
  ] as const)('%s %s needs a token', async (method, url) => {
    expect((await t.app.inject({ method, url })).statusCode).toBe(401);
  });

  it('keeps changes for admins (403 to customers, nothing written)', async () => {
    const id = await createdId();
    expect((await create(customer, payload())).statusCode).toBe(403);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/employers/${id}`,
      headers: customer.auth,
      payload: payload(),
    });
    expect(put.statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/employers/${id}`, headers: customer.auth })).statusCode,
    ).toBe(403);
    const [row] = await t.db.select().from(employees).where(eq(employees.id, id));
    expect(row?.archivedAt).toBeNull();
  });
});

describe('POST /employers', () => {
  it('creates an employee with the phone as digits', async () => {
    const res = await create(admin, payload());
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Funcionário cadastrado com sucesso!',
      data: {
        id: expect.any(Number),
        name: 'Juliana Ferreira',
        phone: '11987654321',
        position: 'Banhista',
        service_id: bath,
        store_id: 1,
      },
    });
  });

  it.each([
    ['name', ''],
    ['name', undefined],
    ['phone', '1234'],
    ['phone', undefined],
    ['position', '  '],
    ['service_id', 'x'],
    ['service_id', 0],
  ])('names %s when it is %s', async (field, value) => {
    const res = await create(admin, payload({ [field]: value }));
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('refuses a service that does not exist or was archived', async () => {
    for (const serviceId of [999_999, retired]) {
      const res = await create(admin, payload({ service_id: serviceId }));
      expect(res.statusCode).toBe(400);
      expect(res.json().details).toEqual([{ field: 'service_id', message: 'Selecione um serviço válido.' }]);
    }
  });
});

describe('reads', () => {
  it('hides the phone from customers and shows it to admins', async () => {
    const id = await createdId({ name: 'Rafael', service_id: vet });
    const asCustomer = await t.app.inject({ url: `/api/employers/${id}`, headers: customer.auth });
    expect(asCustomer.json().data).toEqual({ id, name: 'Rafael', position: 'Banhista', service_id: vet, store_id: 1 });
    const asAdmin = await t.app.inject({ url: `/api/employers/${id}`, headers: admin.auth });
    expect(asAdmin.json().data.phone).toBe('11987654321');
    const list = await t.app.inject({ url: '/api/employers', headers: customer.auth });
    for (const e of list.json().data) expect(e).not.toHaveProperty('phone');
    const adminList = await t.app.inject({ url: '/api/employers', headers: admin.auth });
    for (const e of adminList.json().data) expect(e.phone).toMatch(/^\d{10,11}$/);
  });

  it('lists employees of one service, paginated, 404 for an unknown service', async () => {
    const a = await createdId({ service_id: vet, name: 'Dra. Ana' });
    const b = await createdId({ service_id: vet, name: 'Dr. Bruno' });
    const res = await t.app.inject({ url: `/api/employers/service/${vet}`, headers: customer.auth });
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as { id: number; service_id: number }[]).map((e) => e.id);
    expect(ids).toEqual(expect.arrayContaining([a, b]));
    for (const e of res.json().data) expect(e.service_id).toBe(vet);
    expect(res.json().meta).toMatchObject({ total: ids.length, limit: 60, offset: 0 });
    const page = await t.app.inject({ url: `/api/employers/service/${vet}?limit=1&offset=1`, headers: customer.auth });
    expect(page.json().data).toHaveLength(1);
    expect((await t.app.inject({ url: '/api/employers/service/999999', headers: customer.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/employers/service/${retired}`, headers: customer.auth })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ url: '/api/employers/999999', headers: customer.auth })).statusCode).toBe(404);
  });
});

describe('PUT /employers/:id', () => {
  it('updates name, phone, position and service', async () => {
    const id = await createdId();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/employers/${id}`,
      headers: admin.auth,
      payload: payload({ name: 'Juliana F. Alves', phone: '1133224455', position: 'Veterinária', service_id: vet }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Funcionário atualizado com sucesso!',
      data: {
        id,
        name: 'Juliana F. Alves',
        phone: '1133224455',
        position: 'Veterinária',
        service_id: vet,
        store_id: 1,
      },
    });
  });

  it('answers 404 for an unknown employee and 400 for bad input', async () => {
    const put = (id: number, body: Record<string, unknown>) =>
      t.app.inject({ method: 'PUT', url: `/api/employers/${id}`, headers: admin.auth, payload: body });
    expect((await put(999_999, payload())).statusCode).toBe(404);
    const id = await createdId();
    expect((await put(id, payload({ phone: '123' }))).statusCode).toBe(400);
  });

  it('refuses to move someone with upcoming appointments to another service', async () => {
    const id = await createdId();
    await appointmentWith(id, 5);
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/employers/${id}`,
      headers: admin.auth,
      payload: payload({ service_id: vet }),
    });
    expect(res.statusCode).toBe(409);
    const same = await t.app.inject({
      method: 'PUT',
      url: `/api/employers/${id}`,
      headers: admin.auth,
      payload: payload({ name: 'Novo Nome' }),
    });
    expect(same.statusCode).toBe(200);
  });
});

describe('DELETE /employers/:id', () => {
  const remove = (id: number) => t.app.inject({ method: 'DELETE', url: `/api/employers/${id}`, headers: admin.auth });

  it('deletes an employee nothing refers to', async () => {
    const id = await createdId();
    const res = await remove(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Funcionário excluído com sucesso!', data: { id, archived: false } });
    expect(await t.db.select().from(employees).where(eq(employees.id, id))).toHaveLength(0);
    expect((await remove(id)).statusCode).toBe(404);
  });

  it('archives an employee past appointments refer to, and hides them', async () => {
    const id = await createdId();
    await appointmentWith(id, -3);
    const res = await remove(id);
    expect(res.json().data).toEqual({ id, archived: true });
    const [row] = await t.db.select().from(employees).where(eq(employees.id, id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    expect((await t.app.inject({ url: `/api/employers/${id}`, headers: admin.auth })).statusCode).toBe(404);
    const list = await t.app.inject({ url: '/api/employers?limit=200', headers: admin.auth });
    expect((list.json().data as { id: number }[]).map((e) => e.id)).not.toContain(id);
  });

  it('refuses while upcoming appointments remain', async () => {
    const id = await createdId();
    await appointmentWith(id, 2);
    const res = await remove(id);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('EMPLOYEE_HAS_APPOINTMENTS');
  });
});
