import { addDays, businessMoment, weekdayOf } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appointments, employees, pets, storeHours, stores } from '../src/db/schema';
import { bookSeriesDate, type SeriesDate } from '../src/modules/appointments/series-booking';
import { createTestContext, type LoggedIn, type TestContext } from './helper';

// A plan's series books each date through the same rules as a customer's booking: a rule of
// `book()` that the series skipped would let a plan fill an agenda the shop refuses to customers.

let t: TestContext;
let service = 0;
let dayOffset = 10;
const nextDay = () => {
  // Sundays are off in the default week
  do {
    dayOffset += 1;
  } while (weekdayOf(addDays(businessMoment().date, dayOffset)) === 0);
  return addDays(businessMoment().date, dayOffset);
};

/** A second store with the main store's hours, and an employee of it who does the service. */
async function storeWithEmployee() {
  const [store] = await t.db
    .insert(stores)
    .values({ name: `Loja ${dayOffset}` })
    .returning({ id: stores.id });
  if (!store) throw new Error('insert failed');
  const [main] = await t.db.select({ id: stores.id }).from(stores).orderBy(stores.id).limit(1);
  const hours = await t.db
    .select()
    .from(storeHours)
    .where(eq(storeHours.storeId, main?.id ?? 0));
  await t.db.insert(storeHours).values(hours.map((h) => ({ ...h, storeId: store.id })));
  const [employee] = await t.db
    .insert(employees)
    .values({
      name: 'Marcos Pereira',
      phone: '11943210987',
      position: 'Tosador',
      serviceId: service,
      storeId: store.id,
    })
    .returning({ id: employees.id });
  if (!employee) throw new Error('insert failed');
  return { storeId: store.id, employeeId: employee.id };
}

async function petOf(owner: LoggedIn) {
  const [row] = await t.db
    .insert(pets)
    .values({ userId: owner.user.id, name: 'Thor', age: 5, specie: 'Cachorro', size: 'Grande' })
    .returning({ id: pets.id });
  if (!row) throw new Error('insert failed');
  return row.id;
}

const bookDate = (want: Omit<SeriesDate, 'date' | 'preferredTime' | 'priceCents'>, date: string) =>
  t.db.transaction((tx) =>
    bookSeriesDate(tx, { ...want, date, preferredTime: '10:00', priceCents: 0 }, businessMoment()),
  );

const countOf = async (employeeId: number) =>
  (await t.db.select({ id: appointments.id }).from(appointments).where(eq(appointments.employeeId, employeeId))).length;

beforeAll(async () => {
  t = await createTestContext();
  const admin = await t.admin();
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/services',
    headers: admin.auth,
    payload: { name: 'Banho do plano', prices: { Pequeno: 50, Médio: 60, Grande: 70 }, durationMinutes: 60 },
  });
  expect(res.statusCode).toBe(201);
  service = res.json().data.id;
});
afterAll(() => t.close());

describe('a date of a series goes through the booking rules', () => {
  it('books at the preferred time while the store is open, and books nothing once it stops serving', async () => {
    const customer = await t.customer();
    const { storeId, employeeId } = await storeWithEmployee();
    const want = { userId: customer.user.id, petId: await petOf(customer), serviceId: service, employeeId };
    expect(await bookDate(want, nextDay())).toMatchObject({ booked: { time: '10:00' } });

    // A store closed to customers takes no booking (book() refuses it): neither does a series.
    await t.db.update(stores).set({ active: false }).where(eq(stores.id, storeId));
    expect(await bookDate(want, nextDay())).toEqual({ noTime: true });
    expect(await countOf(employeeId)).toBe(1);
  });

  it('books nothing for a pet that is not the customer’s, or that was deleted', async () => {
    const [customer, other] = [await t.customer(), await t.customer()];
    const { employeeId } = await storeWithEmployee();
    const base = { userId: customer.user.id, serviceId: service, employeeId };
    expect(await bookDate({ ...base, petId: await petOf(other) }, nextDay())).toEqual({ noTime: true });
    const deleted = await petOf(customer);
    await t.db.update(pets).set({ deletedAt: new Date() }).where(eq(pets.id, deleted));
    expect(await bookDate({ ...base, petId: deleted }, nextDay())).toEqual({ noTime: true });
    expect(await countOf(employeeId)).toBe(0);
  });
});
