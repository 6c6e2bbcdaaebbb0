import { addDays, weekdayOf } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { employees, pets, services } from '../../src/db/schema';
import type { LoggedIn, TestContext } from '../helper';

/** The date, or the Monday after it if it is a Sunday (off in the default week). */
export const notSunday = (date: string) => (weekdayOf(date) === 0 ? addDays(date, 1) : date);

/** The price columns of a service that costs the same for every pet size. */
export const onePrice = (cents: number) => ({
  priceCents: cents,
  priceSmallCents: cents,
  priceMediumCents: cents,
  priceLargeCents: cents,
});

/** Fixtures for booking tests: a service, an employee and a pet go straight into the database. */
export function bookingFixtures(t: TestContext) {
  let serviceId: number | undefined;
  const f = {
    async service() {
      if (serviceId) return serviceId;
      const [found] = await t.db.select({ id: services.id }).from(services).where(eq(services.name, 'Banho de teste'));
      const [row] = found
        ? [found]
        : await t.db
            .insert(services)
            .values({ name: 'Banho de teste', description: '', ...onePrice(5000) })
            .returning({ id: services.id });
      if (!row) throw new Error('insert failed');
      serviceId = row.id;
      return row.id;
    },
    async employee(name = 'Juliana Alves') {
      const [row] = await t.db
        .insert(employees)
        .values({ name, phone: '11987654321', position: 'Banhista', serviceId: await f.service() })
        .returning({ id: employees.id });
      if (!row) throw new Error('insert failed');
      return row.id;
    },
    async pet(owner: LoggedIn, name = 'Rex') {
      const [row] = await t.db
        .insert(pets)
        .values({ userId: owner.user.id, name, age: 3, specie: 'Cachorro', size: 'Médio' })
        .returning({ id: pets.id });
      if (!row) throw new Error('insert failed');
      return row.id;
    },
    /** Books through the API; returns the appointment id. */
    async book(owner: LoggedIn, date: string, time: string) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: owner.auth,
        payload: {
          service_id: await f.service(),
          employer_id: await f.employee(),
          pet_id: await f.pet(owner),
          appointment_date: date,
          appointment_time: time,
        },
      });
      if (res.statusCode !== 201) throw new Error(`booking failed: ${res.body}`);
      return res.json().data.id as number;
    },
  };
  return f;
}
