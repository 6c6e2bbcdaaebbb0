import { addDays, businessMoment } from '@petshop/domain';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, messages, orderItems, orders, packagePurchases, petCreditEntries, pets } from '../src/db/schema';
import { voidExpired, writeExpiryNotices } from '../src/modules/packages/packages.service';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { bookingFixtures, notSunday } from './support/booking';
import { cardFor } from './support/card-token';

vi.setConfig({ testTimeout: 60_000 });

let t: TestContext;
let admin: LoggedIn;
let f: ReturnType<typeof bookingFixtures>;
let serviceId: number;
let employeeId: number;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => Promise<boolean>, ms = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(20);
  }
}

beforeAll(async () => {
  // 72 h: tomorrow's first slot is inside the window, next week's is outside.
  t = await createTestContext({ CANCEL_MIN_HOURS: '72' });
  admin = await t.admin();
  f = bookingFixtures(t);
  serviceId = await f.service();
  employeeId = await f.employee('Banhista dos pacotes');
});
afterAll(async () => {
  await t.close();
});

const bathPackage = { name: '4 banhos — porte Médio', size: 'Médio', credits: 4, validityDays: 45, price: 300 };

async function createPackage(overrides: Record<string, unknown> = {}) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/packages',
    headers: admin.auth,
    payload: { ...bathPackage, serviceId, ...overrides },
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data as { id: number; credits: number; price: number };
}

async function petOf(owner: LoggedIn, size = 'Médio') {
  const [row] = await t.db
    .insert(pets)
    .values({ userId: owner.user.id, name: 'Thor', age: 3, specie: 'Cachorro', size })
    .returning({ id: pets.id });
  return row?.id as number;
}

const buy = async (owner: LoggedIn, packageId: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/packages/${packageId}/buy`, headers: owner.auth, payload });

const creditsOf = async (who: LoggedIn, petId: number) => {
  const res = await t.app.inject({ url: `/api/pets/${petId}/credits`, headers: who.auth });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { id: number; remaining: number; expiresAt: string; packageId: number }[];
};

/** A customer whose pet holds a package bought by an approved card. */
async function withCredits(credits = 4) {
  const owner = await t.customer();
  const petId = await petOf(owner);
  const pkg = await createPackage({ credits });
  const card = await cardFor(t.baseUrl, { holder: 'APRO' });
  const res = await buy(owner, pkg.id, { petId, paymentMethod: 'Cartão de Crédito', card });
  expect(res.statusCode, res.body).toBe(201);
  return { owner, petId, pkg };
}

const book = (owner: LoggedIn, petId: number, date: string, time: string, useCredit?: boolean) =>
  t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: owner.auth,
    payload: {
      service_id: serviceId,
      employer_id: employeeId,
      pet_id: petId,
      appointment_date: date,
      appointment_time: time,
      ...(useCredit !== undefined && { useCredit }),
    },
  });

const today = () => businessMoment().date;
let dayOffset = 7;
/** A future working day of its own, so tests do not take each other's slots. */
const nextDay = () => {
  dayOffset += 1;
  return notSunday(addDays(today(), dayOffset));
};

describe('packages (admin)', () => {
  it('creates, lists, updates and removes; the public list has only active ones', async () => {
    const on = await createPackage({ name: 'Pacote ativo' });
    const off = await createPackage({ name: 'Pacote inativo', active: false, size: null });
    const publicList = (await t.app.inject({ url: '/api/packages' })).json().data as { id: number; size: unknown }[];
    expect(publicList.map((p) => p.id)).toContain(on.id);
    expect(publicList.map((p) => p.id)).not.toContain(off.id);
    const all = (await t.app.inject({ url: '/api/admin/packages', headers: admin.auth })).json().data as {
      id: number;
    }[];
    expect(all.map((p) => p.id)).toEqual(expect.arrayContaining([on.id, off.id]));

    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/packages/${off.id}`,
      headers: admin.auth,
      payload: { ...bathPackage, serviceId, price: 280.5, active: true },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toMatchObject({ price: 280.5, active: true, serviceName: 'Banho de teste' });

    const del = await t.app.inject({ method: 'DELETE', url: `/api/packages/${on.id}`, headers: admin.auth });
    expect(del.statusCode).toBe(200);
    const trail = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.entity} = 'package' and ${auditLog.entityId} in (${on.id}, ${off.id})`);
    expect(trail.map((e) => e.action).sort()).toEqual(['create', 'create', 'delete', 'update']);
    expect(trail.find((e) => e.action === 'update')?.after).toEqual({
      name: bathPackage.name,
      size: 'Médio',
      price: 280.5,
      active: true,
    });
    const after = (await t.app.inject({ url: '/api/packages' })).json().data as { id: number }[];
    expect(after.map((p) => p.id)).not.toContain(on.id);
  });

  it('validates the body and keeps customers out', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: admin.auth,
      payload: { ...bathPackage, serviceId, credits: 0, size: 'Gigante' },
    });
    expect(bad.statusCode).toBe(400);
    const customer = await t.customer();
    const denied = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: customer.auth,
      payload: { ...bathPackage, serviceId },
    });
    expect(denied.statusCode).toBe(403);
  });
});

describe('buying a package', () => {
  it('by Pix: the order carries the line and the credits exist only once the bank confirms', async () => {
    const owner = await t.customer();
    const petId = await petOf(owner);
    const pkg = await createPackage();
    const res = await buy(owner, pkg.id, { petId, paymentMethod: 'Pix' });
    expect(res.statusCode, res.body).toBe(201);
    const { order, payment } = res.json().data;
    expect(order.status).toBe('Aguardando pagamento');
    expect(payment).toMatchObject({ status: 'Pendente', totalValue: 300, paymentMethod: 'Pix' });
    expect(payment.pixCode).toBeTruthy();
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines).toMatchObject([{ productId: null, productName: '4 banhos — porte Médio — Thor', quantity: 1 }]);
    expect(await creditsOf(owner, petId)).toEqual([]);

    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/pix/${payment.txid}/pay`,
      headers: owner.auth,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await until(async () => (await creditsOf(owner, petId)).length === 1);
    const [credit] = await creditsOf(owner, petId);
    expect(credit).toMatchObject({ packageId: pkg.id, serviceId, remaining: 4, packageName: bathPackage.name });
    const days = (new Date(credit?.expiresAt ?? '').getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(44.9);
    expect(days).toBeLessThanOrEqual(45);
    const [row] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, order.id));
    expect(row?.status).toBe('Processando');
    // The order is the customer's like any other, with the package's line.
    const mine = await t.app.inject({ url: `/api/orders/${payment.id}`, headers: owner.auth });
    expect(mine.statusCode, mine.body).toBe(200);
    const list = await t.app.inject({ url: '/api/orders', headers: owner.auth });
    expect(list.json().data).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: order.id, status: 'Processando' })]),
    );
  });

  it('by card: approved at once, credits at once; a refused card leaves nothing', async () => {
    const { owner, petId, pkg } = await withCredits();
    expect(await creditsOf(owner, petId)).toMatchObject([{ packageId: pkg.id, remaining: 4 }]);

    const other = await t.customer();
    const otherPet = await petOf(other);
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(packagePurchases);
    const card = await cardFor(t.baseUrl, { holder: 'FUND' });
    const refused = await buy(other, pkg.id, { petId: otherPet, paymentMethod: 'Cartão de Crédito', card });
    expect(refused.statusCode, refused.body).toBe(402);
    expect(await creditsOf(other, otherPet)).toEqual([]);
    const after = await t.db.select({ n: sql<number>`count(*)::int` }).from(packagePurchases);
    expect(after[0]?.n).toBe(before[0]?.n);
  });

  it("refuses another size (409), another's pet and a package off sale (404)", async () => {
    const owner = await t.customer();
    const small = await petOf(owner, 'Pequeno');
    const pkg = await createPackage();
    expect((await buy(owner, pkg.id, { petId: small, paymentMethod: 'Pix' })).statusCode).toBe(409);
    const stranger = await t.customer();
    expect((await buy(stranger, pkg.id, { petId: small, paymentMethod: 'Pix' })).statusCode).toBe(404);
    const off = await createPackage({ active: false });
    expect((await buy(owner, off.id, { petId: await petOf(owner), paymentMethod: 'Pix' })).statusCode).toBe(404);
    // Credits are the owner's and the staff's to read.
    expect((await t.app.inject({ url: `/api/pets/${small}/credits`, headers: stranger.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/pets/${small}/credits`, headers: admin.auth })).statusCode).toBe(200);
  });
});

describe('booking with credits', () => {
  it('uses a credit by default (price 0, Pacote); useCredit false pays the price', async () => {
    const { owner, petId } = await withCredits();
    const date = nextDay();
    const res = await book(owner, petId, date, '09:00');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ price: 0, paidWith: 'Pacote' });
    expect((await creditsOf(owner, petId))[0]?.remaining).toBe(3);

    const paying = await book(owner, petId, date, '11:00', false);
    expect(paying.statusCode, paying.body).toBe(201);
    expect(paying.json().data).toMatchObject({ price: 50, paidWith: null });
    expect((await creditsOf(owner, petId))[0]?.remaining).toBe(3);
  });

  it('without a credit books at the price, and asking for one is 409', async () => {
    const owner = await t.customer();
    const petId = await petOf(owner);
    const date = nextDay();
    const plain = await book(owner, petId, date, '09:00');
    expect(plain.json().data).toMatchObject({ price: 50, paidWith: null });
    const asked = await book(owner, petId, date, '10:00', true);
    expect(asked.statusCode).toBe(409);
    expect(asked.json().code).toBe('NO_CREDIT');
  });

  it('cancelled outside the window gives the credit back; inside it the credit is consumed', async () => {
    const { owner, petId } = await withCredits(2);
    const far = await book(owner, petId, nextDay(), '09:00');
    const near = await book(owner, petId, notSunday(addDays(today(), 1)), '08:00');
    expect(far.statusCode, far.body).toBe(201);
    expect(near.statusCode, near.body).toBe(201);
    expect((await creditsOf(owner, petId))[0]?.remaining).toBe(0);

    const cancelFar = await t.app.inject({
      method: 'DELETE',
      url: `/api/appointments/${far.json().data.id}`,
      headers: owner.auth,
    });
    expect(cancelFar.statusCode).toBe(200);
    expect((await creditsOf(owner, petId))[0]?.remaining).toBe(1);

    const cancelNear = await t.app.inject({
      method: 'DELETE',
      url: `/api/appointments/${near.json().data.id}`,
      headers: owner.auth,
    });
    expect(cancelNear.statusCode).toBe(200);
    expect((await creditsOf(owner, petId))[0]?.remaining).toBe(1);
  });

  it("a booking paid by a credit cannot move past the credit's expiry", async () => {
    const { owner, petId } = await withCredits(2);
    const booked = await book(owner, petId, nextDay(), '09:00');
    expect(booked.statusCode, booked.body).toBe(201);
    const late = notSunday(addDays(today(), 60));
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${booked.json().data.id}`,
      headers: owner.auth,
      payload: { appointment_date: late, appointment_time: '09:00' },
    });
    expect(moved.statusCode, moved.body).toBe(409);
    expect(moved.json().code).toBe('CREDIT_EXPIRES');
    const near = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${booked.json().data.id}`,
      headers: owner.auth,
      payload: { appointment_date: nextDay(), appointment_time: '10:00' },
    });
    expect(near.statusCode, near.body).toBe(200);
    expect(near.json().data).toMatchObject({ price: 0, paidWith: 'Pacote' });
  });

  it('a no-show consumes the credit', async () => {
    const { owner, petId } = await withCredits(1);
    const booked = await book(owner, petId, nextDay(), '09:00');
    expect(booked.statusCode, booked.body).toBe(201);
    const noShow = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${booked.json().data.id}/status`,
      headers: admin.auth,
      payload: { status: 'Não compareceu' },
    });
    expect(noShow.statusCode, noShow.body).toBe(200);
    expect((await creditsOf(owner, petId))[0]?.remaining).toBe(0);
  });

  it('two bookings racing for the last credit: exactly one gets it', async () => {
    const { owner, petId } = await withCredits(1);
    const date = nextDay();
    const results = await Promise.all([
      book(owner, petId, date, '13:00', true),
      book(owner, petId, date, '15:00', true),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes, results.map((r) => r.body).join('\n')).toEqual([201, 409]);
    expect((await creditsOf(owner, petId))[0]?.remaining).toBe(0);
  });
});

describe('expiry', () => {
  it('voids what is left at expiry, once, even run twice at the same time', async () => {
    const { owner, petId } = await withCredits(3);
    await book(owner, petId, nextDay(), '09:00');
    const [credit] = await creditsOf(owner, petId);
    const expiresAt = new Date(credit?.expiresAt ?? '');
    await voidExpired(t.db, new Date(expiresAt.getTime() - 1000));
    expect((await creditsOf(owner, petId))[0]?.remaining).toBe(2);
    const after = new Date(expiresAt.getTime() + 1000);
    await Promise.all([voidExpired(t.db, after), voidExpired(t.db, after)]);
    await voidExpired(t.db, after);
    expect((await creditsOf(owner, petId))[0]?.remaining).toBe(0);
    const voids = await t.db
      .select()
      .from(petCreditEntries)
      .where(sql`${petCreditEntries.creditId} = ${credit?.id} and ${petCreditEntries.reason} = 'expiracao'`);
    expect(voids).toMatchObject([{ delta: -2 }]);
  });

  it('tells the customer 7 days before, once', async () => {
    const { owner, petId } = await withCredits(2);
    const [credit] = await creditsOf(owner, petId);
    const expiresAt = new Date(credit?.expiresAt ?? '').getTime();
    const eventKey = `credits:${credit?.id}:expiring`;
    const sent = async () => (await t.db.select().from(messages).where(eq(messages.eventKey, eventKey))).length;
    await writeExpiryNotices(t.db, new Date(expiresAt - 8 * 86_400_000));
    expect(await sent()).toBe(0);
    const sixDaysBefore = new Date(expiresAt - 6 * 86_400_000);
    await Promise.all([writeExpiryNotices(t.db, sixDaysBefore), writeExpiryNotices(t.db, sixDaysBefore)]);
    await writeExpiryNotices(t.db, sixDaysBefore);
    expect(await sent()).toBe(1);
    const [message] = await t.db.select().from(messages).where(eq(messages.eventKey, eventKey));
    expect(message).toMatchObject({ kind: 'credits-expiring', userId: owner.user.id });
    const dashboard = await t.app.inject({ url: '/api/admin/credits/expiring?days=60', headers: admin.auth });
    expect(dashboard.statusCode).toBe(200);
    expect((dashboard.json().data as { id: number }[]).map((c) => c.id)).toContain(credit?.id);
  });
});
