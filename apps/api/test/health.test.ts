import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helper';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('operations', () => {
  it('GET /api/health answers ok when the database answers', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { status: 'ok', db: 'ok' } });
    expect(res.headers['x-request-id']).toBeTruthy();
  });

  it('an unknown /api path is a JSON 404, not the web app', async () => {
    const res = await t.app.inject({ url: '/api/nada-aqui' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('sends a CSP without inline scripts', async () => {
    const res = await t.app.inject({ url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    // The embedded card sandbox answers on the shop's own origin: no outside form target.
    expect(csp).toMatch(/form-action 'self'(;|$)/);
  });

  it('rejects a body over the limit with 413', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.com', password: 'x'.repeat(200 * 1024) }),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('answers malformed JSON with a pt-BR 400', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/JSON/);
  });

  it('serves the OpenAPI document generated from the route schemas', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toEqual(expect.arrayContaining(['/api/auth/login', '/api/user/{id}']));
    // The route reads an integer id, so a generated client is asked for a number, not any string.
    expect(res.json().paths['/api/user/{id}'].get.parameters).toEqual([
      { in: 'path', name: 'id', required: true, schema: { type: 'integer', minimum: 1, maximum: 2_147_483_647 } },
    ]);
  });
});

describe('trailing slashes', () => {
  it('answers a route with or without its trailing slash (SPEC calls POST /user/)', async () => {
    const res = await t.app.inject({ url: '/api/health/' });
    expect(res.statusCode).toBe(200);
  });
});
