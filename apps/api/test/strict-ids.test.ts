import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type LoggedIn, type TestContext } from './helper';

let t: TestContext;
let admin: LoggedIn;
beforeAll(async () => {
  t = await createTestContext();
  admin = await t.admin();
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** Every operation in the OpenAPI document with an id in its path, the id parameters named. */
function operationsWithIds() {
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  const found: { method: Method; path: string; ids: string[] }[] = [];
  for (const [path, operations] of Object.entries(document.paths)) {
    const ids = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string).filter((p) => p === 'id' || /Id$/.test(p));
    if (ids.length === 0) continue;
    for (const method of Object.keys(operations)) found.push({ method: method.toUpperCase() as Method, path, ids });
  }
  return found;
}

const LOOSE = [
  '%201',
  '1%0A',
  '%091',
  '0x1F',
  '1e1',
  '+1',
  '01',
  '-1',
  '1.0',
  '0',
  '1_000',
  '2147483648',
  '99999999999',
];

describe('ids in paths', () => {
  it('are plain positive decimal integers on every operation: anything else is a pt-BR 400', async () => {
    const operations = operationsWithIds();
    expect(operations.length).toBeGreaterThan(30);
    const accepted: string[] = [];
    for (const { method, path, ids } of operations) {
      for (const loose of LOOSE) {
        let url = path;
        for (const id of ids) url = url.replace(`{${id}}`, loose);
        const res = await t.app.inject({
          method,
          url,
          headers: admin.auth,
          payload: method === 'GET' ? undefined : {},
        });
        if (res.statusCode !== 400 || res.json().code !== 'VALIDATION_ERROR') {
          accepted.push(`${method} ${url} → ${res.statusCode}`);
          continue;
        }
        expect(res.json().message, url).toMatch(/inválido\.$/);
      }
    }
    expect(accepted).toEqual([]);
  });

  it('the plain form still reaches the record', async () => {
    const me = await t.app.inject({ url: `/api/user/${admin.user.id}`, headers: admin.auth });
    expect(me.statusCode).toBe(200);
    expect(me.json().data.id).toBe(admin.user.id);
    expect((await t.app.inject({ url: '/api/user/2147483647', headers: admin.auth })).statusCode).toBe(404);
  });
});

describe('DELETE /user/:id by an admin', () => {
  it('refuses their own account (403, pt-BR) and keeps it working', async () => {
    await t.admin();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${admin.user.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({
      code: 'FORBIDDEN',
      message: 'Um administrador não pode excluir a própria conta. Peça a outro administrador.',
    });
    expect((await t.app.inject({ url: `/api/user/${admin.user.id}`, headers: admin.auth })).statusCode).toBe(200);
  });

  it('still deletes another admin, and a customer still deletes themself', async () => {
    const other = await t.admin();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${other.user.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const customer = await t.customer();
    const own = await t.app.inject({ method: 'DELETE', url: `/api/user/${customer.user.id}`, headers: customer.auth });
    expect(own.statusCode).toBe(200);
  });
});
