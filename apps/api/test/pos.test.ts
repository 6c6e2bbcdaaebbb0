import { randomUUID } from 'node:crypto';
import { addDays, businessMoment, ROLES } from '@petshop/domain';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, sandboxPixCharges, stores } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { notSunday } from './support/booking';
import { checkoutFixtures } from './support/checkout';

let t: TestContext;
let f: ReturnType<typeof checkoutFixtures>;
let storeId: number;

beforeAll(async () => {
  t = await createTestContext();
  f = checkoutFixtures(t);
  const [store] = await t.db.select({ id: stores.id }).from(stores).limit(1);
  storeId = store?.id ?? 1;
}, 180_000);
afterAll(() => t.close());

type Json = Record<string, unknown>;
const post = (user: LoggedIn, url: string, payload: Json, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...user.auth, ...headers }, payload });

async function openSession(user: LoggedIn, openingCash = 100) {
  const res = await post(user, '/api/pos/sessions', { storeId, openingCash });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

const sell = (user: LoggedIn, body: Json, key: string = randomUUID()) =>
  post(user, '/api/pos/sales', body, { 'idempotency-key': key });

/** A staff member with a fresh open session (one per operator and store). */
async function till(openingCash = 100) {
  const user = await t.admin();
  return { user, sessionId: await openSession(user, openingCash) };
}

describe('barcodes', () => {
  const refs = async () => ({
    category_id: (await t.app.inject({ url: '/api/categories' })).json().data[0].id,
    species_id: (await t.app.inject({ url: '/api/species' })).json().data[0].id,
  });

  it('are EAN-13 with a valid check digit, unique, and found by the public lookup', async () => {
    const admin = await t.admin();
    const base = { name: 'Ração Golden 15 kg', description: '', price: 189.9, stock: 3, url: '', ...(await refs()) };
    const wrong = await post(admin, '/api/products', { ...base, barcode: '7891000100104' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/dígito verificador/);
    const created = await post(admin, '/api/products', { ...base, barcode: '7891000100103' });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data.barcode).toBe('7891000100103');
    const taken = await post(admin, '/api/products', { ...base, name: 'Outro', barcode: '7891000100103' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('BARCODE_TAKEN');

    const found = await t.app.inject({ url: '/api/products/barcode/7891000100103' });
    expect(found.statusCode).toBe(200);
    expect(found.json().data).toMatchObject({ id: created.json().data.id, name: 'Ração Golden 15 kg' });
    expect((await t.app.inject({ url: '/api/products/barcode/7891000100110' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/products/barcode/7891000100104' })).statusCode).toBe(400);
    expect((await t.app.inject({ url: '/api/products/barcode/123' })).statusCode).toBe(400);

    // A PUT without barcode keeps it; null takes it off.
    const id = created.json().data.id;
    const kept = await t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers: admin.auth, payload: base });
    expect(kept.json().data.barcode).toBe('7891000100103');
    const off = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${id}`,
      headers: admin.auth,
      payload: { ...base, barcode: null },
    });
    expect(off.json().data.barcode).toBeNull();
  });
});

describe('cash sessions', () => {
  it('one open per operator and store; a customer cannot open one', async () => {
    const user = await t.admin();
    await openSession(user);
    const again = await post(user, '/api/pos/sessions', { storeId, openingCash: 50 });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('SESSION_ALREADY_OPEN');
    const customer = await t.customer();
    expect((await post(customer, '/api/pos/sessions', { storeId, openingCash: 0 })).statusCode).toBe(403);
    expect((await post(await t.admin(), '/api/pos/sessions', { storeId: 999999, openingCash: 0 })).statusCode).toBe(
      404,
    );
  });

  it('closing reports expected, counted and the difference per method; a closed session never changes', async () => {
    const product = await f.product('Petisco Bifinho', 20, 1250);
    const { user, sessionId } = await till(100);
    expect(
      (await post(user, `/api/pos/sessions/${sessionId}/movements`, { type: 'suprimento', amount: 50 })).statusCode,
    ).toBe(201);
    expect(
      (await post(user, `/api/pos/sessions/${sessionId}/movements`, { type: 'sangria', amount: 30, note: 'cofre' }))
        .statusCode,
    ).toBe(201);
    const tooMuch = await post(user, `/api/pos/sessions/${sessionId}/movements`, { type: 'sangria', amount: 1000 });
    expect(tooMuch.statusCode).toBe(409);
    // Cash 25,00 for a 25,00 sale (given 50,00: change 25,00), then debit 12,50 with NSU, then credit 37,50.
    const cash = await sell(user, {
      sessionId,
      items: [{ productId: product, quantity: 2 }],
      payments: [{ method: 'Dinheiro', amount: 25, received: 50 }],
    });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().data).toMatchObject({ total: 25, change: 25, status: 'Concluída' });
    const debit = await sell(user, {
      sessionId,
      items: [{ productId: product, quantity: 1 }],
      payments: [{ method: 'Cartão de Débito', amount: 12.5, nsu: '123456', authorizationCode: 'A1B2C3' }],
    });
    expect(debit.statusCode, debit.body).toBe(201);
    const credit = await sell(user, {
      sessionId,
      items: [{ productId: product, quantity: 3 }],
      payments: [{ method: 'Cartão de Crédito', amount: 37.5, installments: 2, nsu: '654321' }],
    });
    expect(credit.statusCode, credit.body).toBe(201);

    const open = (await t.app.inject({ url: `/api/pos/sessions/${sessionId}`, headers: user.auth })).json().data;
    expect(open).toMatchObject({ status: 'Aberto', expected: { dinheiro: 145, pix: 0, credito: 37.5, debito: 12.5 } });
    const closed = await post(user, `/api/pos/sessions/${sessionId}/close`, {
      counted: { dinheiro: 140, pix: 0, credito: 37.5, debito: 12.5 },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toEqual({
      expected: { dinheiro: 145, pix: 0, credito: 37.5, debito: 12.5 },
      counted: { dinheiro: 140, pix: 0, credito: 37.5, debito: 12.5 },
      difference: { dinheiro: -5, pix: 0, credito: 0, debito: 0 },
    });

    const counted = { dinheiro: 145, pix: 0, credito: 37.5, debito: 12.5 };
    const twice = await post(user, `/api/pos/sessions/${sessionId}/close`, { counted });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe('SESSION_CLOSED');
    const movement = await post(user, `/api/pos/sessions/${sessionId}/movements`, { type: 'suprimento', amount: 1 });
    expect(movement.statusCode).toBe(409);
    const late = await sell(user, {
      sessionId,
      items: [{ productId: product, quantity: 1 }],
      payments: [{ method: 'Dinheiro', amount: 12.5 }],
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('SESSION_CLOSED');
    expect(await f.stockOf(product)).toBe(14);
    const report = (await t.app.inject({ url: `/api/pos/sessions/${sessionId}`, headers: user.auth })).json().data;
    expect(report).toMatchObject({ status: 'Fechado', salesCount: 3, report: closed.json().data });
  });
});

describe('counter sales', () => {
  it('split payment: cash with change plus a card; the stock drops with the sale', async () => {
    const food = await f.product('Ração Premier 3 kg', 5, 8990);
    const toy = await f.product('Bolinha', 5, 1010);
    const { user, sessionId } = await till();
    const res = await sell(user, {
      sessionId,
      cpf: '529.982.247-25',
      items: [
        { productId: food, quantity: 1 },
        { productId: toy, quantity: 1 },
        { productId: toy, quantity: 1 },
      ],
      discount: 10,
      payments: [
        { method: 'Cartão de Crédito', amount: 50, nsu: '000123', authorizationCode: 'XYZ9' },
        { method: 'Dinheiro', amount: 60, received: 100 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    expect(sale).toMatchObject({
      status: 'Concluída',
      subtotal: 110.1,
      discount: 10,
      total: 100.1,
      cpf: '52998224725',
      change: 49.9,
    });
    expect(sale.items).toHaveLength(2);
    expect(sale.items[1]).toMatchObject({ name: 'Bolinha', quantity: 2, unitPrice: 10.1, total: 20.2 });
    expect(sale.payments).toMatchObject([
      { method: 'Cartão de Crédito', amount: 50, nsu: '000123', authorizationCode: 'XYZ9', installments: 1 },
      { method: 'Dinheiro', amount: 50.1, received: 100 },
    ]);
    expect(await f.stockOf(food)).toBe(4);
    expect(await f.stockOf(toy)).toBe(3);
  });

  it('refuses payments that do not cover the total, a card without NSU, and over-paying by card', async () => {
    const product = await f.product('Shampoo', 5, 3000);
    const { user, sessionId } = await till();
    const base = { sessionId, items: [{ productId: product, quantity: 1 }] };
    const short = await sell(user, { ...base, payments: [{ method: 'Dinheiro', amount: 20 }] });
    expect(short.statusCode).toBe(400);
    expect(short.json().code).toBe('PAYMENTS_SHORT');
    const noNsu = await sell(user, { ...base, payments: [{ method: 'Cartão de Débito', amount: 30 }] });
    expect(noNsu.json().code).toBe('NSU_REQUIRED');
    const over = await sell(user, { ...base, payments: [{ method: 'Cartão de Débito', amount: 40, nsu: '1' }] });
    expect(over.json().code).toBe('PAYMENTS_OVER');
    const lowCash = await sell(user, { ...base, payments: [{ method: 'Dinheiro', amount: 30, received: 20 }] });
    expect(lowCash.json().code).toBe('RECEIVED_TOO_LOW');
    const pkg = await sell(user, {
      ...base,
      items: [{ packageId: 1, petId: 1 }],
      payments: [{ method: 'Dinheiro', amount: 1 }],
    });
    expect(pkg.statusCode).toBe(400);
    expect(await f.stockOf(product)).toBe(5);
  });

  it('out of stock at the store: 409 and nothing sold', async () => {
    const product = await f.product('Areia Sanitária', 1, 2500);
    const { user, sessionId } = await till();
    const res = await sell(user, {
      sessionId,
      items: [{ productId: product, quantity: 2 }],
      payments: [{ method: 'Dinheiro', amount: 50 }],
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('OUT_OF_STOCK');
    expect(await f.stockOf(product)).toBe(1);
  });

  it('a replay with the same Idempotency-Key answers the same sale, never a second', async () => {
    const product = await f.product('Coleira', 10, 2990);
    const { user, sessionId } = await till();
    const body = {
      sessionId,
      items: [{ productId: product, quantity: 1 }],
      payments: [{ method: 'Dinheiro', amount: 29.9 }],
    };
    const key = randomUUID();
    const [a, b] = await Promise.all([sell(user, body, key), sell(user, body, key)]);
    const c = await sell(user, body, key);
    for (const res of [a, b, c]) expect(res.statusCode, res.body).toBe(201);
    expect(new Set([a, b, c].map((res) => res.json().data.id)).size).toBe(1);
    expect(await f.stockOf(product)).toBe(9);
    const other = await sell(user, { ...body, discount: 1 }, key);
    expect(other.statusCode).toBe(409);
    expect(other.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await post(user, '/api/pos/sales', body)).statusCode).toBe(400);
  });

  it('services are priced by the pet size, as booking prices them', async () => {
    const admin = await t.admin();
    const service = await post(admin, '/api/services', {
      name: 'Banho',
      description: '',
      prices: { Pequeno: 50, Médio: 60, Grande: 80 },
      durationMinutes: 60,
    });
    expect(service.statusCode, service.body).toBe(201);
    const owner = await t.customer();
    const pet = await post(owner, '/api/pets', { name: 'Thor', age: 3, specie: 'Cachorro', size: 'Grande' });
    expect(pet.statusCode, pet.body).toBe(201);
    const { user, sessionId } = await till();
    const res = await sell(user, {
      sessionId,
      items: [{ serviceId: service.json().data.id, petId: pet.json().data.id }],
      payments: [{ method: 'Dinheiro', amount: 100 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ total: 80, change: 20, customerId: owner.user.id });
    expect(res.json().data.items[0]).toMatchObject({ kind: 'servico', unitPrice: 80, name: 'Banho — Thor (Grande)' });
  });
});

describe('packages at the counter', () => {
  it('give the pet its credits once the sale completes, once per line, never again on a replay; a package of another size is refused', async () => {
    const admin = await t.admin();
    const service = await post(admin, '/api/services', {
      name: 'Banho do pacote',
      description: '',
      prices: { Pequeno: 50, Médio: 60, Grande: 80 },
      durationMinutes: 60,
    });
    expect(service.statusCode, service.body).toBe(201);
    const pkg = await post(admin, '/api/packages', {
      name: '4 banhos — porte Médio',
      serviceId: service.json().data.id,
      size: 'Médio',
      credits: 4,
      validityDays: 45,
      price: 200,
    });
    expect(pkg.statusCode, pkg.body).toBe(201);
    const owner = await t.customer();
    const medium = await post(owner, '/api/pets', { name: 'Mel', age: 2, specie: 'Cachorro', size: 'Médio' });
    const large = await post(owner, '/api/pets', { name: 'Thor', age: 3, specie: 'Cachorro', size: 'Grande' });
    const credits = async (petId: number) =>
      (await t.app.inject({ url: `/api/pets/${petId}/credits`, headers: owner.auth })).json().data as {
        packageId: number;
        remaining: number;
      }[];

    const { user, sessionId } = await till();
    const body = {
      sessionId,
      items: [{ packageId: pkg.json().data.id, petId: medium.json().data.id }],
      payments: [{ method: 'Dinheiro', amount: 200 }],
    };
    const key = randomUUID();
    const sold = await sell(user, body, key);
    expect(sold.statusCode, sold.body).toBe(201);
    expect(sold.json().data).toMatchObject({ total: 200, change: 0, customerId: owner.user.id });
    expect(await credits(medium.json().data.id)).toEqual([
      expect.objectContaining({ packageId: pkg.json().data.id, remaining: 4 }),
    ]);
    // The same sale sent again (the network dropped): the same sale, no second grant.
    const replay = await sell(user, body, key);
    expect(replay.json().data.id).toBe(sold.json().data.id);
    expect(await credits(medium.json().data.id)).toHaveLength(1);

    const wrongSize = await sell(user, {
      ...body,
      items: [{ packageId: pkg.json().data.id, petId: large.json().data.id }],
    });
    expect(wrongSize.statusCode).toBe(409);
    expect(wrongSize.json()).toMatchObject({ code: 'PACKAGE_SIZE_MISMATCH' });
    expect(await credits(large.json().data.id)).toEqual([]);
  });
});

describe('returns', () => {
  it('restock and pay back by the original method, exactly once', async () => {
    const product = await f.product('Brinquedo Corda', 10, 2000);
    const { user, sessionId } = await till(100);
    const sale = await sell(user, {
      sessionId,
      items: [{ productId: product, quantity: 3 }],
      payments: [
        { method: 'Cartão de Débito', amount: 20, nsu: '777' },
        { method: 'Dinheiro', amount: 40 },
      ],
    });
    const saleId = sale.json().data.id;
    expect(await f.stockOf(product)).toBe(7);
    const first = await post(user, `/api/pos/sales/${saleId}/returns`, {
      items: [{ productId: product, quantity: 2 }],
    });
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json().data).toMatchObject({
      total: 40,
      refunds: [
        { method: 'Dinheiro', amount: 20 },
        { method: 'Cartão de Débito', amount: 20 },
      ],
    });
    expect(await f.stockOf(product)).toBe(9);
    const again = await post(user, `/api/pos/sales/${saleId}/returns`, {
      items: [{ productId: product, quantity: 2 }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('ALREADY_RETURNED');
    // Keyed: the replay answers the same return.
    const key = randomUUID();
    const [k1, k2] = await Promise.all([
      post(
        user,
        `/api/pos/sales/${saleId}/returns`,
        { items: [{ productId: product, quantity: 1 }] },
        { 'idempotency-key': key },
      ),
      post(
        user,
        `/api/pos/sales/${saleId}/returns`,
        { items: [{ productId: product, quantity: 1 }] },
        { 'idempotency-key': key },
      ),
    ]);
    expect([k1.statusCode, k2.statusCode]).toEqual([201, 201]);
    expect(k1.json().data.id).toBe(k2.json().data.id);
    // The same key with another body is another return: 409, and nothing comes back.
    const reused = await post(
      user,
      `/api/pos/sales/${saleId}/returns`,
      { items: [{ productId: product, quantity: 2 }] },
      { 'idempotency-key': key },
    );
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
      message: expect.stringMatching(/outros dados/),
    });
    expect(await f.stockOf(product)).toBe(10);
    const last = await post(user, `/api/pos/sales/${saleId}/returns`, { items: [{ productId: product, quantity: 1 }] });
    expect(last.statusCode).toBe(409);
    expect(await f.stockOf(product)).toBe(10);
    const session = (await t.app.inject({ url: `/api/pos/sessions/${sessionId}`, headers: user.auth })).json().data;
    expect(session.expected).toMatchObject({ dinheiro: 100, debito: 0 });
  });
});

describe('returns of packages and services', () => {
  const SERVICE_PRICES = { Pequeno: 50, Médio: 60, Grande: 80 };

  async function sold(kind: 'package' | 'service', user: LoggedIn, sessionId: number) {
    const admin = await t.admin();
    const service = await post(admin, '/api/services', {
      name: `Banho ${randomUUID().slice(0, 8)}`,
      description: '',
      prices: SERVICE_PRICES,
      durationMinutes: 60,
    });
    expect(service.statusCode, service.body).toBe(201);
    const serviceId = service.json().data.id as number;
    const owner = await t.customer();
    const pet = await post(owner, '/api/pets', { name: 'Mel', age: 2, specie: 'Cachorro', size: 'Médio' });
    const petId = pet.json().data.id as number;
    let item: Json = { serviceId, petId };
    if (kind === 'package') {
      const pkg = await post(admin, '/api/packages', {
        name: '4 banhos — porte Médio',
        serviceId,
        size: 'Médio',
        credits: 4,
        validityDays: 45,
        price: 200,
      });
      expect(pkg.statusCode, pkg.body).toBe(201);
      item = { packageId: pkg.json().data.id, petId };
    }
    const product = await f.product('Petisco da devolução', 10, 1000);
    const sale = await sell(user, {
      sessionId,
      items: [item, { productId: product, quantity: 1 }],
      payments: [{ method: 'Dinheiro', amount: kind === 'package' ? 210 : 70 }],
    });
    expect(sale.statusCode, sale.body).toBe(201);
    const line = sale.json().data.items.find((i: { kind: string }) => i.kind !== 'produto');
    const credits = async () =>
      (await t.app.inject({ url: `/api/pets/${petId}/credits`, headers: owner.auth })).json().data as {
        remaining: number;
      }[];
    return {
      saleId: sale.json().data.id as number,
      lineId: line.id as number,
      owner,
      petId,
      serviceId,
      product,
      credits,
    };
  }

  const expectedCash = async (user: LoggedIn, sessionId: number) =>
    (await t.app.inject({ url: `/api/pos/sessions/${sessionId}`, headers: user.auth })).json().data.expected.dinheiro;

  it('an unused package comes back whole: its credits go and the money is paid back, once', async () => {
    const { user, sessionId } = await till(100);
    const s = await sold('package', user, sessionId);
    expect(await s.credits()).toMatchObject([{ remaining: 4 }]);
    const back = await post(user, `/api/pos/sales/${s.saleId}/returns`, { items: [{ saleItemId: s.lineId }] });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().data).toMatchObject({
      total: 200,
      items: [{ saleItemId: s.lineId, kind: 'pacote', productId: null, quantity: 1, amount: 200 }],
      refunds: [{ method: 'Dinheiro', amount: 200 }],
    });
    expect(await s.credits()).toMatchObject([{ remaining: 0 }]);
    expect(await f.stockOf(s.product)).toBe(9);
    expect(await expectedCash(user, sessionId)).toBe(110);
    const again = await post(user, `/api/pos/sales/${s.saleId}/returns`, { items: [{ saleItemId: s.lineId }] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'ALREADY_RETURNED' });
    const twiceInOne = await post(user, `/api/pos/sales/${s.saleId}/returns`, {
      items: [
        { productId: s.product, quantity: 1 },
        { productId: s.product, quantity: 1 },
      ],
    });
    expect(twiceInOne.statusCode).toBe(409);
    expect(await expectedCash(user, sessionId)).toBe(110);
  }, 120_000);

  it('a package whose credit was used is refused with a 409 in Portuguese, and nothing changes', async () => {
    const { user, sessionId } = await till(100);
    const s = await sold('package', user, sessionId);
    const [employee] = await t.db
      .insert(employees)
      .values({ name: 'Banhista da devolução', phone: '11987654321', position: 'Banhista', serviceId: s.serviceId })
      .returning({ id: employees.id });
    const booked = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: s.owner.auth,
      payload: {
        service_id: s.serviceId,
        employer_id: employee?.id,
        pet_id: s.petId,
        appointment_date: notSunday(addDays(businessMoment().date, 3)),
        appointment_time: '10:00',
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    expect(await s.credits()).toMatchObject([{ remaining: 3 }]);
    const back = await post(user, `/api/pos/sales/${s.saleId}/returns`, { items: [{ saleItemId: s.lineId }] });
    expect(back.statusCode, back.body).toBe(409);
    expect(back.json()).toMatchObject({ code: 'PACKAGE_CREDITS_USED' });
    expect(back.json().message).toMatch(/créditos deste pacote já foram usados/);
    expect(await s.credits()).toMatchObject([{ remaining: 3 }]);
    expect(await expectedCash(user, sessionId)).toBe(310);
    // The product of the same sale still comes back on its own.
    const product = await post(user, `/api/pos/sales/${s.saleId}/returns`, {
      items: [{ productId: s.product, quantity: 1 }],
    });
    expect(product.statusCode, product.body).toBe(201);
    expect(await f.stockOf(s.product)).toBe(10);
  }, 120_000);

  it('a service done is paid back only by a supervisor, with nothing restocked, once', async () => {
    const reception = await t.staffMember(ROLES.reception, [storeId]);
    const sessionId = await openSession(reception, 100);
    const s = await sold('service', reception, sessionId);
    const refused = await post(reception, `/api/pos/sales/${s.saleId}/returns`, { items: [{ saleItemId: s.lineId }] });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/gerente ou o administrador/);
    // A product line is not returned by its line id: by units.
    const product = (await t.app.inject({ url: `/api/pos/sales/${s.saleId}`, headers: reception.auth }))
      .json()
      .data.items.find((i: { kind: string }) => i.kind === 'produto');
    const byLine = await post(reception, `/api/pos/sales/${s.saleId}/returns`, { items: [{ saleItemId: product.id }] });
    expect(byLine.statusCode).toBe(400);

    const { user: supervisor } = await till(50);
    const back = await post(supervisor, `/api/pos/sales/${s.saleId}/returns`, { items: [{ saleItemId: s.lineId }] });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().data).toMatchObject({ total: 60, items: [{ kind: 'servico', amount: 60 }] });
    expect(await f.stockOf(s.product)).toBe(9);
    const again = await post(supervisor, `/api/pos/sales/${s.saleId}/returns`, { items: [{ saleItemId: s.lineId }] });
    expect(again.statusCode).toBe(409);
    expect(await expectedCash(reception, sessionId)).toBe(170);
  }, 120_000);
});

describe('counter Pix', () => {
  it('is a QR charge; the sale completes when the bank pays it', async () => {
    const product = await f.product('Antipulgas', 3, 5000);
    const { user, sessionId } = await till(0);
    const res = await sell(user, {
      sessionId,
      items: [{ productId: product, quantity: 1 }],
      payments: [
        { method: 'Dinheiro', amount: 20 },
        { method: 'Pix', amount: 30 },
      ],
    });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    expect(sale.status).toBe('Aguardando pagamento');
    const pix = sale.payments[1].pix;
    expect(pix).toMatchObject({
      pixCode: expect.stringContaining('br.gov.bcb.pix'),
      pixQrCode: expect.stringMatching(/^data:image/),
    });
    expect(await f.stockOf(product)).toBe(2);
    const closing = await post(user, `/api/pos/sessions/${sessionId}/close`, {
      counted: { dinheiro: 0, pix: 0, credito: 0, debito: 0 },
    });
    expect(closing.json().code).toBe('SALES_PENDING');
    const paid = await post(user, `/api/sandbox/pix/${pix.txid}/pay`, {});
    expect(paid.statusCode, paid.body).toBe(200);
    const started = Date.now();
    let status = '';
    while (Date.now() - started < 30_000) {
      status = (await t.app.inject({ url: `/api/pos/sales/${sale.id}`, headers: user.auth })).json().data.status;
      if (status === 'Concluída') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(status).toBe('Concluída');
    const closed = await post(user, `/api/pos/sessions/${sessionId}/close`, {
      counted: { dinheiro: 20, pix: 30, credito: 0, debito: 0 },
    });
    expect(closed.json().data.difference).toEqual({ dinheiro: 0, pix: 0, credito: 0, debito: 0 });
  });

  it("on a closed till or another operator's: refused before any charge reaches the Pix PSP", async () => {
    const product = await f.product('Coleira', 3, 3000);
    const { user, sessionId } = await till(0);
    const charges = async () => (await t.db.select({ n: count() }).from(sandboxPixCharges))[0]?.n ?? 0;
    const before = await charges();
    const pixSale = {
      sessionId,
      items: [{ productId: product, quantity: 1 }],
      payments: [{ method: 'Pix', amount: 30 }],
    };
    const other = await t.staffMember('reception');
    expect((await sell(other, pixSale)).statusCode).toBe(404);
    const closed = await post(user, `/api/pos/sessions/${sessionId}/close`, {
      counted: { dinheiro: 0, pix: 0, credito: 0, debito: 0 },
    });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await sell(user, pixSale)).statusCode).toBe(409);
    expect(await charges()).toBe(before);
    expect(await f.stockOf(product)).toBe(3);
  });

  it('cancelled while waiting: the charge is withdrawn and the unit goes back', async () => {
    const product = await f.product('Vermífugo', 1, 4000);
    const { user, sessionId } = await till(0);
    const res = await sell(user, {
      sessionId,
      items: [{ productId: product, quantity: 1 }],
      payments: [{ method: 'Pix', amount: 40 }],
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await f.stockOf(product)).toBe(0);
    const cancelled = await post(user, `/api/pos/sales/${res.json().data.id}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data.status).toBe('Cancelada');
    expect(await f.stockOf(product)).toBe(1);
    const pay = await post(user, `/api/sandbox/pix/${res.json().data.payments[0].pix.txid}/pay`, {});
    expect(pay.statusCode).toBe(409);
  });
});

describe('the last unit, raced', () => {
  it('a counter sale and a web order: exactly one gets it', async () => {
    for (let round = 0; round < 5; round += 1) {
      const product = await f.product(`Última unidade ${round}`, 1, 3000);
      const shopper = await t.customer();
      const addressId = await f.address(shopper);
      const cartId = await f.add(shopper, product, 1);
      const { user, sessionId } = await till();
      const [web, counter] = await Promise.all([
        f.pay(shopper, { cartId, addressId, paymentMethod: 'Pix', deliveryMethod: 'Retirada na loja' }),
        sell(user, {
          sessionId,
          items: [{ productId: product, quantity: 1 }],
          payments: [{ method: 'Dinheiro', amount: 30 }],
        }),
      ]);
      const won = [web.statusCode, counter.statusCode].filter((status) => status === 201);
      expect(won, `${web.body} ${counter.body}`).toHaveLength(1);
      expect([web.statusCode, counter.statusCode]).toContain(409);
      expect(await f.stockOf(product)).toBe(0);
    }
  }, 120_000);

  it('10 tills selling at once: latency of a counter sale', async () => {
    const product = await f.product('Petisco do balcão', 100_000, 500);
    const tills: Awaited<ReturnType<typeof till>>[] = [];
    for (let i = 0; i < 10; i += 1) tills.push(await till());
    const times: number[] = [];
    const perTill = 20;
    await Promise.all(
      tills.map(async ({ user, sessionId }) => {
        for (let i = 0; i < perTill; i += 1) {
          const started = performance.now();
          const res = await sell(user, {
            sessionId,
            items: [{ productId: product, quantity: 1 }],
            payments: [{ method: 'Dinheiro', amount: 5 }],
          });
          times.push(performance.now() - started);
          expect(res.statusCode).toBe(201);
        }
      }),
    );
    times.sort((a, b) => a - b);
    const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]?.toFixed(1);
    console.info(`counter sale, 10 tills × ${perTill} sales (${t.kind}): p50 ${at(0.5)} ms, p99 ${at(0.99)} ms`);
    expect(await f.stockOf(product)).toBe(100_000 - 10 * perTill);
  }, 120_000);
});
