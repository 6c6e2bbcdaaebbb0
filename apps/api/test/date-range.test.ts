import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type LoggedIn, type TestContext } from './helper';

/** Every date input goes through one schema with a sane range: outside it, a pt-BR 400, never a 500. */
let t: TestContext;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.admin();
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ url, headers: admin.auth });

describe('dates outside 1900–2100', () => {
  it.each([
    '/api/admin/agenda?date=9999-12-28&days=7',
    '/api/admin/agenda?date=0001-01-01',
    '/api/admin/agenda?date=2101-01-01&days=1',
    '/api/admin/reports/summary?from=0001-01-01&to=2026-01-01',
    '/api/admin/reports/summary?from=2026-01-01&to=9999-12-31',
  ])('%s → 400 in pt-BR', async (url) => {
    const res = await get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: expect.stringMatching(/AAAA-MM-DD/) });
  });

  it('the last week of the range still answers', async () => {
    expect((await get('/api/admin/agenda?date=2100-12-25&days=7')).statusCode).toBe(200);
  });

  it('a pet born in the year 1 is refused the same way; one born in 2020 is not', async () => {
    const me = await t.customer();
    const pet = (birthDate: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/pets',
        headers: me.auth,
        payload: { name: 'Rex', age: 3, specie: 'Cachorro', size: 'Médio', birthDate },
      });
    const res = await pet('0001-01-01');
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([expect.objectContaining({ field: 'birthDate' })]);
    expect((await pet('2020-01-01')).statusCode).toBe(201);
  });
});
