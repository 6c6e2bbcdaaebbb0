import { addDays, businessMoment, weekdayOf } from '@petshop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cities, states } from '../src/db/schema';
import { move } from '../src/modules/inventory/inventory.service';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { bookingFixtures } from './support/booking';
import { checkoutFixtures } from './support/checkout';

// Accounts are scrypt hashes: room for a loaded machine.
vi.setConfig({ testTimeout: 90_000 });

let t: TestContext;
let f: ReturnType<typeof bookingFixtures>;
let admin: LoggedIn;
let customer: LoggedIn;
let sp: { stateId: number; cityId: number };
let rjCity: number;
let second: number;

beforeAll(async () => {
  t = await createTestContext();
  f = bookingFixtures(t);
  admin = await t.admin();
  customer = await t.customer();
  const place = async (uf: string, name: string) => {
    const [row] = await t.db
      .select({ stateId: states.id, cityId: cities.id })
      .from(cities)
      .innerJoin(states, eq(states.id, cities.stateId))
      .where(and(eq(states.uf, uf), eq(cities.name, name)));
    if (!row) throw new Error(`${name}/${uf} missing`);
    return row;
  };
  sp = await place('SP', 'São Paulo');
  rjCity = (await place('RJ', 'Rio de Janeiro')).cityId;
});
afterAll(() => t?.close());

/** The first `weekday` (0 = Sunday) at least a week ahead. */
const upcoming = (weekday: number) => {
  let date = addDays(businessMoment().date, 7);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
};

const storePayload = (extra: Record<string, unknown> = {}) => ({
  name: 'Loja Moema',
  cep: '04077-000',
  street: 'Avenida Ibirapuera',
  number: '2100',
  district: 'Moema',
  state_id: sp.stateId,
  city_id: sp.cityId,
  phone: '(11) 3333-4444',
  ...extra,
});
const createStore = (user: LoggedIn | undefined, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/stores', headers: user?.auth ?? {}, payload });
const updateStore = (id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/stores/${id}`, headers: admin.auth, payload });
const publicStores = async () => (await t.app.inject({ url: '/api/stores' })).json().data as { id: number }[];

describe('stores', () => {
  it('a fresh install answers one store with the fields of API.md', async () => {
    const [main, ...others] = (await t.app.inject({ url: '/api/stores' })).json().data;
    expect(others).toEqual([]);
    expect(Object.keys(main)).toEqual(
      expect.arrayContaining([
        'id',
        'name',
        'cep',
        'street',
        'number',
        'district',
        'state_id',
        'city_id',
        'phone',
        'hours',
        'pickup',
      ]),
    );
    expect(main).toMatchObject({ name: 'Loja principal', active: true, main: true, pickup: true });
  });

  it('POST /stores is the admin’s, and checks the address as /addresses does', async () => {
    expect((await createStore(undefined, storePayload())).statusCode).toBe(401);
    expect((await createStore(customer, storePayload())).statusCode).toBe(403);
    const wrongCity = await createStore(admin, storePayload({ city_id: rjCity }));
    expect(wrongCity.statusCode).toBe(400);
    expect(wrongCity.json().details).toEqual([expect.objectContaining({ field: 'city_id' })]);
    const wrongCep = await createStore(admin, storePayload({ cep: '20040-002' }));
    expect(wrongCep.statusCode).toBe(400);
    expect(wrongCep.json().details).toEqual([expect.objectContaining({ field: 'cep' })]);
    expect((await createStore(admin, storePayload({ street: '' }))).statusCode).toBe(400);
  });

  it('creates a store with digits, its state and the default week, listed after the main one', async () => {
    const res = await createStore(admin, storePayload({ hours: [{ weekday: 2, start: '10:00', end: '16:00' }] }));
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Loja cadastrada com sucesso!');
    const store = res.json().data;
    second = store.id;
    expect(store).toMatchObject({
      name: 'Loja Moema',
      cep: '04077000',
      phone: '1133334444',
      state_id: sp.stateId,
      city_id: sp.cityId,
      active: true,
      main: false,
      hours: [{ weekday: 2, start: '10:00', end: '16:00' }],
    });
    expect((await publicStores()).map((s) => s.id)).toEqual([expect.any(Number), second]);
  });

  it('the main store cannot be deactivated; another can, and leaves GET /stores', async () => {
    const [main] = await publicStores();
    const refused = await updateStore(main?.id ?? 0, storePayload({ name: 'Loja principal', active: false }));
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('MAIN_STORE');
    const closed = await updateStore(second, storePayload({ active: false }));
    expect(closed.statusCode).toBe(200);
    expect((await publicStores()).map((s) => s.id)).not.toContain(second);
    const all = await t.app.inject({ url: '/api/admin/stores', headers: admin.auth });
    expect(all.json().data.map((s: { id: number }) => s.id)).toContain(second);
    expect((await updateStore(second, storePayload())).statusCode).toBe(200);
    expect((await updateStore(999_999, storePayload())).statusCode).toBe(404);
  });

  it("a manager sets their own store's hours, audited; another store's is 404 and stays; reception 403", async () => {
    const week = [{ weekday: 2, start: '10:00', end: '16:00' }];
    const putHours = (user: LoggedIn, id: number, days = week) =>
      t.app.inject({ method: 'PUT', url: `/api/stores/${id}/hours`, headers: user.auth, payload: { week: days } });
    const hoursOf = async (id: number) =>
      (
        (await t.app.inject({ url: '/api/admin/stores', headers: admin.auth })).json().data as {
          id: number;
          hours: unknown;
        }[]
      ).find((s) => s.id === id)?.hours;
    const mainBefore = await hoursOf(1);
    const manager = await t.staffMember('manager', [second]);
    const longer = [{ weekday: 2, start: '09:00', end: '17:00' }];
    const mine = await putHours(manager, second, longer);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.hours).toEqual(longer);
    const other = await putHours(manager, 1);
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Loja não encontrada.');
    expect(await hoursOf(1)).toEqual(mainBefore);
    expect((await putHours(await t.staffMember('reception', [second]), second)).statusCode).toBe(403);
    const audit = await t.app.inject({ url: `/api/admin/audit?entity=store&entityId=${second}`, headers: admin.auth });
    expect(audit.json().data[0]).toMatchObject({
      action: 'hours',
      userId: manager.user.id,
      role: 'manager',
      storeId: second,
      before: { hours: week },
      after: { hours: longer },
    });
    expect((await putHours(manager, second)).statusCode).toBe(200);
  });

  it('the back-office list is every store for the owner and only their own for a manager', async () => {
    const listed = async (user: LoggedIn) =>
      ((await t.app.inject({ url: '/api/admin/stores', headers: user.auth })).json().data as { id: number }[]).map(
        (store) => store.id,
      );
    expect(await listed(admin)).toEqual(expect.arrayContaining([1, second]));
    expect(await listed(await t.staffMember('manager', [second]))).toEqual([second]);
    expect(await listed(await t.staffMember('manager', [1]))).toEqual([1]);
  });
});

describe('employees, booking and the agenda by store', () => {
  let there: number;
  let here: number;
  const tuesday = upcoming(2);

  const book = (employeeId: number, time: string, storeId?: number) =>
    Promise.all([f.service(), f.pet(customer)]).then(([serviceId, petId]) =>
      t.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: customer.auth,
        payload: {
          service_id: serviceId,
          employer_id: employeeId,
          pet_id: petId,
          appointment_date: tuesday,
          appointment_time: time,
          ...(storeId !== undefined && { store_id: storeId }),
        },
      }),
    );

  it('an employee created without a store works at the main one; with store_id, at that one', async () => {
    here = await f.employee('Ana da Principal');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/employers',
      headers: admin.auth,
      payload: {
        name: 'Bia de Moema',
        phone: '11987654321',
        position: 'Banhista',
        service_id: await f.service(),
        store_id: second,
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.store_id).toBe(second);
    there = res.json().data.id;
    const listed = await t.app.inject({ url: `/api/employers?storeId=${second}`, headers: customer.auth });
    expect(listed.json().data.map((e: { id: number }) => e.id)).toEqual([there]);
    const byService = await t.app.inject({
      url: `/api/employers/service/${await f.service()}?storeId=${second}`,
      headers: customer.auth,
    });
    expect(byService.json().data.map((e: { id: number }) => e.id)).toEqual([there]);
  });

  it("an employee's hours are bounded by their store's: availability, the editor and the agenda", async () => {
    const slots = (
      await t.app.inject({
        url: `/api/appointments/availability?employer_id=${there}&date=${tuesday}`,
        headers: customer.auth,
      })
    ).json().data as string[];
    expect(slots[0]).toBe('10:00');
    expect(slots.at(-1)).toBe('15:30');
    const schedule = await t.app.inject({
      method: 'PUT',
      url: `/api/employers/${there}/schedule`,
      headers: admin.auth,
      payload: { week: [{ weekday: 2, start: '08:00', end: '18:00' }], daysOff: [] },
    });
    expect(schedule.statusCode).toBe(400);
    expect(schedule.json().code).toBe('OUTSIDE_STORE_HOURS');
    const agenda = await t.app.inject({
      url: `/api/admin/agenda?date=${tuesday}&storeId=${second}`,
      headers: admin.auth,
    });
    expect(agenda.statusCode).toBe(200);
    const [day] = agenda.json().data;
    expect(day.employers.map((e: { id: number; hours: unknown }) => [e.id, e.hours])).toEqual([
      [there, { start: '10:00', end: '16:00' }],
    ]);
    const mainAgenda = await t.app.inject({ url: `/api/admin/agenda?date=${tuesday}&storeId=1`, headers: admin.auth });
    const ids = mainAgenda.json().data[0].employers.map((e: { id: number }) => e.id);
    expect(ids).toContain(here);
    expect(ids).not.toContain(there);
  });

  it('booking picks a store and only its employees; the appointment carries the store', async () => {
    const wrong = await book(here, '10:00', second);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([expect.objectContaining({ field: 'employer_id' })]);
    const ok = await book(there, '10:00', second);
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.store_id).toBe(second);
    const defaulted = await book(here, '11:00');
    expect(defaulted.statusCode).toBe(201);
    expect(defaulted.json().data.store_id).toBe(1);
  });

  it('moving an employee to another store: refused with upcoming appointments', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/employers/${there}`,
      headers: admin.auth,
      payload: {
        name: 'Bia de Moema',
        phone: '11987654321',
        position: 'Banhista',
        service_id: await f.service(),
        store_id: 1,
      },
    });
    expect(res.statusCode).toBe(409);
  });

  it('a store closed to customers offers and takes no booking', async () => {
    expect((await updateStore(second, storePayload({ active: false }))).statusCode).toBe(200);
    const slots = await t.app.inject({
      url: `/api/appointments/availability?employer_id=${there}&date=${tuesday}`,
      headers: customer.auth,
    });
    expect(slots.statusCode).toBe(404);
    expect((await book(there, '12:00')).statusCode).toBe(400);
    expect((await book(there, '12:00', second)).statusCode).toBe(400);
    expect((await updateStore(second, storePayload())).statusCode).toBe(200);
  });
});

describe('checkout by store', () => {
  let c: ReturnType<typeof checkoutFixtures>;
  let onlyMain: number;
  let onlySecond: number;
  let both: number;
  beforeAll(async () => {
    c = checkoutFixtures(t);
    onlyMain = await c.product('Ração só na principal', 5);
    onlySecond = await c.product('Coleira só em Moema', 0);
    both = await c.product('Petisco em todas', 5);
    for (const [productId, delta] of [
      [onlySecond, 5],
      [both, 5],
    ] as const) {
      await move(t.db, { storeId: second, productId, delta, reason: 'ajuste', ref: 'test' });
    }
  });

  const buy = async (productId: number, payload: Record<string, unknown>) => {
    const user = await t.customer();
    const cartId = await c.add(user, productId, 1);
    const addressId = await c.address(user);
    const res = await c.pay(user, { cartId, paymentMethod: 'Pix', addressId, ...payload });
    return { res, user };
  };
  const orderStore = async (user: LoggedIn) =>
    ((await t.app.inject({ url: '/api/orders', headers: user.auth })).json().data as { storeId: number }[])[0]?.storeId;

  it('pickup at a store that lacks an item: 409 naming the store, nothing taken', async () => {
    const { res, user } = await buy(onlyMain, { deliveryMethod: 'Retirada na loja', storeId: second });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'STORE_OUT_OF_STOCK', message: expect.stringContaining('Loja Moema') });
    expect(await orderStore(user)).toBeUndefined();
    expect(await c.stockOf(onlyMain)).toBe(5);
  });

  it('pickup at the chosen store takes its stock and the order names it', async () => {
    const { res, user } = await buy(onlySecond, { deliveryMethod: 'Retirada na loja', storeId: second });
    expect(res.statusCode).toBe(201);
    expect(await orderStore(user)).toBe(second);
    const shelves = await t.app.inject({ url: `/api/products/${onlySecond}/stock` });
    expect(shelves.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ storeId: second, quantity: 4 })]),
    );
  });

  it('pickup without a pick: the first pickup store that has every item', async () => {
    const { res, user } = await buy(onlySecond, { deliveryMethod: 'Retirada na loja' });
    expect(res.statusCode).toBe(201);
    expect(await orderStore(user)).toBe(second);
  });

  it('delivery ships from the main store when it has them, else from one that does', async () => {
    const fromMain = await buy(both, { deliveryMethod: 'Entrega', storeId: second });
    expect(fromMain.res.statusCode).toBe(201);
    expect(await orderStore(fromMain.user)).toBe(1);
    const fromSecond = await buy(onlySecond, { deliveryMethod: 'Entrega' });
    expect(fromSecond.res.statusCode).toBe(201);
    expect(await orderStore(fromSecond.user)).toBe(second);
  });

  it('a store without pickup, or closed, cannot be picked', async () => {
    expect((await updateStore(second, storePayload({ pickup: false }))).statusCode).toBe(200);
    const { res } = await buy(onlySecond, { deliveryMethod: 'Retirada na loja', storeId: second });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'storeId' })]);
    expect((await updateStore(second, storePayload())).statusCode).toBe(200);
  });
});

describe('reports by store', () => {
  it('each store and the total, which is their sum; storeId gives one store', async () => {
    const c = checkoutFixtures(t);
    const productId = await c.product('Brinquedo de Moema', 0, 4990);
    await move(t.db, { storeId: second, productId, delta: 3, reason: 'ajuste', ref: 'test' });
    const user = await t.customer();
    const cartId = await c.add(user, productId, 1);
    const paid = await c.pay(user, {
      cartId,
      paymentMethod: 'Cartão de Crédito',
      deliveryMethod: 'Retirada na loja',
      storeId: second,
    });
    expect(paid.statusCode).toBe(201);
    const today = businessMoment().date;
    const report = async (query: string) => {
      const res = await t.app.inject({ url: `/api/admin/reports/summary?${query}`, headers: admin.auth });
      expect(res.statusCode).toBe(200);
      return res.json().data;
    };
    const all = await report(`from=${today}&to=${today}`);
    expect(all.storeId).toBeNull();
    expect(all.byStore.map((s: { storeId: number }) => s.storeId)).toEqual([1, second]);
    const sum = all.byStore.reduce((cents: number, s: { revenue: number }) => cents + Math.round(s.revenue * 100), 0);
    expect(sum).toBe(Math.round(all.revenue.total * 100));
    const one = await report(`from=${today}&to=${today}&storeId=${second}`);
    expect(one.byStore).toEqual([
      { storeId: second, name: 'Loja Moema', revenue: 49.9, paidOrders: 1, appointments: expect.any(Number) },
    ]);
    expect(one.revenue).toEqual({ total: 49.9, paidOrders: 1, averageTicket: 49.9 });
    const tuesday = upcoming(2);
    const week = await report(`from=${tuesday}&to=${tuesday}&storeId=${second}`);
    expect(week.byStore[0].appointments).toBe(1);
    expect(week.appointmentsByEmployee.map((e: { name: string }) => e.name)).toEqual(['Bia de Moema']);
  });

  it("a manager's report is their store's; another store's is 404", async () => {
    const manager = await t.staffMember('manager', [second]);
    const today = businessMoment().date;
    const mine = await t.app.inject({
      url: `/api/admin/reports/summary?from=${today}&to=${today}`,
      headers: manager.auth,
    });
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.storeId).toBe(second);
    expect(mine.json().data.byStore.map((s: { storeId: number }) => s.storeId)).toEqual([second]);
    const other = await t.app.inject({
      url: `/api/admin/reports/summary?from=${today}&to=${today}&storeId=1`,
      headers: manager.auth,
    });
    expect(other.statusCode).toBe(404);
  });

  it("a manager of several stores gets the sum over theirs, not the first one's nor every store's", async () => {
    const c = checkoutFixtures(t);
    const third = (await createStore(admin, storePayload({ name: 'Loja Pinheiros' }))).json().data.id as number;
    const sell = async (storeId: number, name: string, cents: number) => {
      const productId = await c.product(name, 0, cents);
      await move(t.db, { storeId, productId, delta: 1, reason: 'ajuste', ref: 'test' });
      const user = await t.customer();
      const cartId = await c.add(user, productId, 1);
      const paid = await c.pay(user, {
        cartId,
        paymentMethod: 'Cartão de Crédito',
        deliveryMethod: 'Retirada na loja',
        storeId,
      });
      expect(paid.statusCode).toBe(201);
    };
    await sell(1, 'Shampoo da principal', 1000);
    await sell(third, 'Shampoo de Pinheiros', 7000);
    const today = businessMoment().date;
    const report = async (user: LoggedIn, query = '') =>
      t.app.inject({ url: `/api/admin/reports/summary?from=${today}&to=${today}${query}`, headers: user.auth });
    const cents = (reais: number) => Math.round(reais * 100);
    type StoreFigure = { storeId: number; revenue: number; paidOrders: number };

    const everything = (await report(admin)).json().data;
    expect(everything.storeId).toBeNull();
    expect(everything.byStore.map((s: StoreFigure) => s.storeId)).toEqual([1, second, third]);
    const byId = new Map<number, StoreFigure>(everything.byStore.map((s: StoreFigure) => [s.storeId, s]));
    const sumOf = (ids: number[]) => ids.reduce((sum, id) => sum + cents(byId.get(id)?.revenue ?? 0), 0);
    expect(cents(everything.revenue.total)).toBe(sumOf([1, second, third]));

    const manager = await t.staffMember('manager', [1, second]);
    const mine = await report(manager);
    expect(mine.statusCode).toBe(200);
    const data = mine.json().data;
    expect(data.storeId).toBeNull();
    expect(data.byStore.map((s: StoreFigure) => s.storeId)).toEqual([1, second]);
    // Both stores sold today: the sum differs from the first store's alone and from every store's.
    expect(sumOf([1])).toBeGreaterThan(0);
    expect(sumOf([second])).toBeGreaterThan(0);
    expect(cents(data.revenue.total)).toBe(sumOf([1, second]));
    expect(data.revenue.paidOrders).toBe((byId.get(1)?.paidOrders ?? 0) + (byId.get(second)?.paidOrders ?? 0));
    expect(data.appointmentsByEmployee.map((e: { name: string }) => e.name)).toEqual(
      expect.arrayContaining(['Bia de Moema', 'Ana da Principal']),
    );
    const one = (await report(manager, `&storeId=${second}`)).json().data;
    expect(one.storeId).toBe(second);
    expect(cents(one.revenue.total)).toBe(sumOf([second]));
    expect((await report(manager, `&storeId=${third}`)).statusCode).toBe(404);
  });
});
