import { ROLES } from '@petshop/domain';
import { describe, expect, it } from 'vitest';
import { mayOpen, visibleTo } from './staff-sections';

describe('the back-office sections each role sees', () => {
  it('keeps the till to reception, managers and the owner: a professional sees only the agenda', () => {
    const nav = [{ to: '/pos' }, { to: '/adminAgenda' }, { to: '/adminProducts' }, { to: '/adminAudit' }];
    expect(visibleTo(ROLES.professional, nav).map((item) => item.to)).toEqual(['/adminAgenda']);
    expect(visibleTo(ROLES.reception, nav).map((item) => item.to)).toEqual(['/pos', '/adminAgenda']);
    expect(visibleTo(ROLES.manager, nav).map((item) => item.to)).toEqual(['/pos', '/adminAgenda', '/adminProducts']);
    expect(visibleTo(ROLES.admin, nav)).toHaveLength(4);
    expect(visibleTo(ROLES.customer, nav)).toEqual([]);
  });

  it("opens 'Lojas' to managers, for their stores' hours, and to no other store role", () => {
    expect(mayOpen(ROLES.manager, '/adminStores')).toBe(true);
    expect(mayOpen(ROLES.reception, '/adminStores')).toBe(false);
    expect(mayOpen(ROLES.professional, '/adminStores')).toBe(false);
  });

  it('lets every staff member open their own profile, and no customer the back office', () => {
    expect(mayOpen(ROLES.professional, '/user')).toBe(true);
    expect(mayOpen(ROLES.professional, '/pos')).toBe(false);
    expect(mayOpen(ROLES.customer, '/adminAgenda')).toBe(false);
  });
});
