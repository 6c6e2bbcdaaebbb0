import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { createTestContext, type TestContext } from './helper';

let t: TestContext;
let logged = '';

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('control characters', () => {
  it('are refused with a pt-BR 400 naming the field, before anything is written', async () => {
    const payload = { ...t.newUserPayload(), name: 'Ana\u0000Maria' };
    const res = await t.app.inject({ method: 'POST', url: '/api/user', payload });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      message: 'Caracteres de controle não são permitidos.',
      details: [{ field: 'name' }],
    });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: payload.email, password: payload.password },
    });
    expect(login.statusCode).toBe(401);
  });

  it('in a path or a query string too, without a token', async () => {
    for (const url of ['/api/products/search/%00', '/api/products/search/a%1Fb', '/api/products?limit=1%00']) {
      const res = await t.app.inject({ url });
      expect(res.statusCode, url).toBe(400);
      expect(res.json().code, url).toBe('VALIDATION_ERROR');
    }
    // Line breaks stay allowed in free text (a product description, an address complement).
    expect((await t.app.inject({ url: '/api/products/search/ra%C3%A7%C3%A3o' })).statusCode).toBe(200);
  });
});

describe('the error log', () => {
  it('never holds query parameters, hashes, CPFs, e-mails or tokens', async () => {
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const app = await buildApp({ config: t.config, db: t.db, logger: { level: 'info', stream: sink } });
    await app.ready();
    const me = await t.customer();
    await app.inject({ url: `/reset-password?token=segredo-do-link-123`, headers: { accept: 'text/html' } });
    await app.inject({ url: `/api/user/${me.user.id}?email=${encodeURIComponent(me.user.email)}`, headers: me.auth });
    expect(logged).toContain('request completed');
    expect(logged).not.toContain('segredo-do-link-123');
    expect(logged).not.toContain(me.user.email);
    await app.close();
  });
});

// The database dropping connections or going away is proved from outside, on a real process:
// apps/api/resilience/database-outage.test.ts (`npm run test:resilience`).
describe('a row lock held too long (PostgreSQL)', () => {
  it('gives up on a row held by a lock with a pt-BR 503, not a hang', async (ctx) => {
    if (t.kind !== 'postgres' || !t.url) ctx.skip();
    const own = openDatabase({
      url: t.url,
      dataDir: '',
      timeouts: { acquireMs: 1000, statementMs: 3000, lockMs: 500 },
    });
    const app = await buildApp({ config: t.config, db: own.db, logger: false });
    await app.ready();
    const admin = await t.admin();
    const [category] = (await app.inject({ url: '/api/categories' })).json().data as { id: number }[];
    const [species] = (await app.inject({ url: '/api/species' })).json().data as { id: number }[];
    const body = {
      name: 'Coleira ajustável',
      description: 'Nylon.',
      price: 19.9,
      stock: 5,
      category_id: category?.id,
      species_id: species?.id,
      url: '/products/coleira.svg',
    };
    const created = await app.inject({ method: 'POST', url: '/api/products', headers: admin.auth, payload: body });
    const id = created.json().data.id as number;
    try {
      const started = Date.now();
      await t.db.transaction(async (tx) => {
        await tx.execute(sql`select id from products where id = ${id} for update`);
        const res = await app.inject({
          method: 'PUT',
          url: `/api/products/${id}`,
          headers: admin.auth,
          payload: { ...body, price: 29.9 },
        });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          code: 'DB_TIMEOUT',
          message: 'O banco de dados demorou demais para responder. Tente novamente em instantes.',
        });
      });
      expect(Date.now() - started).toBeLessThan(3000);
      const after = await app.inject({ url: `/api/products/${id}` });
      expect(after.json().data.price).toBe(19.9);
    } finally {
      await app.close();
      await own.close();
    }
  });
});
