import { addDays, businessMoment, ROLES } from '@petshop/domain';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, employees, messages, stores } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { bookingFixtures, notSunday } from './support/booking';
import { cardFor } from './support/card-token';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 240_000 });

let t: TestContext;
let f: ReturnType<typeof bookingFixtures>;
let storeB: number;
let serviceId: number;
let employeeA: number;
let employeeB: number;
let admin: LoggedIn;
let reception: LoggedIn;
let manager: LoggedIn;
let receptionB: LoggedIn;
let managerB: LoggedIn;
let professional: LoggedIn;

beforeAll(async () => {
  t = await createTestContext();
  f = bookingFixtures(t);
  const [created] = await t.db.insert(stores).values({ name: 'Loja Centro' }).returning({ id: stores.id });
  storeB = created?.id ?? 0;
  serviceId = await f.service();
  employeeA = await f.employee('Banhista da matriz');
  employeeB = await f.employee('Banhista do Centro');
  await t.db.update(employees).set({ storeId: storeB }).where(eq(employees.id, employeeB));
  admin = await t.admin();
  reception = await t.staffMember(ROLES.reception, [1]);
  manager = await t.staffMember(ROLES.manager, [1]);
  receptionB = await t.staffMember(ROLES.reception, [storeB]);
  managerB = await t.staffMember(ROLES.manager, [storeB]);
  professional = await t.staffMember(ROLES.professional, [1]);
});
afterAll(() => t.close());

let dayOffset = 5;
/** A future working day of its own, so tests do not take each other's slots. */
const nextDay = () => {
  dayOffset += 1;
  return notSunday(addDays(businessMoment().date, dayOffset));
};

const bookFor = (caller: LoggedIn, customerId: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: `/api/user/${customerId}/appointments`, headers: caller.auth, payload });

const slot = (petId: number, overrides: Record<string, unknown> = {}) => ({
  service_id: serviceId,
  employer_id: employeeA,
  pet_id: petId,
  appointment_date: nextDay(),
  appointment_time: '09:00',
  ...overrides,
});

describe('staff book for a customer', () => {
  it('reception books in their store: the customer sees it, is told, and the audit log names the receptionist', async () => {
    const customer = await t.customer();
    const petId = await f.pet(customer, 'Bidu');
    const payload = slot(petId);
    const res = await bookFor(reception, customer.user.id, payload);
    expect(res.statusCode, res.body).toBe(201);
    const booked = res.json().data;
    expect(booked).toMatchObject({ pet_id: petId, employer_id: employeeA, store_id: 1, price: 50, status: 'Agendado' });
    expect(res.json().message).toBe('Agendamento realizado com sucesso!');

    const mine = await t.app.inject({ url: '/api/appointments', headers: customer.auth });
    expect(mine.json().data.map((a: { id: number }) => a.id)).toEqual([booked.id]);
    // Not the receptionist's own booking.
    const theirs = await t.app.inject({ url: '/api/appointments', headers: reception.auth });
    expect(theirs.json().data).toEqual([]);

    const told = await t.db
      .select({ userId: messages.userId, kind: messages.kind })
      .from(messages)
      .where(like(messages.eventKey, `appointment:${booked.id}:booked:%`));
    expect(told).toEqual([{ userId: customer.user.id, kind: 'appointment-booked' }]);

    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'appointment'), eq(auditLog.entityId, booked.id)));
    expect(entry).toMatchObject({ action: 'create', userId: reception.user.id, role: 'reception', storeId: 1 });
    expect(entry?.after).toMatchObject({ pet_id: petId, user_id: customer.user.id, appointment_time: '09:00' });
  });

  it('the owner and the store manager may book too; a manager or receptionist of another store gets 404', async () => {
    const customer = await t.customer();
    const petId = await f.pet(customer);
    expect((await bookFor(admin, customer.user.id, slot(petId))).statusCode).toBe(201);
    expect((await bookFor(manager, customer.user.id, slot(petId))).statusCode).toBe(201);
    for (const outsider of [managerB, receptionB]) {
      const res = await bookFor(outsider, customer.user.id, slot(petId));
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json().message).toBe('Funcionário não encontrado.');
    }
    // Store A's reception cannot reach store B's employee nor name store B.
    const other = await bookFor(reception, customer.user.id, slot(petId, { employer_id: employeeB }));
    expect(other.statusCode).toBe(404);
    const named = await bookFor(reception, customer.user.id, slot(petId, { store_id: storeB }));
    expect(named.statusCode).toBe(404);
    expect(named.json().message).toBe('Loja não encontrada.');
  });

  it('a professional and a customer may not book for someone else (403), and nothing is written', async () => {
    const customer = await t.customer();
    const petId = await f.pet(customer);
    const intruder = await t.customer();
    for (const caller of [professional, intruder, customer]) {
      const res = await bookFor(caller, customer.user.id, slot(petId));
      expect(res.statusCode, res.body).toBe(403);
    }
    const mine = await t.app.inject({ url: '/api/appointments', headers: customer.auth });
    expect(mine.json().data).toEqual([]);
  });

  it("another customer's pet, or a staff account as the customer, is 404 and books nothing", async () => {
    const customer = await t.customer();
    const stranger = await t.customer();
    const strangersPet = await f.pet(stranger);
    const wrongPet = await bookFor(reception, customer.user.id, slot(strangersPet));
    expect(wrongPet.statusCode).toBe(404);
    expect(wrongPet.json().message).toBe('Pet não encontrado.');
    const staffAccount = await bookFor(reception, manager.user.id, slot(strangersPet));
    expect(staffAccount.statusCode).toBe(404);
    const nobody = await bookFor(reception, 99_999_999, slot(strangersPet));
    expect(nobody.statusCode).toBe(404);
    for (const who of [customer, stranger]) {
      expect((await t.app.inject({ url: '/api/appointments', headers: who.auth })).json().data).toEqual([]);
    }
  });

  it('the same rules as a customer booking: bad input 400, outside the hours, a taken slot 409', async () => {
    const customer = await t.customer();
    const petId = await f.pet(customer);
    const bad = await bookFor(reception, customer.user.id, slot(petId, { appointment_time: '25:00' }));
    expect(bad.statusCode).toBe(400);
    const past = await bookFor(reception, customer.user.id, slot(petId, { appointment_date: '2020-01-06' }));
    expect(past.statusCode).toBe(400);
    const night = await bookFor(reception, customer.user.id, slot(petId, { appointment_time: '22:00' }));
    expect(night.statusCode, night.body).toBe(409);
    const date = nextDay();
    const first = await bookFor(reception, customer.user.id, slot(petId, { appointment_date: date }));
    expect(first.statusCode).toBe(201);
    const other = await t.customer();
    const again = await bookFor(reception, other.user.id, slot(await f.pet(other), { appointment_date: date }));
    expect(again.statusCode).toBe(409);
  });

  it('a receptionist and the customer racing for the same slot: exactly one gets it', async () => {
    const customer = await t.customer();
    const petId = await f.pet(customer);
    const rival = await t.customer();
    const rivalPet = await f.pet(rival);
    const date = nextDay();
    const [staffTry, ownTry] = await Promise.all([
      bookFor(reception, customer.user.id, slot(petId, { appointment_date: date, appointment_time: '10:00' })),
      t.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: rival.auth,
        payload: slot(rivalPet, { appointment_date: date, appointment_time: '10:00' }),
      }),
    ]);
    expect([staffTry.statusCode, ownTry.statusCode].sort()).toEqual([201, 409]);
  });

  it("uses the pet's package credit, as the customer's own booking does", async () => {
    const customer = await t.customer();
    const petId = await f.pet(customer);
    const pkg = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: admin.auth,
      payload: { name: '4 banhos — porte Médio', size: 'Médio', credits: 4, validityDays: 45, price: 180, serviceId },
    });
    expect(pkg.statusCode, pkg.body).toBe(201);
    const card = await cardFor(t.baseUrl, { holder: 'APRO' });
    const bought = await t.app.inject({
      method: 'POST',
      url: `/api/packages/${pkg.json().data.id}/buy`,
      headers: customer.auth,
      payload: { petId, paymentMethod: 'Cartão de Crédito', card },
    });
    expect(bought.statusCode, bought.body).toBe(201);

    const res = await bookFor(reception, customer.user.id, slot(petId));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data).toMatchObject({ price: 0, paidWith: 'Pacote' });
    const credits = await t.app.inject({ url: `/api/pets/${petId}/credits`, headers: reception.auth });
    expect(credits.json().data[0]?.remaining).toBe(3);
    const paying = await bookFor(reception, customer.user.id, slot(petId, { useCredit: false }));
    expect(paying.json().data).toMatchObject({ price: 50, paidWith: null });
  });
});

describe('staff find the customer and their pets', () => {
  it('reception finds a customer by phone, CPF, e-mail or name, and never a staff account', async () => {
    const tag = Math.random().toString(36).slice(2, 8);
    const phone = `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`;
    const customer = await t.customer({ name: `Rosângela Teixeira ${tag}`, phone });
    const { cpf } = (await t.app.inject({ url: `/api/user/${customer.user.id}`, headers: reception.auth })).json().data;
    const search = async (q: string) =>
      (await t.app.inject({ url: `/api/user?q=${encodeURIComponent(q)}`, headers: reception.auth })).json().data as {
        id: number;
      }[];
    const masked = `(${phone.slice(0, 2)}) ${phone.slice(2, 7)}-${phone.slice(7)}`;
    for (const q of [masked, cpf, customer.user.email, `rosangela teix ${tag}`]) {
      expect((await search(q)).map((u) => u.id)).toEqual([customer.user.id]);
    }
    expect(await search(manager.user.email)).toEqual([]);
  });

  it("lists a customer's pets for staff; a staff account is 404; a customer or professional is 403", async () => {
    const customer = await t.customer();
    const rex = await f.pet(customer, 'Rex');
    const mel = await f.pet(customer, 'Mel');
    for (const caller of [admin, manager, reception, receptionB]) {
      const res = await t.app.inject({ url: `/api/user/${customer.user.id}/pets`, headers: caller.auth });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.map((p: { id: number }) => p.id)).toEqual([rex, mel]);
    }
    const staffAccount = await t.app.inject({ url: `/api/user/${manager.user.id}/pets`, headers: reception.auth });
    expect(staffAccount.statusCode).toBe(404);
    for (const caller of [professional, await t.customer(), customer]) {
      const res = await t.app.inject({ url: `/api/user/${customer.user.id}/pets`, headers: caller.auth });
      expect(res.statusCode).toBe(403);
    }
  });

  it('reception registers a pet for a customer: the customer sees it and the audit log has it', async () => {
    const customer = await t.customer();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/user/${customer.user.id}/pets`,
      headers: reception.auth,
      payload: { name: 'Paçoca', age: 1, specie: 'Gato', size: 'Pequeno' },
    });
    expect(res.statusCode, res.body).toBe(201);
    const pet = res.json().data;
    const own = await t.app.inject({ url: '/api/pets', headers: customer.auth });
    expect(own.json().data.map((p: { id: number }) => p.id)).toEqual([pet.id]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'pet'), eq(auditLog.entityId, pet.id)));
    expect(entry).toMatchObject({ action: 'create', userId: reception.user.id });
    const invalid = await t.app.inject({
      method: 'POST',
      url: `/api/user/${customer.user.id}/pets`,
      headers: reception.auth,
      payload: { name: '', age: 1, specie: 'Gato', size: 'Pequeno' },
    });
    expect(invalid.statusCode).toBe(400);
  });
});
