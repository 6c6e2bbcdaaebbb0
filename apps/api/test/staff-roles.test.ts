import { addDays, businessMoment, ROLES, STAFF_ROLES } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, stores, users } from '../src/db/schema';
import { assertStoreAccess, canAccessStore, storeScopeOf } from '../src/lib/store-scope';
import { sessionUser } from '../src/modules/staff/staff.service';
import { createTestContext, type TestContext } from './helper';
import { bookingFixtures, notSunday } from './support/booking';

let ctx: TestContext;
let otherStore: number;

beforeAll(async () => {
  ctx = await createTestContext();
  const [created] = await ctx.db.insert(stores).values({ name: 'Loja Centro' }).returning({ id: stores.id });
  otherStore = created?.id ?? 0;
});
afterAll(() => ctx.close());

describe('staff roles and their stores', () => {
  it('lists the staff roles, the owner first', () => {
    expect(STAFF_ROLES).toEqual(['admin', 'manager', 'reception', 'professional']);
  });

  it('the database admits the new roles and refuses others', async () => {
    const someone = await ctx.customer();
    for (const role of STAFF_ROLES) await ctx.db.update(users).set({ role }).where(eq(users.id, someone.user.id));
    await expect(ctx.db.update(users).set({ role: 'boss' }).where(eq(users.id, someone.user.id))).rejects.toThrow();
  });

  it('a session carries the stores: all for the owner, its rows for staff, none for a customer', async () => {
    const admin = await ctx.admin();
    const customer = await ctx.customer();
    const manager = await ctx.staffMember(ROLES.manager, [1, otherStore]);
    const groomer = await ctx.staffMember(ROLES.professional, [otherStore]);
    expect((await sessionUser(ctx.db, admin.user.id))?.storeIds).toBe('all');
    expect((await sessionUser(ctx.db, customer.user.id))?.storeIds).toEqual([]);
    expect((await sessionUser(ctx.db, manager.user.id))?.storeIds).toEqual([1, otherStore]);
    expect((await sessionUser(ctx.db, groomer.user.id))?.storeIds).toEqual([otherStore]);
  });

  it('a store outside the caller is 404, as if the record did not exist', () => {
    const manager = { storeIds: [1] };
    expect(() => assertStoreAccess(manager, 1)).not.toThrow();
    expect(() => assertStoreAccess(manager, 2, 'Pedido não encontrado.')).toThrow(
      expect.objectContaining({ statusCode: 404, message: 'Pedido não encontrado.' }),
    );
    expect(canAccessStore(manager, null)).toBe(false);
    expect(canAccessStore({ storeIds: 'all' }, null)).toBe(true);
    expect(storeScopeOf({ storeIds: 'all' })).toEqual({ all: true });
    expect(storeScopeOf(manager)).toEqual({ all: false, storeIds: [1] });
  });

  it('staff are not the owner: an admin route is 403 to a manager, as before for a customer', async () => {
    const manager = await ctx.staffMember(ROLES.manager);
    const res = await ctx.app.inject({ method: 'GET', url: '/api/admin/shipping', headers: manager.auth });
    expect(res.statusCode).toBe(403);
  });
});

describe('a professional’s day', () => {
  it('sees only their own agenda column and moves only their own appointments (another’s is 404)', async () => {
    const f = bookingFixtures(ctx);
    const groomer = await ctx.staffMember(ROLES.professional, [1]);
    const own = await f.employee('Própria');
    const other = await f.employee('Colega');
    await ctx.db.update(employees).set({ userId: groomer.user.id }).where(eq(employees.id, own));
    const customer = await ctx.customer();
    const petId = await f.pet(customer);
    const date = notSunday(addDays(businessMoment().date, 3));
    const book = async (employeeId: number, time: string) => {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/api/appointments',
        headers: customer.auth,
        payload: {
          service_id: await f.service(),
          employer_id: employeeId,
          pet_id: petId,
          appointment_date: date,
          appointment_time: time,
        },
      });
      expect(res.statusCode).toBe(201);
      return res.json().data.id as number;
    };
    const mine = await book(own, '09:00');
    const theirs = await book(other, '11:00');

    const agenda = await ctx.app.inject({ url: `/api/admin/agenda?date=${date}`, headers: groomer.auth });
    expect(agenda.statusCode).toBe(200);
    const columns = agenda.json().data[0].employers as { id: number }[];
    expect(columns.map((column) => column.id)).toEqual([own]);

    const move = (id: number) =>
      ctx.app.inject({
        method: 'PUT',
        url: `/api/appointments/${id}/status`,
        headers: groomer.auth,
        payload: { status: 'Em atendimento', note: 'Chegou tranquilo.' },
      });
    expect((await move(theirs)).statusCode).toBe(404);
    const moved = await move(mine);
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.status).toBe('Em atendimento');
    // The pet of their appointment is theirs to see; the list of every appointment is not.
    expect((await ctx.app.inject({ url: `/api/pets/${petId}`, headers: groomer.auth })).statusCode).toBe(200);
    expect((await ctx.app.inject({ url: '/api/appointments/all', headers: groomer.auth })).statusCode).toBe(403);
  });

  it('a manager of another store sees none of this store’s columns, and asking for it is 404', async () => {
    const managerB = await ctx.staffMember(ROLES.manager, [otherStore]);
    const date = notSunday(addDays(businessMoment().date, 3));
    const agenda = await ctx.app.inject({ url: `/api/admin/agenda?date=${date}`, headers: managerB.auth });
    expect(agenda.statusCode).toBe(200);
    expect(agenda.json().data[0].employers).toEqual([]);
    const asked = await ctx.app.inject({ url: `/api/admin/agenda?date=${date}&storeId=1`, headers: managerB.auth });
    expect(asked.statusCode).toBe(404);
  });
});

describe('reports of a manager', () => {
  it('are of their store: another store asked for is 404, none asked for is their own', async () => {
    const managerB = await ctx.staffMember(ROLES.manager, [otherStore]);
    const url = '/api/admin/reports/summary?from=2030-01-01&to=2030-01-31';
    expect((await ctx.app.inject({ url: `${url}&storeId=1`, headers: managerB.auth })).statusCode).toBe(404);
    const own = await ctx.app.inject({ url, headers: managerB.auth });
    expect(own.statusCode).toBe(200);
    expect(own.json().data.storeId).toBe(otherStore);
  });
});
