import { type AgendaDay, type AgendaEmployer, addDays, businessMoment, weekdayOf } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, employees, pets } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';

let t: TestContext;
let admin: LoggedIn;
let owner: LoggedIn;
/** 'Banho e tosa': 90 minutes, R$ 100 / 120 / 150 by size */
let groom = 0;

/** The first `weekday` (0 Sunday … 6 Saturday) at least `from` days ahead. */
const nextWeekday = (weekday: number, from: number) => {
  let date = addDays(businessMoment().date, from);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
};

const agenda = (user: LoggedIn | undefined, query: string) =>
  t.app.inject({ url: `/api/admin/agenda?${query}`, headers: user?.auth ?? {} });

async function agendaOf(date: string, days = 1) {
  const res = await agenda(admin, `date=${date}&days=${days}`);
  expect(res.statusCode).toBe(200);
  return res.json().data as AgendaDay[];
}

const columnOf = (day: AgendaDay | undefined, employeeId: number): AgendaEmployer | undefined =>
  day?.employers.find((e) => e.id === employeeId);

async function employee(name: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/employers',
    headers: admin.auth,
    payload: { name, phone: '11943210987', position: 'Tosador', service_id: groom },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
}

async function pet(name: string, size: 'Pequeno' | 'Médio' | 'Grande') {
  const [row] = await t.db
    .insert(pets)
    .values({ userId: owner.user.id, name, age: 5, specie: 'Cachorro', size })
    .returning({ id: pets.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

async function book(employerId: number, petId: number, date: string, time: string) {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: owner.auth,
    payload: {
      service_id: groom,
      employer_id: employerId,
      pet_id: petId,
      appointment_date: date,
      appointment_time: time,
    },
  });
  expect(res.statusCode).toBe(201);
  return res.json().data.id as number;
}

const setStatus = (id: number, body: { status: string; note?: string }) =>
  t.app.inject({ method: 'PUT', url: `/api/appointments/${id}/status`, headers: admin.auth, payload: body });

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.admin();
  owner = await t.customer({ name: 'Carla Souza', phone: '11998765432' });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: admin.auth,
    payload: { name: 'Banho e tosa', prices: { Pequeno: 100, Médio: 120, Grande: 150 }, durationMinutes: 90 },
  });
  expect(res.statusCode).toBe(201);
  groom = res.json().data.id;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /admin/agenda: who may call', () => {
  it('is 401 for a visitor and 403 for a customer, with the error body', async () => {
    const date = businessMoment().date;
    const visitor = await agenda(undefined, `date=${date}`);
    expect(visitor.statusCode).toBe(401);
    expect(visitor.json()).toMatchObject({ code: 'UNAUTHORIZED', message: expect.any(String) });
    const customer = await agenda(owner, `date=${date}`);
    expect(customer.statusCode).toBe(403);
    expect(customer.json()).toMatchObject({ code: 'FORBIDDEN', message: 'Você não tem permissão para esta ação.' });
  });

  it.each([
    ['', 'date'],
    ['date=2026-02-30', 'date'],
    ['date=amanhã', 'date'],
    ['date=2026-03-02&days=3', 'days'],
    ['date=2026-03-02&days=semana', 'days'],
  ])('?%s is a pt-BR 400 naming %s', async (query, field) => {
    const res = await agenda(admin, query);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field })]);
    expect(res.json().message).toMatch(/Informe/);
  });
});

describe('one day', () => {
  it('a column per employee with the day hours, and a 90-minute block from its start to its end', async () => {
    const monday = nextWeekday(1, 20);
    const marcos = await employee('Marcos Pereira');
    const ana = await employee('Ana Lima');
    const thor = await pet('Thor', 'Grande');
    const id = await book(marcos, thor, monday, '10:00');

    const days = await agendaOf(monday);
    expect(days).toHaveLength(1);
    const [day] = days;
    expect(day).toMatchObject({ date: monday, start: '08:00', end: '18:00' });
    expect(columnOf(day, marcos)).toEqual({
      id: marcos,
      name: 'Marcos Pereira',
      position: 'Tosador',
      hours: { start: '08:00', end: '18:00' },
      appointments: [
        {
          id,
          appointment_time: '10:00',
          end_time: '11:30',
          durationMinutes: 90,
          status: 'Agendado',
          next: ['Em atendimento', 'Não compareceu', 'Cancelado'],
          note: null,
          noteForCustomer: false,
          price: 150,
          service: { id: groom, name: 'Banho e tosa' },
          pet: { id: thor, name: 'Thor', size: 'Grande', allergies: '' },
          customer: { name: 'Carla Souza', phone: '11998765432' },
        },
      ],
    });
    expect(columnOf(day, ana)).toMatchObject({ hours: { start: '08:00', end: '18:00' }, appointments: [] });
    // Columns in name order: Ana before Marcos.
    const names = day?.employers.map((e) => e.name) ?? [];
    expect(names.indexOf('Ana Lima')).toBeLessThan(names.indexOf('Marcos Pereira'));
    // The day before and the day after know nothing of it.
    expect(columnOf((await agendaOf(addDays(monday, 1)))[0], marcos)?.appointments).toEqual([]);
  });

  it("each block carries the price kept at booking and the pet's allergies", async () => {
    const wednesday = nextWeekday(3, 20);
    const lia = await employee('Lia Moura');
    const toby = await pet('Toby', 'Grande');
    await t.db.update(pets).set({ allergies: 'Frango' }).where(eq(pets.id, toby));
    const id = await book(lia, toby, wednesday, '09:00');
    const block = columnOf((await agendaOf(wednesday))[0], lia)?.appointments[0];
    expect(block).toMatchObject({ id, price: 150, pet: { name: 'Toby', size: 'Grande', allergies: 'Frango' } });
  });

  it('follows the statuses: in progress, then done with its note; a cancelled one leaves the agenda', async () => {
    const tuesday = nextWeekday(2, 20);
    const julia = await employee('Júlia Rocha');
    const first = await book(julia, await pet('Mel', 'Pequeno'), tuesday, '08:00');
    const second = await book(julia, await pet('Bob', 'Médio'), tuesday, '14:30');
    const third = await book(julia, await pet('Nina', 'Pequeno'), tuesday, '16:30');

    expect((await setStatus(first, { status: 'Em atendimento' })).statusCode).toBe(200);
    expect(columnOf((await agendaOf(tuesday))[0], julia)?.appointments[0]).toMatchObject({
      id: first,
      status: 'Em atendimento',
      next: ['Concluído'],
    });
    expect((await setStatus(first, { status: 'Concluído', note: 'Unhas cortadas; pele sensível.' })).statusCode).toBe(
      200,
    );
    expect((await setStatus(second, { status: 'Não compareceu' })).statusCode).toBe(200);
    expect((await setStatus(third, { status: 'Cancelado' })).statusCode).toBe(200);

    const column = columnOf((await agendaOf(tuesday))[0], julia);
    expect(
      column?.appointments.map(({ id, status, next, note, appointment_time }) => ({
        id,
        status,
        next,
        note,
        appointment_time,
      })),
    ).toEqual([
      { id: first, status: 'Concluído', next: [], note: 'Unhas cortadas; pele sensível.', appointment_time: '08:00' },
      { id: second, status: 'Não compareceu', next: [], note: null, appointment_time: '14:30' },
    ]);
  });

  it("each employee's own hours and days off; the rows run from the earliest start to the latest end", async () => {
    const thursday = nextWeekday(4, 60);
    const schedule = async (id: number, week: { weekday: number; start: string; end: string }[], daysOff: string[]) => {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/employers/${id}/schedule`,
        headers: admin.auth,
        payload: { week, daysOff },
      });
      expect(res.statusCode).toBe(200);
    };
    // The shop opens 07:00–21:00 on Thursdays: employees' hours are served only inside the shop's.
    const [store] = (await t.app.inject({ url: '/api/stores' })).json().data as {
      id: number;
      hours: { weekday: number; start: string; end: string }[];
    }[];
    const week = (store?.hours ?? []).map((d) => (d.weekday === 4 ? { weekday: 4, start: '07:00', end: '21:00' } : d));
    const opened = await t.app.inject({
      method: 'PUT',
      url: `/api/stores/${store?.id}/hours`,
      headers: admin.auth,
      payload: { week },
    });
    expect(opened.statusCode).toBe(200);
    const early = await employee('Carol Dias');
    const late = await employee('Davi Costa');
    const away = await employee('Eva Nunes');
    const usual = await employee('Fábio Gomes');
    await schedule(early, [{ weekday: 4, start: '07:00', end: '13:00' }], []);
    await schedule(late, [{ weekday: 4, start: '12:00', end: '20:30' }], []);
    await schedule(
      away,
      [4, 5].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
      [thursday],
    );

    const [day, friday] = await agendaOf(thursday, 7);
    expect(day).toMatchObject({ date: thursday, start: '07:00', end: '20:30' });
    expect(columnOf(day, early)?.hours).toEqual({ start: '07:00', end: '13:00' });
    expect(columnOf(day, late)?.hours).toEqual({ start: '12:00', end: '20:30' });
    expect(columnOf(day, away)).toMatchObject({ name: 'Eva Nunes', hours: null, appointments: [] });
    expect(columnOf(day, usual)?.hours).toEqual({ start: '08:00', end: '18:00' });
    expect(columnOf(friday, early)?.hours).toBeNull();
    expect(columnOf(friday, away)?.hours).toEqual({ start: '08:00', end: '18:00' });
  });

  it('on a day nobody works: every column without hours, no rows unless something is booked', async () => {
    const sunday = nextWeekday(0, 20);
    const bia = await employee('Bia Santos');
    const [empty] = await agendaOf(sunday);
    expect(empty).toMatchObject({ date: sunday, start: null, end: null });
    expect(empty?.employers.length).toBeGreaterThan(0);
    expect(empty?.employers.every((e) => e.hours === null && e.appointments.length === 0)).toBe(true);

    // Booked before the hours were set (straight into the table): the rows widen to show it.
    await t.db.insert(appointments).values({
      userId: owner.user.id,
      petId: await pet('Fred', 'Médio'),
      serviceId: groom,
      employeeId: bia,
      appointmentDate: sunday,
      appointmentTime: '09:00',
      durationMinutes: 90,
      priceCents: 12000,
    });
    const [booked] = await agendaOf(sunday);
    expect(booked).toMatchObject({ start: '09:00', end: '10:30' });
    expect(columnOf(booked, bia)).toMatchObject({
      hours: null,
      appointments: [expect.objectContaining({ appointment_time: '09:00', end_time: '10:30' })],
    });
  });

  it('an archived employee shows only on the days they still have an appointment', async () => {
    const wednesday = nextWeekday(3, 20);
    const leo = await employee('Léo Martins');
    await t.db.insert(appointments).values({
      userId: owner.user.id,
      petId: await pet('Luna', 'Grande'),
      serviceId: groom,
      employeeId: leo,
      appointmentDate: wednesday,
      appointmentTime: '11:00',
      durationMinutes: 90,
      priceCents: 15000,
      status: 'Concluído',
    });
    await t.db.update(employees).set({ archivedAt: new Date() }).where(eq(employees.id, leo));
    const [withVisit, next] = await agendaOf(wednesday, 7);
    expect(columnOf(withVisit, leo)).toMatchObject({
      hours: null,
      appointments: [expect.objectContaining({ status: 'Concluído' })],
    });
    expect(columnOf(next, leo)).toBeUndefined();
  });
});

describe('week view', () => {
  it('seven consecutive days from the date, each appointment on its own day, Sunday without hours', async () => {
    const monday = nextWeekday(1, 40);
    const rui = await employee('Rui Alves');
    const rex = await pet('Rex', 'Médio');
    const onMonday = await book(rui, rex, monday, '09:00');
    const onFriday = await book(rui, rex, addDays(monday, 4), '16:30');

    const week = await agendaOf(monday, 7);
    expect(week.map((d) => d.date)).toEqual(Array.from({ length: 7 }, (_, i) => addDays(monday, i)));
    const column = (i: number) => columnOf(week[i], rui);
    expect(column(0)?.appointments.map((a) => a.id)).toEqual([onMonday]);
    expect(column(4)?.appointments).toEqual([
      expect.objectContaining({ id: onFriday, appointment_time: '16:30', end_time: '18:00' }),
    ]);
    for (const i of [1, 2, 3, 5, 6]) expect(column(i)?.appointments).toEqual([]);
    for (const i of [0, 1, 2, 3, 4, 5]) expect(column(i)?.hours).toEqual({ start: '08:00', end: '18:00' });
    expect(column(6)?.hours).toBeNull();
  });

  it('is in the OpenAPI document with its query and answer from the domain schema', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const { get } = doc.paths['/api/admin/agenda'];
    expect(get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`).sort()).toEqual([
      'query:date',
      'query:days',
      'query:storeId',
    ]);
    const day = get.responses['200'].content['application/json'].schema.properties.data.items;
    expect(day.required).toEqual(expect.arrayContaining(['date', 'start', 'end', 'employers']));
    expect(day.properties.employers.items.properties.appointments.items.required).toEqual(
      expect.arrayContaining(['appointment_time', 'end_time', 'status', 'next', 'pet', 'customer']),
    );
  });

  it('days defaults to one', async () => {
    const res = await agenda(admin, `date=${nextWeekday(4, 20)}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toHaveLength(1);
  });
});
