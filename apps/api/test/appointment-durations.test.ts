import { addDays, businessMoment, type PetSize, weekdayOf } from '@petshop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, employees, pets } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';

let t: TestContext;
let admin: LoggedIn;
/** 'Banho e tosa': 90 minutes, R$ 100 / 120 / 150 by size */
let groom = 0;
/** every test books on its own day */
let dayOffset = 20;
const nextDay = () => {
  // Sundays are off in the default week
  do {
    dayOffset += 1;
  } while (weekdayOf(addDays(businessMoment().date, dayOffset)) === 0);
  return addDays(businessMoment().date, dayOffset);
};

async function employee(name = 'Marcos Pereira') {
  const [row] = await t.db
    .insert(employees)
    .values({ name, phone: '11943210987', position: 'Tosador', serviceId: groom })
    .returning({ id: employees.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

async function pet(owner: LoggedIn, size: PetSize = 'Grande', name = 'Thor') {
  const [row] = await t.db
    .insert(pets)
    .values({ userId: owner.user.id, name, age: 5, specie: 'Cachorro', size })
    .returning({ id: pets.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

const book = (user: LoggedIn, employerId: number, petId: number, date: string, time: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: user.auth,
    payload: {
      service_id: groom,
      employer_id: employerId,
      pet_id: petId,
      appointment_date: date,
      appointment_time: time,
    },
  });
const availability = async (user: LoggedIn, employerId: number, date: string) => {
  const res = await t.app.inject({
    url: `/api/appointments/availability?employer_id=${employerId}&date=${date}`,
    headers: user.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as string[];
};
const activeOf = (employeeId: number, date: string) =>
  t.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.employeeId, employeeId),
        eq(appointments.appointmentDate, date),
        eq(appointments.status, 'Agendado'),
      ),
    );

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.admin();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: admin.auth,
    payload: { name: 'Banho e tosa', prices: { Pequeno: 100, Médio: 120, Grande: 150 }, durationMinutes: 90 },
  });
  expect(res.statusCode).toBe(201);
  groom = res.json().data.id;
});
afterAll(() => t.close());

describe('a 90-minute service', () => {
  it('books three consecutive slots at the price for the pet’s size', async () => {
    const user = await t.customer();
    const [employerId, big, small] = [await employee(), await pet(user, 'Grande'), await pet(user, 'Pequeno', 'Mel')];
    const date = nextDay();
    const res = await book(user, employerId, big, date, '10:00');
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ price: 150, durationMinutes: 90, pet: { size: 'Grande' } });
    const free = await availability(user, employerId, date);
    // The slot arithmetic is the domain's (slots.test.ts); here, what the API feeds it: the booking
    // holds 10:00–11:30 and a new start needs the service's 90 minutes, so 09:00 and 09:30 would run
    // into it and 16:30 is the last start that ends by 18:00.
    expect(free.filter((time) => time >= '09:00' && time <= '11:30')).toEqual(['11:30']);
    expect(free.at(-1)).toBe('16:30');
    const small1130 = await book(user, employerId, small, date, '11:30');
    expect(small1130.statusCode).toBe(201);
    expect(small1130.json().data.price).toBe(100);
  });

  it('answers 409 to a booking that overlaps by one slot, and writes nothing', async () => {
    const user = await t.customer();
    const employerId = await employee();
    const date = nextDay();
    expect((await book(user, employerId, await pet(user), date, '10:00')).statusCode).toBe(201);
    const other = await t.customer();
    for (const time of ['11:00', '09:00']) {
      const res = await book(other, employerId, await pet(other), date, time);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ message: 'Horário indisponível para este funcionário.', code: 'SLOT_TAKEN' });
    }
    expect(await activeOf(employerId, date)).toHaveLength(1);
  });

  it('answers 409 to a start whose end passes 18:00', async () => {
    const user = await t.customer();
    const res = await book(user, await employee(), await pet(user), nextDay(), '17:00');
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('OUTSIDE_HOURS');
  });

  it('keeps one pet out of two overlapping appointments with different employees (409)', async () => {
    const user = await t.customer();
    const petId = await pet(user);
    const [a, b] = [await employee(), await employee('Aline Barbosa')];
    const date = nextDay();
    expect((await book(user, a, petId, date, '14:00')).statusCode).toBe(201);
    const res = await book(user, b, petId, date, '15:00');
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Este pet já tem um agendamento neste horário.',
      code: 'PET_SLOT_TAKEN',
    });
    expect(await activeOf(b, date)).toHaveLength(0);
  });

  it('keeps the price booked when the service’s prices change later', async () => {
    const user = await t.customer();
    const res = await book(user, await employee(), await pet(user, 'Médio'), nextDay(), '08:00');
    expect(res.json().data.price).toBe(120);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/services/${groom}`,
      headers: admin.auth,
      payload: { name: 'Banho e tosa', prices: { Pequeno: 110, Médio: 135, Grande: 170 }, durationMinutes: 90 },
    });
    expect(put.statusCode).toBe(200);
    const again = await t.app.inject({ url: `/api/appointments/${res.json().data.id}`, headers: user.auth });
    expect(again.json().data.price).toBe(120);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, res.json().data.id));
    expect(row?.priceCents).toBe(12000);
  });
});

describe('rescheduling a 90-minute appointment', () => {
  it('moves within its own time, and refuses an overlap or a late end', async () => {
    const user = await t.customer();
    const employerId = await employee();
    const date = nextDay();
    const mine = (await book(user, employerId, await pet(user), date, '10:00')).json().data.id as number;
    const other = await t.customer();
    expect((await book(other, employerId, await pet(other), date, '13:00')).statusCode).toBe(201);
    const move = (time: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/appointments/${mine}`,
        headers: user.auth,
        payload: { appointment_date: date, appointment_time: time },
      });
    expect((await move('10:30')).statusCode).toBe(200);
    expect((await move('12:00')).statusCode).toBe(409);
    expect((await move('17:00')).statusCode).toBe(409);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, mine));
    expect(row?.appointmentTime).toBe('10:30');
  });
});

describe('concurrency', () => {
  it('gives exactly one of 6 parallel overlapping bookings', async () => {
    const employerId = await employee();
    const date = nextDay();
    const people = await Promise.all(Array.from({ length: 6 }, () => t.customer()));
    const petIds = await Promise.all(people.map((p) => pet(p)));
    // every pair shares 10:30–11:00, so only one can stand
    const times = ['09:30', '10:00', '10:30', '09:30', '10:00', '10:30'];
    const answers = await Promise.all(people.map((p, i) => book(p, employerId, petIds[i] ?? 0, date, times[i] ?? '')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await activeOf(employerId, date)).toHaveLength(1);
  });

  it('lets the database refuse an overlap the pre-check did not see', async () => {
    const user = await t.customer();
    const employerId = await employee();
    const date = nextDay();
    const petId = await pet(user);
    expect((await book(user, employerId, petId, date, '10:00')).statusCode).toBe(201);
    const write = t.db.insert(appointments).values({
      userId: user.user.id,
      petId: await pet(user, 'Pequeno', 'Mel'),
      serviceId: groom,
      employeeId: employerId,
      appointmentDate: date,
      appointmentTime: '11:00',
      durationMinutes: 30,
      priceCents: 10000,
    });
    await expect(write).rejects.toMatchObject({ cause: { code: '23P01' } });
  });
});

describe('PUT /appointments/:id/status', () => {
  const setStatus = (user: LoggedIn, id: number, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: `/api/appointments/${id}/status`, headers: user.auth, payload });

  async function booked() {
    const user = await t.customer();
    const employerId = await employee();
    const date = nextDay();
    const res = await book(user, employerId, await pet(user), date, '10:00');
    return { user, employerId, date, id: res.json().data.id as number };
  }

  it('checks in, then completes with a note the pet’s history keeps', async () => {
    const { user, id } = await booked();
    const checkIn = await setStatus(admin, id, { status: 'Em atendimento' });
    expect(checkIn.statusCode).toBe(200);
    expect(checkIn.json()).toMatchObject({
      message: 'Status do agendamento atualizado.',
      data: { status: 'Em atendimento' },
    });
    const done = await setStatus(admin, id, { status: 'Concluído', note: 'Pelo com nós; usar condicionador.' });
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ status: 'Concluído', note: 'Pelo com nós; usar condicionador.' });
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row).toMatchObject({ status: 'Concluído', staffNote: 'Pelo com nós; usar condicionador.' });
    // a finished appointment is no longer the customer's to move or cancel
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/appointments/${id}`, headers: user.auth });
    expect(cancel.statusCode).toBe(409);
  });

  it("keeps a note the staff's own unless it is marked for the customer", async () => {
    const mine = async (user: Awaited<ReturnType<typeof booked>>['user'], id: number) =>
      (await t.app.inject({ url: `/api/appointments/${id}`, headers: user.auth })).json().data;
    const inner = await booked();
    await setStatus(admin, inner.id, { status: 'Em atendimento' });
    const kept = await setStatus(admin, inner.id, { status: 'Concluído', note: 'usar lâmina 10' });
    expect(kept.json().data).toMatchObject({ note: 'usar lâmina 10', noteForCustomer: false });
    expect(await mine(inner.user, inner.id)).toMatchObject({ note: null, noteForCustomer: false });

    const shared = await booked();
    await setStatus(admin, shared.id, { status: 'Em atendimento' });
    await setStatus(admin, shared.id, { status: 'Concluído', note: 'Escovar em casa.', noteForCustomer: true });
    expect(await mine(shared.user, shared.id)).toMatchObject({ note: 'Escovar em casa.', noteForCustomer: true });

    const bad = await setStatus(admin, (await booked()).id, { status: 'Em atendimento', noteForCustomer: 'sim' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Informe se a observação é para o cliente (true ou false).');
  });

  it.each([
    [[], 'Concluído'],
    [[], 'Agendado'],
    [['Em atendimento'], 'Não compareceu'],
    [['Em atendimento'], 'Cancelado'],
    [['Em atendimento', 'Concluído'], 'Em atendimento'],
    [['Não compareceu'], 'Agendado'],
    [['Cancelado'], 'Em atendimento'],
  ])('after %j refuses a move to %s (409), and nothing changes', async (path, to) => {
    const { id } = await booked();
    for (const step of path) expect((await setStatus(admin, id, { status: step })).statusCode).toBe(200);
    const res = await setStatus(admin, id, { status: to });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('INVALID_STATUS_TRANSITION');
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.status).toBe(path.at(-1) ?? 'Agendado');
  });

  it('frees the time of a no-show or a cancellation, and not of a check-in', async () => {
    const { employerId, date, id } = await booked();
    expect((await setStatus(admin, id, { status: 'Em atendimento' })).statusCode).toBe(200);
    const other = await t.customer();
    expect((await book(other, employerId, await pet(other), date, '10:30')).statusCode).toBe(409);
    const second = await booked();
    expect((await setStatus(admin, second.id, { status: 'Não compareceu' })).statusCode).toBe(200);
    expect(
      (await book(other, second.employerId, await pet(other, 'Pequeno', 'Bidu'), second.date, '10:30')).statusCode,
    ).toBe(201);
  });

  it('is for admins only, validates the status, and 404s an unknown appointment', async () => {
    const { user, id } = await booked();
    expect((await setStatus(user, id, { status: 'Em atendimento' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: `/api/appointments/${id}/status` })).statusCode).toBe(401);
    const bad = await setStatus(admin, id, { status: 'ativo' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.map((d: { field: string }) => d.field)).toContain('status');
    expect((await setStatus(admin, 999999, { status: 'Em atendimento' })).statusCode).toBe(404);
  });

  it('keeps in-progress appointments in “Meus Agendamentos” and shows statuses on the staff list', async () => {
    const { user, id } = await booked();
    await setStatus(admin, id, { status: 'Em atendimento' });
    const mine = await t.app.inject({ url: '/api/appointments', headers: user.auth });
    expect(mine.json().data).toEqual([expect.objectContaining({ id, status: 'Em atendimento' })]);
    const all = await t.app.inject({ url: '/api/appointments/all?limit=200', headers: admin.auth });
    expect(all.json().data).toContainEqual(expect.objectContaining({ id, status: 'Em atendimento' }));
  });
});
