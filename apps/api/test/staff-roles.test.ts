import { ROLES, STAFF_ROLES } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { stores, users } from '../src/db/schema';
import { assertStoreAccess, canAccessStore, storeScopeOf } from '../src/lib/store-scope';
import { sessionUser } from '../src/modules/staff/staff.service';
import { createTestContext, type TestContext } from './helper';

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
