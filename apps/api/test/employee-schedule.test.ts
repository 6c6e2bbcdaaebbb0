import { addDays, businessMoment, DEFAULT_EMPLOYEE_SCHEDULE, weekdayOf } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, employeeDaysOff, employeeHours, employees, services } from '../src/db/schema';
import { findSchedules, replaceSchedule } from '../src/modules/employees/employee-schedule.repository';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { bookingFixtures, onePrice } from './support/booking';

let t: TestContext;
let f: ReturnType<typeof bookingFixtures>;
let admin: LoggedIn;
let customer: LoggedIn;

beforeAll(async () => {
  t = await createTestContext();
  f = bookingFixtures(t);
  admin = await t.admin();
  customer = await t.customer();
});
afterAll(() => t.close());

const today = () => businessMoment().date;
/** The first `weekday` (0 = Sunday) at least a week from today. */
const upcoming = (weekday: number) => {
  let date = addDays(today(), 7);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
};
const TUESDAY = () => upcoming(2);
const WEDNESDAY = () => upcoming(3);

const scheduleOf = (user: LoggedIn | undefined, id: number) =>
  t.app.inject({ method: 'GET', url: `/api/employers/${id}/schedule`, headers: user?.auth ?? {} });
const putSchedule = (user: LoggedIn | undefined, id: number | string, payload: unknown) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/employers/${id}/schedule`,
    headers: user?.auth ?? {},
    payload: payload as Record<string, unknown>,
  });
const setSchedule = async (id: number, payload: unknown) => {
  const res = await putSchedule(admin, id, payload);
  if (res.statusCode !== 200) throw new Error(res.body);
};
const availability = async (employeeId: number, date: string) => {
  const res = await t.app.inject({
    url: `/api/appointments/availability?employer_id=${employeeId}&date=${date}`,
    headers: customer.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as string[];
};
/** An employee of a new service lasting `durationMinutes`. */
async function employeeDoing(durationMinutes: 30 | 60 | 90 | 120, name: string) {
  const [service] = await t.db
    .insert(services)
    .values({ name: `Serviço de ${durationMinutes} min ${name}`, durationMinutes, ...onePrice(8000) })
    .returning({ id: services.id });
  const [row] = await t.db
    .insert(employees)
    .values({ name, phone: '11987654321', position: 'Tosador', serviceId: service?.id ?? 0 })
    .returning({ id: employees.id, serviceId: employees.serviceId });
  if (!row) throw new Error('insert failed');
  return row;
}
const book = (employee: { id: number; serviceId: number }, petId: number, date: string, time: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: customer.auth,
    payload: {
      service_id: employee.serviceId,
      employer_id: employee.id,
      pet_id: petId,
      appointment_date: date,
      appointment_time: time,
    },
  });
const appointmentsOf = (employeeId: number) =>
  t.db
    .select({ date: appointments.appointmentDate, time: appointments.appointmentTime })
    .from(appointments)
    .where(eq(appointments.employeeId, employeeId));

describe('GET/PUT /employers/:id/schedule: who may call', () => {
  it('needs a token (401) and an admin (403), writing nothing', async () => {
    const id = await f.employee('Eva');
    const body = { week: [{ weekday: 2, start: '10:00', end: '12:00' }], daysOff: [] };
    expect((await scheduleOf(undefined, id)).statusCode).toBe(401);
    expect((await putSchedule(undefined, id, body)).statusCode).toBe(401);
    const get = await scheduleOf(customer, id);
    expect(get.statusCode).toBe(403);
    expect(get.json()).toMatchObject({ code: 'FORBIDDEN', message: expect.any(String) });
    expect((await putSchedule(customer, id, body)).statusCode).toBe(403);
    expect((await scheduleOf(admin, id)).json().data).toEqual(DEFAULT_EMPLOYEE_SCHEDULE);
  });

  it('answers 404 for an unknown or deleted employee and 400 for a malformed id', async () => {
    const body = { week: [], daysOff: [] };
    expect((await scheduleOf(admin, 2_000_000)).statusCode).toBe(404);
    expect((await putSchedule(admin, 2_000_000, body)).json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Funcionário não encontrado.',
    });
    const [archived] = await t.db
      .insert(employees)
      .values({
        name: 'Antiga',
        phone: '11987654321',
        position: 'Banhista',
        serviceId: await f.service(),
        archivedAt: new Date(),
      })
      .returning({ id: employees.id });
    expect((await scheduleOf(admin, archived?.id ?? 0)).statusCode).toBe(404);
    expect((await putSchedule(admin, archived?.id ?? 0, body)).statusCode).toBe(404);
    expect((await putSchedule(admin, '1e1', body)).statusCode).toBe(400);
  });
});

describe('GET/PUT /employers/:id/schedule', () => {
  it('starts with Monday to Saturday 08:00–18:00, then returns what was saved, ordered', async () => {
    const id = await f.employee('Fabi');
    expect((await scheduleOf(admin, id)).json().data).toEqual({
      week: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
      daysOff: [],
    });
    const res = await putSchedule(admin, id, {
      week: [
        { weekday: 6, start: '08:00', end: '12:00' },
        { weekday: 2, start: '10:00', end: '12:00' },
      ],
      daysOff: ['2031-05-02', '2031-01-10'],
      role: 'admin',
    });
    expect(res.statusCode).toBe(200);
    const saved = {
      week: [
        { weekday: 2, start: '10:00', end: '12:00' },
        { weekday: 6, start: '08:00', end: '12:00' },
      ],
      daysOff: ['2031-01-10', '2031-05-02'],
    };
    expect(res.json()).toEqual({ data: saved, message: 'Horários salvos com sucesso!' });
    expect((await scheduleOf(admin, id)).json().data).toEqual(saved);
  });

  it('replaces the whole schedule; an empty week means no working day at all', async () => {
    const id = await f.employee('Gabi');
    await setSchedule(id, { week: [{ weekday: 1, start: '08:00', end: '09:00' }], daysOff: ['2031-01-10'] });
    await setSchedule(id, { week: [], daysOff: [] });
    expect((await scheduleOf(admin, id)).json().data).toEqual({ week: [], daysOff: [] });
    expect(await availability(id, upcoming(1))).toEqual([]);
  });

  it.each([
    ['a missing week', { daysOff: [] }, 'week'],
    ['a weekday out of 0–6', { week: [{ weekday: 7, start: '08:00', end: '12:00' }], daysOff: [] }, 'week.0.weekday'],
    [
      'a repeated weekday',
      {
        week: [
          { weekday: 1, start: '08:00', end: '12:00' },
          { weekday: 1, start: '13:00', end: '18:00' },
        ],
        daysOff: [],
      },
      'week.1.weekday',
    ],
    ['an end before the start', { week: [{ weekday: 1, start: '12:00', end: '08:00' }], daysOff: [] }, 'week.0.end'],
    ['a time off the half hour', { week: [{ weekday: 1, start: '08:15', end: '12:00' }], daysOff: [] }, 'week.0.start'],
    ['an end past 24:00', { week: [{ weekday: 1, start: '08:00', end: '24:30' }], daysOff: [] }, 'week.0.end'],
    ['an unreal day off', { week: [], daysOff: ['2031-02-30'] }, 'daysOff.0'],
    ['a repeated day off', { week: [], daysOff: ['2031-02-03', '2031-02-03'] }, 'daysOff.1'],
  ])('refuses %s with a pt-BR 400 naming the field, changing nothing', async (_, body, field) => {
    const id = await f.employee('Helo');
    await setSchedule(id, { week: [{ weekday: 2, start: '10:00', end: '12:00' }], daysOff: [] });
    const res = await putSchedule(admin, id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(res.json().details).toContainEqual({ field, message: expect.stringMatching(/^[A-ZÀ-Ú]/) });
    expect((await scheduleOf(admin, id)).json().data).toEqual({
      week: [{ weekday: 2, start: '10:00', end: '12:00' }],
      daysOff: [],
    });
  });
});

describe('OpenAPI', () => {
  it('documents both routes from the same schema: body and answer', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const path = doc.paths['/api/employers/{id}/schedule'];
    expect(Object.keys(path).sort()).toEqual(['get', 'put']);
    const body = path.put.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(expect.arrayContaining(['week', 'daysOff']));
    expect(body.properties.week.items.properties.weekday).toMatchObject({ minimum: 0, maximum: 6 });
    expect(path.get.responses['200'].content['application/json'].schema.properties.data.required).toEqual(
      expect.arrayContaining(['week', 'daysOff']),
    );
  });
});

describe('availability and booking within working hours', () => {
  it('offers a 90-minute service only where it ends by the end of the day', async () => {
    const groomer = await employeeDoing(90, 'Igor');
    const day = TUESDAY();
    const all = await availability(groomer.id, day);
    expect(all[0]).toBe('08:00');
    expect(all.at(-1)).toBe('16:30');
    expect(all).toHaveLength(18);
    await setSchedule(groomer.id, { week: [{ weekday: 2, start: '10:00', end: '12:00' }], daysOff: [] });
    expect(await availability(groomer.id, day)).toEqual(['10:00', '10:30']);
  });

  it('shrinks to narrower hours, offers nothing on a day off or a weekday without hours', async () => {
    const id = await f.employee('Joana');
    const tuesday = TUESDAY();
    const dayOff = addDays(tuesday, 7);
    expect(await availability(id, tuesday)).toHaveLength(20);
    await setSchedule(id, { week: [{ weekday: 2, start: '10:00', end: '12:00' }], daysOff: [dayOff] });
    expect(await availability(id, tuesday)).toEqual(['10:00', '10:30', '11:00', '11:30']);
    expect(await availability(id, dayOff)).toEqual([]);
    expect(await availability(id, WEDNESDAY())).toEqual([]);
  });

  it('refuses a booking outside the hours or on a day off (409), writing nothing', async () => {
    const groomer = await employeeDoing(60, 'Lara');
    const pet = await f.pet(customer, 'Lulu');
    const tuesday = TUESDAY();
    const dayOff = addDays(tuesday, 7);
    await setSchedule(groomer.id, { week: [{ weekday: 2, start: '10:00', end: '12:00' }], daysOff: [dayOff] });
    for (const [date, time] of [
      [tuesday, '09:30'],
      [tuesday, '12:00'],
      [dayOff, '10:00'],
      [WEDNESDAY(), '10:00'],
    ] as const) {
      const res = await book(groomer, pet, date, time);
      expect(res.statusCode, `${date} ${time}`).toBe(409);
      expect(res.json()).toEqual({
        message: 'Fora do horário de trabalho deste funcionário.',
        code: 'OUTSIDE_WORKING_HOURS',
      });
    }
    // Starts inside the hours, ends after them: the answer says until when the hours run.
    const overrun = await book(groomer, pet, tuesday, '11:30');
    expect(overrun.statusCode).toBe(409);
    expect(overrun.json()).toEqual({
      message: 'O serviço não cabe neste horário: ele terminaria depois das 12:00.',
      code: 'OUTSIDE_HOURS',
    });
    expect(await appointmentsOf(groomer.id)).toEqual([]);
    expect((await book(groomer, pet, tuesday, '11:00')).statusCode).toBe(201);
  });

  it('refuses to move an appointment outside the hours (409), leaving it where it was', async () => {
    const groomer = await employeeDoing(30, 'Mila');
    const pet = await f.pet(customer, 'Mel');
    const tuesday = TUESDAY();
    await setSchedule(groomer.id, { week: [{ weekday: 2, start: '10:00', end: '12:00' }], daysOff: [] });
    const booked = await book(groomer, pet, tuesday, '10:00');
    expect(booked.statusCode).toBe(201);
    const id = booked.json().data.id as number;
    for (const [date, time] of [
      [tuesday, '14:00'],
      [WEDNESDAY(), '10:00'],
    ] as const) {
      const res = await t.app.inject({
        method: 'PUT',
        url: `/api/appointments/${id}`,
        headers: customer.auth,
        payload: { appointment_date: date, appointment_time: time },
      });
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe('Fora do horário de trabalho deste funcionário.');
    }
    expect(await appointmentsOf(groomer.id)).toEqual([{ date: tuesday, time: '10:00' }]);
    const moved = await t.app.inject({
      method: 'PUT',
      url: `/api/appointments/${id}`,
      headers: customer.auth,
      payload: { appointment_date: tuesday, appointment_time: '11:30' },
    });
    expect(moved.statusCode).toBe(200);
  });

  it('keeps appointments already booked when the hours change; only new bookings are checked', async () => {
    const groomer = await employeeDoing(30, 'Nina');
    const pet = await f.pet(customer, 'Nino');
    const tuesday = TUESDAY();
    expect((await book(groomer, pet, tuesday, '15:00')).statusCode).toBe(201);
    await setSchedule(groomer.id, { week: [{ weekday: 2, start: '10:00', end: '12:00' }], daysOff: [tuesday] });
    expect(await appointmentsOf(groomer.id)).toEqual([{ date: tuesday, time: '15:00' }]);
    const mine = await t.app.inject({ url: '/api/appointments', headers: customer.auth });
    expect(mine.json().data.map((a: { employer_id: number }) => a.employer_id)).toContain(groomer.id);
    expect(await availability(groomer.id, tuesday)).toEqual([]);
  });
});

describe('schedule storage', () => {
  it('reads many schedules in one query: the default for those without one, ordered weeks and days off', async () => {
    const [plain, custom, off] = [await f.employee('Ana'), await f.employee('Bia'), await f.employee('Caio')];
    await t.db.transaction(async (tx) => {
      await replaceSchedule(tx, custom, {
        week: [
          { weekday: 5, start: '13:00', end: '24:00' },
          { weekday: 2, start: '10:00', end: '12:00' },
        ],
        daysOff: ['2030-03-02', '2030-01-15'],
      });
      await replaceSchedule(tx, off, { week: [], daysOff: [] });
    });
    const schedules = await findSchedules(t.db, [plain, custom, off, 2_000_000]);
    expect(schedules.size).toBe(3);
    expect(schedules.get(plain)?.week.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(schedules.get(plain)?.daysOff).toEqual([]);
    expect(schedules.get(custom)).toEqual({
      week: [
        { weekday: 2, start: '10:00', end: '12:00' },
        { weekday: 5, start: '13:00', end: '24:00' },
      ],
      daysOff: ['2030-01-15', '2030-03-02'],
      storeId: 1,
    });
    expect(schedules.get(off)).toEqual({ week: [], daysOff: [], storeId: 1 });
    const ranged = await findSchedules(t.db, [custom], { from: '2030-02-01', to: '2030-03-31' });
    expect(ranged.get(custom)?.daysOff).toEqual(['2030-03-02']);
  });

  it('lets the database refuse bad hours and repeated rows', async () => {
    const id = await f.employee('Duda');
    const bad = [
      { weekday: 7, startTime: '08:00', endTime: '12:00' },
      { weekday: 1, startTime: '08:15', endTime: '12:00' },
      { weekday: 1, startTime: '12:00', endTime: '12:00' },
      { weekday: 1, startTime: '13:00', endTime: '09:00' },
      { weekday: 1, startTime: '24:00', endTime: '24:00' },
      { weekday: 1, startTime: '08:00', endTime: '24:30' },
    ];
    for (const row of bad) {
      await expect(t.db.insert(employeeHours).values({ employeeId: id, ...row })).rejects.toThrow();
    }
    await t.db.insert(employeeHours).values({ employeeId: id, weekday: 1, startTime: '08:00', endTime: '24:00' });
    await expect(
      t.db.insert(employeeHours).values({ employeeId: id, weekday: 1, startTime: '09:00', endTime: '10:00' }),
    ).rejects.toThrow();
    await t.db.insert(employeeDaysOff).values({ employeeId: id, day: '2030-01-15' });
    await expect(t.db.insert(employeeDaysOff).values({ employeeId: id, day: '2030-01-15' })).rejects.toThrow();
    const rows = await t.db.select().from(employeeHours).where(eq(employeeHours.employeeId, id));
    expect(rows).toEqual([{ employeeId: id, weekday: 1, startTime: '08:00', endTime: '24:00' }]);
  });
});
