import { APPOINTMENT_SLOTS, addDays, businessMoment, weekdayOf } from '@petshop/domain';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, employees, pets, services } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { onePrice } from './support/booking';

let t: TestContext;
let bath = 0;
let vet = 0;
let admin: LoggedIn;
/** Every test books on its own day, so no test depends on another's data. */
let dayOffset = 10;
const nextDay = () => {
  // Sundays are off in the default week
  do {
    dayOffset += 1;
  } while (weekdayOf(addDays(businessMoment().date, dayOffset)) === 0);
  return addDays(businessMoment().date, dayOffset);
};

async function employee(serviceId = bath, name = 'Juliana Alves', archived = false) {
  const [row] = await t.db
    .insert(employees)
    .values({ name, phone: '11987654321', position: 'Banhista', serviceId, archivedAt: archived ? new Date() : null })
    .returning({ id: employees.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

async function pet(owner: LoggedIn, name = 'Rex') {
  const [row] = await t.db
    .insert(pets)
    .values({ userId: owner.user.id, name, age: 3, specie: 'Cachorro', size: 'Médio' })
    .returning({ id: pets.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

const book = (user: LoggedIn, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/appointments', headers: user.auth, payload });
const reschedule = (user: LoggedIn, id: number, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'PUT', url: `/api/appointments/${id}`, headers: user.auth, payload });
const cancel = (user: LoggedIn, id: number) =>
  t.app.inject({ method: 'DELETE', url: `/api/appointments/${id}`, headers: user.auth });
const availability = (user: LoggedIn, employerId: number, date: string) =>
  t.app.inject({ url: `/api/appointments/availability?employer_id=${employerId}&date=${date}`, headers: user.auth });

const activeRows = async (employeeId: number, date: string, time: string) =>
  t.db
    .select({ id: appointments.id })
    .from(appointments)
    .where(
      and(
        eq(appointments.employeeId, employeeId),
        eq(appointments.appointmentDate, date),
        eq(appointments.appointmentTime, time),
        eq(appointments.status, 'Agendado'),
      ),
    );

/** A customer with a pet and an employee of their own, ready to book. */
async function scene() {
  const user = await t.customer();
  const petId = await pet(user);
  const employerId = await employee();
  const date = nextDay();
  const payload = {
    service_id: bath,
    employer_id: employerId,
    pet_id: petId,
    appointment_date: date,
    appointment_time: '10:00',
  };
  return { user, petId, employerId, date, payload };
}

beforeAll(async () => {
  t = await createTestContext();
  const rows = await t.db
    .insert(services)
    .values([
      { name: 'Banho', ...onePrice(6000) },
      { name: 'Consulta Veterinária', ...onePrice(15000) },
    ])
    .returning({ id: services.id });
  [bath, vet] = rows.map((r) => r.id) as [number, number];
  admin = await t.admin();
});
afterAll(() => t.close());

describe('authentication and permissions', () => {
  it.each([
    ['POST', '/api/appointments'],
    ['GET', '/api/appointments'],
    ['GET', '/api/appointments/all'],
    ['GET', '/api/appointments/history'],
    ['GET', '/api/appointments/availability?employer_id=1&date=2030-01-10'],
    ['GET', '/api/appointments/1'],
    ['PUT', '/api/appointments/1'],
    ['DELETE', '/api/appointments/1'],
  ] as const)('%s %s needs a token', async (method, url) => {
    expect((await t.app.inject({ method, url })).statusCode).toBe(401);
  });

  it('keeps the list of everyone’s appointments for admins', async () => {
    const user = await t.customer();
    const res = await t.app.inject({ url: '/api/appointments/all', headers: user.auth });
    expect(res.statusCode).toBe(403);
  });
});

describe('POST /appointments', () => {
  it('books a free slot for the caller’s pet', async () => {
    const { user, petId, employerId, date, payload } = await scene();
    const res = await book(user, payload);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Agendamento realizado com sucesso!',
      data: {
        id: expect.any(Number),
        appointment_date: date,
        appointment_time: '10:00',
        pet_id: petId,
        service_id: bath,
        employer_id: employerId,
        store_id: 1,
        status: 'Agendado',
        price: 60,
        paidWith: null,
        durationMinutes: 30,
        note: null,
        noteForCustomer: false,
        service: { name: 'Banho' },
        employer: { name: 'Juliana Alves' },
        pet: { name: 'Rex', size: 'Médio' },
      },
    });
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, res.json().data.id));
    expect(row?.userId).toBe(user.user.id);
  });

  it('answers 409 when the employee is taken at that time, and writes nothing', async () => {
    const { user, employerId, date, payload } = await scene();
    expect((await book(user, payload)).statusCode).toBe(201);
    const other = await t.customer();
    const res = await book(other, { ...payload, pet_id: await pet(other) });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ message: 'Horário indisponível para este funcionário.', code: 'SLOT_TAKEN' });
    expect(await activeRows(employerId, date, '10:00')).toHaveLength(1);
  });

  it('answers 409 when the pet already has an appointment at that time', async () => {
    const { user, payload } = await scene();
    expect((await book(user, payload)).statusCode).toBe(201);
    const res = await book(user, { ...payload, employer_id: await employee() });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'Este pet já tem um agendamento neste horário.',
      code: 'PET_SLOT_TAKEN',
    });
  });

  it('answers 404 for someone else’s pet or a pet that does not exist', async () => {
    const { payload } = await scene();
    const stranger = await t.customer();
    const res = await book(stranger, payload);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Pet não encontrado.');
    expect((await book(stranger, { ...payload, pet_id: 999_999 })).statusCode).toBe(404);
  });

  it('refuses an employee who does not do that service, or who left', async () => {
    const { user, payload } = await scene();
    const vetDoctor = await employee(vet, 'Dra. Marina');
    const wrong = await book(user, { ...payload, employer_id: vetDoctor });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details).toEqual([{ field: 'employer_id', message: expect.any(String) }]);
    const gone = await book(user, { ...payload, employer_id: await employee(bath, 'Antigo', true) });
    expect(gone.statusCode).toBe(400);
    expect((await book(user, { ...payload, employer_id: 999_999 })).statusCode).toBe(400);
  });

  it('refuses a service that does not exist', async () => {
    const { user, payload } = await scene();
    const res = await book(user, { ...payload, service_id: 999_999 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('service_id');
  });

  it.each(['08:15', '24:00', '8:00', '10:00:00', '10:60'])(
    'refuses %s, which is not a half hour of the day',
    async (time) => {
      const { user, payload } = await scene();
      const res = await book(user, { ...payload, appointment_time: time });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        message: 'Escolha um horário em HH:MM, de 30 em 30 minutos.',
        details: [{ field: 'appointment_time' }],
      });
    },
  );

  it('refuses a past date, and a slot of today that has started', async () => {
    const { user, payload } = await scene();
    const yesterday = addDays(businessMoment().date, -1);
    const res = await book(user, { ...payload, appointment_date: yesterday });
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('appointment_date');
    const now = businessMoment();
    const started = APPOINTMENT_SLOTS.filter((slot) => slot <= now.time).at(-1);
    if (started) {
      const today = await book(user, { ...payload, appointment_date: now.date, appointment_time: started });
      expect(today.statusCode).toBe(400);
    }
  });

  it.each([
    ['appointment_date', '10/05/2030'],
    ['appointment_date', '2030-02-30'],
    ['appointment_date', undefined],
    ['appointment_time', undefined],
    ['pet_id', 'abc'],
    ['pet_id', undefined],
    ['employer_id', 0],
    ['service_id', -1],
  ])('names %s when it is %s', async (field, value) => {
    const { user, payload } = await scene();
    const res = await book(user, { ...payload, [field]: value });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('VALIDATION_ERROR');
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain(field);
  });

  it('ignores a user_id sent in the body', async () => {
    const { user, payload } = await scene();
    const other = await t.customer();
    const res = await book(user, { ...payload, user_id: other.user.id, status: 'Cancelado' });
    expect(res.statusCode).toBe(201);
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, res.json().data.id));
    expect(row).toMatchObject({ userId: user.user.id, status: 'Agendado' });
  });
});

describe('concurrency', () => {
  it('gives one employee slot to exactly one of 8 customers booking at once', async () => {
    const employerId = await employee();
    const date = nextDay();
    const people = await Promise.all(Array.from({ length: 8 }, () => t.customer()));
    const petIds = await Promise.all(people.map((p) => pet(p)));
    const answers = await Promise.all(
      people.map((p, i) =>
        book(p, {
          service_id: bath,
          employer_id: employerId,
          pet_id: petIds[i],
          appointment_date: date,
          appointment_time: '14:00',
        }),
      ),
    );
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    for (const r of answers.filter((a) => a.statusCode === 409)) {
      expect(r.json().message).toBe('Horário indisponível para este funcionário.');
    }
    expect(await activeRows(employerId, date, '14:00')).toHaveLength(1);
  });

  it('books one pet with only one of two employees at the same time', async () => {
    const user = await t.customer();
    const petId = await pet(user);
    const [a, b] = await Promise.all([employee(), employee()]);
    const date = nextDay();
    const answers = await Promise.all(
      [a, b, a, b].map((employerId) =>
        book(user, {
          service_id: bath,
          employer_id: employerId,
          pet_id: petId,
          appointment_date: date,
          appointment_time: '09:30',
        }),
      ),
    );
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    const rows = await t.db
      .select({ id: appointments.id })
      .from(appointments)
      .where(and(eq(appointments.petId, petId), eq(appointments.status, 'Agendado')));
    expect(rows).toHaveLength(1);
  });
});

describe('GET /appointments', () => {
  it('lists the caller’s active appointments, soonest first, with names', async () => {
    const user = await t.customer();
    const rex = await pet(user, 'Rex');
    const mia = await pet(user, 'Mia');
    const employerId = await employee(bath, 'Diego');
    const [d1, d2] = [nextDay(), nextDay()];
    const base = { service_id: bath, employer_id: employerId };
    const later = await book(user, { ...base, pet_id: rex, appointment_date: d2, appointment_time: '08:00' });
    const afternoon = await book(user, { ...base, pet_id: mia, appointment_date: d1, appointment_time: '15:30' });
    const morning = await book(user, { ...base, pet_id: rex, appointment_date: d1, appointment_time: '09:00' });
    const dropped = await book(user, { ...base, pet_id: rex, appointment_date: d1, appointment_time: '11:00' });
    expect((await cancel(user, dropped.json().data.id)).statusCode).toBe(200);
    const other = await t.customer();
    await book(other, { ...base, pet_id: await pet(other), appointment_date: d1, appointment_time: '12:00' });

    const res = await t.app.inject({ url: '/api/appointments', headers: user.auth });
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: number; pet: { name: string }; employer: { name: string } }[];
    expect(list.map((a) => a.id)).toEqual([morning, afternoon, later].map((r) => r.json().data.id));
    expect(list[1]).toMatchObject({ pet: { name: 'Mia' }, employer: { name: 'Diego' }, service: { name: 'Banho' } });
  });

  it('answers an empty list to someone without appointments', async () => {
    const user = await t.customer();
    expect((await t.app.inject({ url: '/api/appointments', headers: user.auth })).json()).toEqual({ data: [] });
  });
});

describe('GET /appointments/history', () => {
  const history = (user: LoggedIn, query = '') =>
    t.app.inject({ url: `/api/appointments/history${query}`, headers: user.auth });
  const setStatus = (id: number, status: string) =>
    t.app.inject({ method: 'PUT', url: `/api/appointments/${id}/status`, headers: admin.auth, payload: { status } });

  it('lists the caller’s done, missed and cancelled appointments, latest first, with status and price, a page at a time', async () => {
    const user = await t.customer();
    const rex = await pet(user, 'Rex');
    const employerId = await employee(bath, 'Carla');
    const [d1, d2] = [nextDay(), nextDay()];
    const base = { service_id: bath, employer_id: employerId, pet_id: rex };
    const at = async (date: string, time: string) =>
      (await book(user, { ...base, appointment_date: date, appointment_time: time })).json().data.id as number;
    const done = await at(d1, '09:00');
    const missed = await at(d1, '10:00');
    const cancelled = await at(d2, '08:00');
    const open = await at(d2, '09:00');
    expect((await setStatus(done, 'Em atendimento')).statusCode).toBe(200);
    expect((await setStatus(done, 'Concluído')).statusCode).toBe(200);
    expect((await setStatus(missed, 'Não compareceu')).statusCode).toBe(200);
    expect((await cancel(user, cancelled)).statusCode).toBe(200);
    const other = await t.customer();
    const theirs = (
      await book(other, { ...base, pet_id: await pet(other), appointment_date: d2, appointment_time: '10:00' })
    ).json().data.id as number;
    expect((await cancel(other, theirs)).statusCode).toBe(200);

    const res = await history(user);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { data: { id: number; status: string; price: number }[]; meta: { total: number } };
    expect(body.data.map((a) => [a.id, a.status, a.price])).toEqual([
      [cancelled, 'Cancelado', 60],
      [missed, 'Não compareceu', 60],
      [done, 'Concluído', 60],
    ]);
    expect(body.meta.total).toBe(3);
    // the open one stays on the upcoming list, and only there
    const upcoming = (await t.app.inject({ url: '/api/appointments', headers: user.auth })).json().data as {
      id: number;
    }[];
    expect(upcoming.map((a) => a.id)).toEqual([open]);

    const second = (await history(user, '?limit=2&offset=2')).json();
    expect(second.data.map((a: { id: number }) => a.id)).toEqual([done]);
    expect(second.meta).toEqual({ total: 3, limit: 2, offset: 2 });
    const past = (await history(user, '?limit=2&offset=5')).json();
    expect(past).toEqual({ data: [], meta: { total: 3, limit: 2, offset: 5 } });
  });

  it('answers an empty page to someone without history, and 400 in Portuguese to a bad page', async () => {
    const user = await t.customer();
    expect((await history(user)).json()).toEqual({ data: [], meta: { total: 0, limit: 60, offset: 0 } });
    const bad = await history(user, '?limit=0');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Limite inválido.');
  });
});

describe('GET /appointments/:id', () => {
  it('shows one’s own, 404 for someone else’s, and any to an admin', async () => {
    const { user, payload } = await scene();
    const id = (await book(user, payload)).json().data.id;
    expect((await t.app.inject({ url: `/api/appointments/${id}`, headers: user.auth })).json().data.id).toBe(id);
    const stranger = await t.customer();
    expect((await t.app.inject({ url: `/api/appointments/${id}`, headers: stranger.auth })).statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/appointments/${id}`, headers: admin.auth })).statusCode).toBe(200);
    expect((await t.app.inject({ url: '/api/appointments/abc', headers: user.auth })).statusCode).toBe(400);
  });
});

describe('GET /appointments/all', () => {
  it('lists upcoming active appointments of everyone, soonest first, paginated', async () => {
    const past = await scene();
    // Only a row from the past can show that past ones are left out: written directly.
    const [old] = await t.db
      .insert(appointments)
      .values({
        userId: past.user.user.id,
        petId: past.petId,
        serviceId: bath,
        employeeId: past.employerId,
        appointmentDate: addDays(businessMoment().date, -2),
        appointmentTime: '10:00',
        priceCents: 6000,
      })
      .returning({ id: appointments.id });
    const first = await scene();
    const firstId = (await book(first.user, first.payload)).json().data.id;
    const second = await scene();
    const secondId = (await book(second.user, second.payload)).json().data.id;
    const cancelled = await scene();
    await cancel(cancelled.user, (await book(cancelled.user, cancelled.payload)).json().data.id);

    const res = await t.app.inject({ url: '/api/appointments/all?limit=200', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const ids = (res.json().data as { id: number }[]).map((a) => a.id);
    expect(ids).not.toContain(old?.id);
    expect(ids.indexOf(firstId)).toBeLessThan(ids.indexOf(secondId));
    expect(ids.indexOf(firstId)).toBeGreaterThanOrEqual(0);
    const listed = (res.json().data as { id: number; customer: unknown }[]).find((a) => a.id === firstId);
    const owner = (await t.app.inject({ url: `/api/user/${first.user.user.id}`, headers: admin.auth })).json().data;
    expect(listed?.customer).toEqual({ name: owner.name, phone: owner.phone });
    const dates = (res.json().data as { appointment_date: string; appointment_time: string }[]).map(
      (a) => `${a.appointment_date} ${a.appointment_time}`,
    );
    expect(dates).toEqual([...dates].sort());
    expect(res.json().meta).toEqual({ total: ids.length, limit: 200, offset: 0 });

    const page = await t.app.inject({ url: '/api/appointments/all?limit=1&offset=1', headers: admin.auth });
    expect(page.json().data).toEqual([res.json().data[1]]);
    expect(page.json().meta).toEqual({ total: ids.length, limit: 1, offset: 1 });
  });
});

describe('GET /appointments/availability', () => {
  it('offers the free slots of a day ahead', async () => {
    const { user, employerId, date, payload } = await scene();
    await book(user, payload);
    await book(user, { ...payload, appointment_time: '17:30' });
    const res = await availability(user, employerId, date);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual(APPOINTMENT_SLOTS.filter((s) => s !== '10:00' && s !== '17:30'));
  });

  it('frees a cancelled slot', async () => {
    const { user, employerId, date, payload } = await scene();
    const id = (await book(user, payload)).json().data.id;
    expect((await availability(user, employerId, date)).json().data).not.toContain('10:00');
    await cancel(user, id);
    expect((await availability(user, employerId, date)).json().data).toContain('10:00');
  });

  it('offers nothing on a past day and only slots not yet started today', async () => {
    const { user, employerId } = await scene();
    const now = businessMoment();
    expect((await availability(user, employerId, addDays(now.date, -1))).json().data).toEqual([]);
    const today = (await availability(user, employerId, now.date)).json().data as string[];
    // The clock may tick between the two readings: compare with the earliest possible answer.
    for (const slot of today) expect(slot >= now.time).toBe(true);
    expect(today.length).toBeGreaterThanOrEqual(APPOINTMENT_SLOTS.filter((s) => s > businessMoment().time).length);
  });

  it('validates its query and hides archived employees', async () => {
    const { user, employerId } = await scene();
    const bad = await availability(user, employerId, '2030-13-01');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details[0].field).toBe('date');
    const missing = await t.app.inject({ url: '/api/appointments/availability?date=2030-01-10', headers: user.auth });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details[0].field).toBe('employer_id');
    const gone = await employee(bath, 'Ex', true);
    expect((await availability(user, gone, '2030-01-10')).statusCode).toBe(404);
  });
});

describe('PUT /appointments/:id', () => {
  it('moves one’s own appointment and frees the old slot', async () => {
    const { user, employerId, date, payload } = await scene();
    const id = (await book(user, payload)).json().data.id;
    const newDate = nextDay();
    const res = await reschedule(user, id, { appointment_date: newDate, appointment_time: '16:00' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Agendamento atualizado com sucesso!',
      data: { id, appointment_date: newDate, appointment_time: '16:00', status: 'Agendado' },
    });
    expect((await availability(user, employerId, date)).json().data).toContain('10:00');
    expect((await availability(user, employerId, newDate)).json().data).not.toContain('16:00');
  });

  it('keeps the same slot when asked to, without colliding with itself', async () => {
    const { user, date, payload } = await scene();
    const id = (await book(user, payload)).json().data.id;
    expect((await reschedule(user, id, { appointment_date: date, appointment_time: '10:00' })).statusCode).toBe(200);
  });

  it('answers 409 for a slot the employee has taken, or the pet has taken', async () => {
    const { user, date, payload } = await scene();
    const id = (await book(user, payload)).json().data.id;
    const other = await t.customer();
    await book(other, { ...payload, pet_id: await pet(other), appointment_time: '11:00' });
    const taken = await reschedule(user, id, { appointment_date: date, appointment_time: '11:00' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().message).toBe('Horário indisponível para este funcionário.');
    await book(user, { ...payload, employer_id: await employee(), appointment_time: '12:00' });
    const petBusy = await reschedule(user, id, { appointment_date: date, appointment_time: '12:00' });
    expect(petBusy.statusCode).toBe(409);
    expect(petBusy.json().code).toBe('PET_SLOT_TAKEN');
  });

  it('refuses a past date or a slot outside the list', async () => {
    const { user, payload } = await scene();
    const id = (await book(user, payload)).json().data.id;
    const past = await reschedule(user, id, {
      appointment_date: addDays(businessMoment().date, -1),
      appointment_time: '10:00',
    });
    expect(past.statusCode).toBe(400);
    const odd = await reschedule(user, id, { appointment_date: nextDay(), appointment_time: '08:15' });
    expect(odd.statusCode).toBe(400);
    expect(odd.json().details[0].field).toBe('appointment_time');
  });

  it('answers 404 to a stranger and lets an admin move anyone’s', async () => {
    const { user, payload } = await scene();
    const id = (await book(user, payload)).json().data.id;
    const stranger = await t.customer();
    const move = { appointment_date: nextDay(), appointment_time: '13:00' };
    expect((await reschedule(stranger, id, move)).statusCode).toBe(404);
    expect((await reschedule(admin, id, move)).statusCode).toBe(200);
  });

  it('answers 409 for a cancelled appointment', async () => {
    const { user, payload } = await scene();
    const id = (await book(user, payload)).json().data.id;
    await cancel(user, id);
    const res = await reschedule(user, id, { appointment_date: nextDay(), appointment_time: '13:00' });
    expect(res.statusCode).toBe(409);
  });
});

describe('DELETE /appointments/:id', () => {
  it('cancels one’s own: the row stays as Cancelado and leaves the list', async () => {
    const { user, payload } = await scene();
    const id = (await book(user, payload)).json().data.id;
    const res = await cancel(user, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Agendamento cancelado com sucesso!',
      data: { id, status: 'Cancelado' },
    });
    const [row] = await t.db.select().from(appointments).where(eq(appointments.id, id));
    expect(row?.status).toBe('Cancelado');
    expect((await t.app.inject({ url: '/api/appointments', headers: user.auth })).json().data).toEqual([]);
    expect((await cancel(user, id)).statusCode).toBe(409);
  });

  it('lets the slot be booked again after a cancellation', async () => {
    const { user, payload } = await scene();
    const id = (await book(user, payload)).json().data.id;
    await cancel(user, id);
    const other = await t.customer();
    expect((await book(other, { ...payload, pet_id: await pet(other) })).statusCode).toBe(201);
  });

  it('answers 404 to a stranger and lets an admin cancel', async () => {
    const { user, payload } = await scene();
    const id = (await book(user, payload)).json().data.id;
    const stranger = await t.customer();
    expect((await cancel(stranger, id)).statusCode).toBe(404);
    expect((await cancel(admin, id)).statusCode).toBe(200);
    expect((await cancel(user, 999_999)).statusCode).toBe(404);
  });

  it('refuses to cancel an appointment that has passed', async () => {
    const { user, petId, employerId } = await scene();
    const [old] = await t.db
      .insert(appointments)
      .values({
        userId: user.user.id,
        petId,
        serviceId: bath,
        employeeId: employerId,
        appointmentDate: addDays(businessMoment().date, -3),
        appointmentTime: '10:00',
        priceCents: 6000,
      })
      .returning({ id: appointments.id });
    const res = await cancel(user, old?.id ?? 0);
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('APPOINTMENT_PAST');
  });
});

describe('pets and accounts that are gone', () => {
  it('cannot book a deleted (hidden) pet', async () => {
    const { user, petId, payload } = await scene();
    await t.db.update(pets).set({ deletedAt: new Date() }).where(eq(pets.id, petId));
    const res = await book(user, payload);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Pet não encontrado.');
  });

  it("frees a deleted user's booked slots", async () => {
    const { user, employerId, date, payload } = await scene();
    expect((await book(user, payload)).statusCode).toBe(201);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${user.user.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect(await activeRows(employerId, date, '10:00')).toHaveLength(0);
  });
});
