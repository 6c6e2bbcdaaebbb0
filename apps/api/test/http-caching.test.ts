import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type LoggedIn, type TestContext } from './helper';

const METRICS_TOKEN = 'metrics-token-for-the-tests-0001';

let t: TestContext;
let admin: LoggedIn;
let productId = 0;
let productBody: Record<string, unknown> = {};

beforeAll(async () => {
  t = await createTestContext({ METRICS_TOKEN });
  admin = await t.admin();
  const [category] = (await t.app.inject({ url: '/api/categories' })).json().data as { id: number }[];
  const [species] = (await t.app.inject({ url: '/api/species' })).json().data as { id: number }[];
  for (let i = 0; i < 12; i += 1) {
    productBody = {
      name: `Ração de teste ${i} para cães adultos de porte médio`,
      description: 'Alimento completo e balanceado, com proteína de frango e arroz integral.',
      price: 99.9,
      stock: 10,
      category_id: category?.id,
      species_id: species?.id,
      url: '/products/racao.svg',
    };
    const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: admin.auth, payload: productBody });
    productId = res.json().data.id;
  }
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ url, headers });

describe('compression', () => {
  it('sends JSON over 1 KB as br or gzip by Accept-Encoding, with Vary, and the same JSON inside', async () => {
    const plain = await get('/api/products?limit=60', { 'accept-encoding': 'identity' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get('/api/products?limit=60', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 2);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gzip = await get('/api/products?limit=60', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves answers under 1 KB alone', async () => {
    const res = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});

describe('ETag and 304 on the public catalogue', () => {
  it('answers 304 without a body to a matching If-None-Match, and 200 with a new tag after an edit', async () => {
    const first = await get('/api/products?limit=60');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('public, no-cache');

    const again = await get('/api/products?limit=60', { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);

    // The tag names the JSON, not the encoding: a gzip client revalidates with a br client's tag.
    expect((await get('/api/products?limit=60', { 'accept-encoding': 'br' })).headers.etag).toBe(etag);

    const edit = await t.app.inject({
      method: 'PUT',
      url: `/api/products/${productId}`,
      headers: admin.auth,
      payload: { ...productBody, price: 79.9 },
    });
    expect(edit.statusCode).toBe(200);
    const changed = await get('/api/products?limit=60', { 'if-none-match': etag });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect((changed.json().data as { id: number; price: number }[]).find((p) => p.id === productId)?.price).toBe(79.9);
  });

  it('tags one product, categories and services too; a private answer is not marked public', async () => {
    for (const url of [`/api/products/${productId}`, '/api/categories', '/api/services']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('public, no-cache');
      expect((await get(url, { 'if-none-match': String(res.headers.etag) })).statusCode, url).toBe(304);
    }
    const own = await get(`/api/user/${admin.user.id}`, admin.auth);
    expect(own.statusCode).toBe(200);
    expect(String(own.headers['cache-control'] ?? '')).not.toMatch(/public/);
  });

  it('never answers 304 to an error', async () => {
    const missing = await get('/api/products/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.headers.etag).toBeUndefined();
  });
});

describe('GET /api/metrics', () => {
  it('401 without the token or with a wrong one, in the API error shape', async () => {
    for (const headers of [{}, { authorization: 'Bearer wrong-token' }, admin.auth]) {
      const res = await get('/api/metrics', headers);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ code: 'UNAUTHORIZED', message: 'Token de métricas inválido.' });
    }
  });

  it('gives requests per route pattern, latency and the outbox backlog to the token holder', async () => {
    await t.customer();
    await get(`/api/products/${productId}`);
    const res = await get('/api/metrics', { authorization: `Bearer ${METRICS_TOKEN}` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toMatch(/http_requests_total\{method="GET",route="\/api\/products\/:id",status="200"\} \d+/);
    expect(res.body).toContain('http_request_duration_seconds_bucket');
    expect(res.body).not.toContain(`/api/products/${productId}"`);
    // The new customer's welcome e-mail waits in the outbox: nothing sends it in these tests.
    expect(res.body).toMatch(/outbox_due_messages [1-9]\d*/);
    if (t.kind === 'postgres') expect(res.body).toMatch(/db_pool_connections \d+/);
  });
});

describe('GET /api/metrics without METRICS_TOKEN', () => {
  it('does not exist, and nothing is counted per request', async () => {
    const other = await createTestContext();
    try {
      const res = await other.app.inject({
        url: '/api/metrics',
        headers: { authorization: 'Bearer anything-at-all-000' },
      });
      expect(res.statusCode).toBe(404);
      expect(other.app.hasRoute({ method: 'GET', url: '/api/metrics' })).toBe(false);
      expect((await other.app.inject({ url: '/api/categories' })).statusCode).toBe(200);
      expect(other.app.metrics.getSingleMetric('http_requests_total')).toBeUndefined();
      expect(other.app.metrics.getSingleMetric('http_request_duration_seconds')).toBeUndefined();
      expect(await other.app.metrics.metrics()).not.toContain('http_request');
    } finally {
      await other.close();
    }
  });
});

describe('request counting with METRICS_TOKEN', () => {
  const categoriesServed = async () => {
    const counter = t.app.metrics.getSingleMetric('http_requests_total');
    if (!counter) throw new Error('http_requests_total is not registered');
    const { values } = await counter.get();
    return values
      .filter((v) => v.labels.route === '/api/categories' && v.labels.status === '200')
      .reduce((sum, v) => sum + v.value, 0);
  };

  it('counts each answered request once', async () => {
    const before = await categoriesServed();
    await get('/api/categories');
    await get('/api/categories');
    expect(await categoriesServed()).toBe(before + 2);
  });
});
