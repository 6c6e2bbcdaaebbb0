import { Writable } from 'node:stream';
import { brotliDecompressSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { products } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { moveStock } from './support/stock';

let t: TestContext;
let other: Awaited<ReturnType<typeof buildApp>>;
let admin: LoggedIn;
let product: Record<string, unknown> & { id: number };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const until = async (check: () => Promise<boolean>, ms = 2000) => {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(5);
  }
  return Date.now() - started;
};

beforeAll(async () => {
  t = await createTestContext();
  // A second instance on the same database: its own cache and its own listening connection.
  other = await buildApp({ config: t.config, db: t.db, logger: false });
  await other.ready();
  admin = await t.admin();
  const [category] = (await t.app.inject({ url: '/api/categories' })).json().data as { id: number }[];
  const [species] = (await t.app.inject({ url: '/api/species' })).json().data as { id: number }[];
  const body = {
    name: 'Petisco natural de frango desidratado',
    description: 'Sem corantes nem conservantes.',
    price: 24.9,
    stock: 40,
    category_id: category?.id,
    species_id: species?.id,
    url: '/products/petisco.svg',
  };
  const res = await t.app.inject({ method: 'POST', url: '/api/products', headers: admin.auth, payload: body });
  product = { ...body, id: res.json().data.id };
  // Enough products for the list to pass 1 KB and be compressed.
  for (let i = 0; i < 8; i += 1) {
    const payload = { ...body, name: `${body.name} ${i}` };
    await t.app.inject({ method: 'POST', url: '/api/products', headers: admin.auth, payload });
  }
  // Both instances are listening before the tests start.
  for (const app of [t.app, other]) {
    await until(async () => {
      await app.inject({ url: '/api/products?limit=60' });
      return (await app.inject({ url: '/api/products?limit=60' })).headers['x-cache'] === 'hit';
    });
  }
});
afterAll(async () => {
  await other.close();
  await t.close();
});

/**
 * The answer of a read once it comes from the cache. A catalogue change's notification is heard
 * when the database delivers it, which on a loaded machine can be after the setup's writes have
 * returned: an entry stored before a late notification is dropped when it arrives, and the next read
 * stores it again. So a read that must be a hit is asked until it is one (it becomes one at once
 * unless notifications are still arriving); what is checked is always a cached answer.
 */
async function cachedAnswer(url: string, headers: Record<string, string> = {}) {
  const started = Date.now();
  for (;;) {
    const answer = await t.app.inject({ url, headers });
    if (answer.headers['x-cache'] === 'hit') return answer;
    if (Date.now() - started > 10_000) throw new Error(`${url} never answered from the cache within 10 s`);
    await sleep(5);
  }
}

const priceOn = async (app: typeof other, url = '/api/products?limit=60') => {
  const res = await app.inject({ url });
  const data = res.json().data as { id: number; price: number }[] | { id: number; price: number };
  const list = Array.isArray(data) ? data : [data];
  return { price: list.find((p) => p.id === product.id)?.price, cache: res.headers['x-cache'] };
};

const setPrice = async (price: number) => {
  const res = await t.app.inject({
    method: 'PUT',
    url: `/api/products/${product.id}`,
    headers: admin.auth,
    payload: { ...product, price },
  });
  expect(res.statusCode).toBe(200);
};

describe('the cache of public catalogue reads', () => {
  it('answers a repeated read from memory, with the same JSON, tag and encodings', async () => {
    const miss = await t.app.inject({ url: `/api/products/${product.id}` });
    const hit = await cachedAnswer(`/api/products/${product.id}`);
    expect(hit.json()).toEqual(miss.json());
    expect(hit.headers.etag).toBe(miss.headers.etag);
    expect(hit.headers['cache-control']).toBe('public, no-cache');

    const br = await cachedAnswer('/api/products?limit=60', { 'accept-encoding': 'gzip, br' });
    const plain = await t.app.inject({ url: '/api/products?limit=60' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());
    const notModified = await t.app.inject({
      url: '/api/products?limit=60',
      headers: { 'if-none-match': String(plain.headers.etag) },
    });
    expect(notModified.statusCode).toBe(304);
    expect(notModified.rawPayload.length).toBe(0);
  });

  it('sends the security headers on every cached answer, encoded or not, 304 included', async () => {
    const miss = await t.app.inject({ url: '/api/categories?limit=7' });
    expect(miss.headers['x-cache']).toBe('miss');
    const security = [
      'content-security-policy',
      'x-content-type-options',
      'strict-transport-security',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ];
    const answers = [
      await cachedAnswer('/api/categories?limit=7'),
      await cachedAnswer('/api/products?limit=60', { 'accept-encoding': 'br' }),
      await cachedAnswer('/api/products?limit=60', { 'accept-encoding': 'gzip' }),
      await cachedAnswer('/api/categories?limit=7', { 'if-none-match': String(miss.headers.etag) }),
    ];
    for (const answer of answers) {
      expect(answer.headers['x-cache']).toBe('hit');
      for (const name of security) expect(answer.headers[name], name).toBe(miss.headers[name]);
    }
    expect(answers.map((answer) => answer.headers['content-encoding'])).toEqual([undefined, 'br', 'gzip', undefined]);
    expect(answers[3]?.statusCode).toBe(304);
    expect(miss.headers['x-content-type-options']).toBe('nosniff');
    expect(String(miss.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
  });

  it('writes no request log line for a cached answer, one line without the query string for the others', async () => {
    let logged = '';
    const sink = new Writable({
      write(chunk, _encoding, done) {
        logged += chunk.toString();
        done();
      },
    });
    const logging = await buildApp({ config: t.config, db: t.db, logger: { level: 'info', stream: sink } });
    await logging.ready();
    try {
      await until(async () => {
        await logging.inject({ url: '/api/categories?busca=segredo' });
        return (await logging.inject({ url: '/api/categories?busca=segredo' })).headers['x-cache'] === 'hit';
      });
      logged = '';
      for (let i = 0; i < 5; i += 1)
        expect((await logging.inject({ url: '/api/categories?busca=segredo' })).headers['x-cache']).toBe('hit');
      expect(logged).toBe('');
      await logging.inject({ url: '/api/health?x=segredo' });
      const lines = logged
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatchObject({
        msg: 'request completed',
        req: { method: 'GET', url: '/api/health' },
        res: { statusCode: 200 },
      });
      expect(logged).not.toContain('segredo');
    } finally {
      await logging.close();
    }
  });

  it('shows an edit at once on the instance that made it, and on the other as soon as the database tells it', async () => {
    for (const price of [31.5, 32.5, 33.5]) {
      await setPrice(price);
      // Same instance: the very next read, no waiting.
      expect((await priceOn(t.app)).price).toBe(price);
      expect((await priceOn(t.app, `/api/products/${product.id}`)).price).toBe(price);
      // The other instance: never older than this once the notification is in.
      const waited = await until(async () => (await priceOn(other)).price === price, 1000);
      expect(waited).toBeLessThan(1000);
      expect((await priceOn(other)).price).toBe(price);
    }
  });

  it('forgets a stock change made outside the back office (a checkout) through the notification', async () => {
    await priceOn(other);
    expect((await priceOn(other)).cache).toBe('hit');
    await moveStock(t.db, product.id, -1);
    await until(async () => (await priceOn(other)).cache === 'miss', 1000);
  });

  it('keeps nothing from a transaction that rolled back', async () => {
    await priceOn(other);
    await t.db
      .transaction(async (tx) => {
        await tx.update(products).set({ priceCents: 1 }).where(eq(products.id, product.id));
        throw new Error('rollback');
      })
      .catch(() => {});
    await sleep(50);
    expect((await priceOn(other)).price).toBe(33.5);
  });

  it('stops answering from memory while its listening connection is gone, and comes back (PostgreSQL)', async (ctx) => {
    if (t.kind !== 'postgres') ctx.skip();
    await priceOn(other);
    expect((await priceOn(other)).cache).toBe('hit');
    // What a database restart or failover does to the listening connections.
    await t.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity where query = 'LISTEN catalog_changed' and pid <> pg_backend_pid()`,
    );
    await until(async () => (await priceOn(other)).cache === 'miss', 1000);
    // A change made while nobody listened is still seen.
    await t.db.update(products).set({ priceCents: 3490 }).where(eq(products.id, product.id));
    expect((await priceOn(other)).price).toBe(34.9);
    const back = await until(async () => {
      await priceOn(other);
      return (await priceOn(other)).cache === 'hit';
    }, 5000);
    expect(back).toBeLessThan(5000);
    expect((await priceOn(other)).price).toBe(34.9);
  });
});
