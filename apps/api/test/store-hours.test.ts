import { addDays, businessMoment, weekdayOf } from '@petshop/domain';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { bookingFixtures } from './support/booking';

// Accounts are scrypt hashes: room for a loaded machine.
vi.setConfig({ testTimeout: 90_000 });

interface Day {
  weekday: number;
  start: string;
  end: string;
}

let t: TestContext;
let f: ReturnType<typeof bookingFixtures>;
let admin: LoggedIn;
let customer: LoggedIn;
let storeId: number;
let defaultWeek: Day[];

beforeAll(async () => {
  t = await createTestContext();
  f = bookingFixtures(t);
  admin = await t.admin();
  customer = await t.customer();
});
afterAll(() => t?.close());

/** The first `weekday` (0 = Sunday) at least a week ahead. */
const upcoming = (weekday: number) => {
  let date = addDays(businessMoment().date, 7);
  while (weekdayOf(date) !== weekday) date = addDays(date, 1);
  return date;
};
const SATURDAY = 6;

const putStoreHours = (user: LoggedIn | undefined, week: Day[], id: number | string = storeId) =>
  t.app.inject({ method: 'PUT', url: `/api/stores/${id}/hours`, headers: user?.auth ?? {}, payload: { week } });
const putSchedule = (id: number, week: Day[]) =>
  t.app.inject({
    method: 'PUT',
    url: `/api/employers/${id}/schedule`,
    headers: admin.auth,
    payload: { week, daysOff: [] },
  });
const availability = async (employeeId: number, date: string) => {
  const res = await t.app.inject({
    url: `/api/appointments/availability?employer_id=${employeeId}&date=${date}`,
    headers: customer.auth,
  });
  expect(res.statusCode).toBe(200);
  return res.json().data as string[];
};
const book = async (employeeId: number, date: string, time: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/appointments',
    headers: customer.auth,
    payload: {
      service_id: await f.service(),
      employer_id: employeeId,
      pet_id: await f.pet(customer),
      appointment_date: date,
      appointment_time: time,
    },
  });
const agendaHours = async (employeeId: number, date: string) => {
  const res = await t.app.inject({ url: `/api/admin/agenda?date=${date}`, headers: admin.auth });
  expect(res.statusCode).toBe(200);
  const day = res.json().data[0] as { employers: { id: number; hours: { start: string; end: string } | null }[] };
  return day.employers.find((e) => e.id === employeeId)?.hours;
};
/** The default week with Saturday replaced (or closed with `null`). */
const withSaturday = (hours: { start: string; end: string } | null): Day[] => [
  ...defaultWeek.filter((d) => d.weekday !== SATURDAY),
  ...(hours ? [{ weekday: SATURDAY, ...hours }] : []),
];

describe('GET /api/stores', () => {
  it('is public: one store, open Monday to Saturday 08:00–18:00 on a fresh install', async () => {
    const res = await t.app.inject({ url: '/api/stores' });
    expect(res.statusCode).toBe(200);
    const stores = res.json().data;
    expect(stores).toHaveLength(1);
    expect(stores[0]).toMatchObject({ name: 'Loja principal', pickup: true });
    storeId = stores[0].id;
    defaultWeek = stores[0].hours;
    expect(defaultWeek).toEqual([1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })));
  });
});

describe('the schedule editor refuses what the shop cannot serve, and says why', () => {
  it('Saturday 14:00–20:00 while the shop closes at 18:00: 400, nothing saved', async () => {
    const id = await f.employee('Sara Tosadora');
    const res = await putSchedule(id, [{ weekday: SATURDAY, start: '14:00', end: '20:00' }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'OUTSIDE_STORE_HOURS',
      message: 'No sábado a loja abre das 08:00 às 18:00: o expediente deve caber nesse horário.',
      details: [{ field: 'week.0.end' }],
    });
    const kept = await t.app.inject({ url: `/api/employers/${id}/schedule`, headers: admin.auth });
    expect(kept.json().data.week).toHaveLength(6);
  });

  it('00:00–24:00, and a Sunday the shop is closed: each day named with its reason', async () => {
    const id = await f.employee('Rui Plantonista');
    const res = await putSchedule(id, [
      { weekday: 0, start: '09:00', end: '12:00' },
      { weekday: 3, start: '00:00', end: '24:00' },
      { weekday: 4, start: '09:00', end: '17:00' },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([
      { field: 'week.0.end', message: 'A loja fica fechada no domingo: não há como atender nesse dia.' },
      {
        field: 'week.1.end',
        message: 'Na quarta-feira a loja abre das 08:00 às 18:00: o expediente deve caber nesse horário.',
      },
    ]);
  });
});

describe('one source of truth: availability, booking and the agenda use the hours served', () => {
  it('the shop opens until 20:00 on Saturdays: 14:00–20:00 is saved, offered, booked and drawn', async () => {
    expect((await putStoreHours(admin, withSaturday({ start: '08:00', end: '20:00' }))).statusCode).toBe(200);
    const id = await f.employee('Lia Banhista');
    expect((await putSchedule(id, [{ weekday: SATURDAY, start: '14:00', end: '20:00' }])).statusCode).toBe(200);
    const saturday = upcoming(SATURDAY);

    const starts = await availability(id, saturday);
    expect(starts[0]).toBe('14:00');
    expect(starts.at(-1)).toBe('19:30');
    expect(starts).toContain('18:30');
    expect((await book(id, saturday, '19:00')).statusCode).toBe(201);
    expect(await agendaHours(id, saturday)).toEqual({ start: '14:00', end: '20:00' });
  });

  it('the shop narrows its Saturday to 08:00–16:00: every view follows at once, nothing past 16:00', async () => {
    const id = await f.employee('Téo Banhista');
    // Saved while the shop was open until 20:00.
    expect((await putSchedule(id, [{ weekday: SATURDAY, start: '14:00', end: '20:00' }])).statusCode).toBe(200);
    expect((await putStoreHours(admin, withSaturday({ start: '08:00', end: '16:00' }))).statusCode).toBe(200);
    const saturday = upcoming(SATURDAY);

    expect(await availability(id, saturday)).toEqual(['14:00', '14:30', '15:00', '15:30']);
    const late = await book(id, saturday, '17:00');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('OUTSIDE_WORKING_HOURS');
    expect(await agendaHours(id, saturday)).toEqual({ start: '14:00', end: '16:00' });
  });

  it('a Saturday the shop closes: no one is offered or booked, whatever their own hours', async () => {
    expect((await putStoreHours(admin, withSaturday(null))).statusCode).toBe(200);
    const id = await f.employee('Ivo Banhista');
    const saturday = upcoming(SATURDAY);
    expect(await availability(id, saturday)).toEqual([]);
    expect((await book(id, saturday, '10:00')).statusCode).toBe(409);
    expect(await agendaHours(id, saturday)).toBeNull();
    expect((await putStoreHours(admin, defaultWeek)).statusCode).toBe(200);
  });
});

describe('PUT /api/stores/{id}/hours', () => {
  it('is for admins; bad hours are a pt-BR 400; an unknown store 404', async () => {
    expect((await putStoreHours(undefined, defaultWeek)).statusCode).toBe(401);
    expect((await putStoreHours(customer, defaultWeek)).statusCode).toBe(403);
    const backwards = await putStoreHours(admin, [{ weekday: 1, start: '18:00', end: '08:00' }]);
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().message).toBe('O fim do expediente deve ser depois do início.');
    const twice = await putStoreHours(admin, [
      { weekday: 1, start: '08:00', end: '12:00' },
      { weekday: 1, start: '13:00', end: '18:00' },
    ]);
    expect(twice.statusCode).toBe(400);
    expect((await putStoreHours(admin, defaultWeek, 999_999)).statusCode).toBe(404);
    const after = (await t.app.inject({ url: '/api/stores' })).json().data[0].hours;
    expect(after).toEqual(defaultWeek);
  });
});
