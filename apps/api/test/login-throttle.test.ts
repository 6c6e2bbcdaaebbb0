import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { createTestContext, type TestContext, testConfig } from './helper';

/**
 * Login throttling under load: every attempt is counted and decided in one atomic step (in this
 * process, or in Redis when TEST_REDIS_URL is set), so attempts sent together cannot pass on one count.
 */
let t: TestContext;
const redisUrl = process.env.TEST_REDIS_URL;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** Redis outlives a test run: fresh addresses keep earlier runs' counters out. */
const freshIp = () =>
  `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;

const login = (app: App, payload: object, remoteAddress: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });

async function registered() {
  const payload = t.newUserPayload();
  expect((await t.app.inject({ method: 'POST', url: '/api/user', payload })).statusCode).toBe(201);
  return payload;
}

/** `size` attempts at once, the right password last; returns the statuses in sending order. */
async function burst(apps: App[], email: string, password: string, ip: string, size = 100) {
  const attempts = Array.from({ length: size }, (_, i) =>
    login(apps[i % apps.length] as App, { email, password: i === size - 1 ? password : `errada-${i}-xyz` }, ip),
  );
  return (await Promise.all(attempts)).map((r) => r.statusCode);
}

function capture() {
  let text = '';
  const stream = new Writable({
    write(chunk, _encoding, done) {
      text += chunk.toString();
      done();
    },
  });
  return { stream, read: () => text };
}

describe('100 wrong passwords sent together', () => {
  it('pass the check only as often as the limit allows; the right one among them does not get in', async () => {
    const user = await registered();
    const statuses = await burst([t.app], user.email, user.password, freshIp());
    const through = statuses.filter((s) => s === 401).length;
    console.info(
      `one instance: ${through} of 100 parallel attempts checked, ${statuses.filter((s) => s === 429).length} × 429`,
    );
    expect(through).toBe(t.config.LOGIN_MAX_ATTEMPTS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - through);
    expect(statuses[99]).toBe(429);
    expect(statuses).not.toContain(201);
  });

  it.runIf(redisUrl)('across two instances sharing Redis, the same', async () => {
    const config = testConfig({ REDIS_URL: redisUrl as string });
    const apps = [
      await buildApp({ config, db: t.db, logger: false }),
      await buildApp({ config, db: t.db, logger: false }),
    ];
    try {
      const user = await registered();
      const statuses = await burst(apps, user.email, user.password, freshIp());
      const through = statuses.filter((s) => s === 401).length;
      console.info(`two instances + Redis: ${through} of 100 parallel attempts checked`);
      expect(through).toBe(config.LOGIN_MAX_ATTEMPTS);
      expect(statuses).not.toContain(201);
      expect(statuses[99]).toBe(429);
    } finally {
      await Promise.all(apps.map((app) => app.close()));
    }
  });
});

describe('the lockout is no weapon', () => {
  it('an attacker on other addresses does not lock the owner out; the account-wide limit is high', async () => {
    const user = await registered();
    // Ten addresses, each spending its whole pair budget: 50 failures on the account.
    for (let n = 0; n < 10; n += 1) {
      const ip = freshIp();
      const statuses = await burst([t.app], user.email, `errada-${n}-abc`, ip, 8);
      expect(statuses.filter((s) => s === 401)).toHaveLength(t.config.LOGIN_MAX_ATTEMPTS);
    }
    expect((await login(t.app, { email: user.email, password: user.password }, freshIp())).statusCode).toBe(201);
    expect(t.config.LOGIN_ACCOUNT_MAX_ATTEMPTS).toBeGreaterThanOrEqual(20 * t.config.LOGIN_MAX_ATTEMPTS);
  });

  it('one address (a carrier NAT) serves many people: their sign-ins do not use up its budget', async () => {
    const nat = await createTestContext({ LOGIN_IP_MAX_ATTEMPTS: '4' });
    try {
      const ip = freshIp();
      const people = Array.from({ length: 8 }, () => nat.newUserPayload());
      for (const person of people) {
        expect((await nat.app.inject({ method: 'POST', url: '/api/user', payload: person })).statusCode).toBe(201);
        expect((await login(nat.app, { email: person.email, password: person.password }, ip)).statusCode).toBe(201);
      }
      // Failures do: past the per-IP budget nobody signs in from there, elsewhere they still do.
      for (let i = 0; i < 10; i += 1)
        await login(nat.app, { email: `ninguem${i}@exemplo.com`, password: 'x-1234567' }, ip);
      const person = people[0] as (typeof people)[number];
      expect((await login(nat.app, { email: person.email, password: person.password }, ip)).statusCode).toBe(429);
      expect((await login(nat.app, { email: person.email, password: person.password }, freshIp())).statusCode).toBe(
        201,
      );
    } finally {
      await nat.close();
    }
  });

  it('each limit that trips is logged once, with the IP and no e-mail', async () => {
    const log = capture();
    const app = await buildApp({ config: t.config, db: t.db, logger: { level: 'warn', stream: log.stream } });
    try {
      const user = await registered();
      const ip = freshIp();
      await burst([app], user.email, user.password, ip);
      const trips = log
        .read()
        .split('\n')
        .filter((line) => line.includes('login limit reached'));
      expect(trips).toHaveLength(1);
      expect(JSON.parse(trips[0] as string)).toMatchObject({
        limit: 'pair',
        ip,
        account: expect.stringMatching(/^[0-9a-f]{16}$/),
      });
      expect(log.read()).not.toContain(user.email);
    } finally {
      await app.close();
    }
  });
});

describe('Redis unreachable', () => {
  it('logins answer at once with the local limiter, and the log says so once', async () => {
    const log = capture();
    // Port 1: nothing listens, every connection is refused.
    const config = testConfig({ REDIS_URL: 'redis://127.0.0.1:1', LOGIN_MAX_ATTEMPTS: '3' });
    const app = await buildApp({ config, db: t.db, logger: { level: 'info', stream: log.stream } });
    try {
      const user = await registered();
      // The same login on the app without Redis: what the password check alone costs on this machine now.
      let at = Date.now();
      expect((await login(t.app, { email: user.email, password: user.password }, freshIp())).statusCode).toBe(201);
      const baselineMs = Date.now() - at;
      at = Date.now();
      const ok = await login(app, { email: user.email, password: user.password }, '10.0.0.1');
      const firstMs = Date.now() - at;
      console.info(`Redis down: first login answered in ${firstMs} ms (${baselineMs} ms without Redis)`);
      expect(ok.statusCode).toBe(201);
      expect(firstMs - baselineMs).toBeLessThan(1000);
      const statuses: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        at = Date.now();
        statuses.push((await login(app, { email: user.email, password: 'errada-123' }, '10.0.0.1')).statusCode);
        expect(Date.now() - at).toBeLessThan(baselineMs + 1000);
      }
      expect(statuses).toEqual([401, 401, 401, 429]);
      const warnings = log
        .read()
        .split('\n')
        .filter((line) => line.includes('Redis unreachable'));
      expect(warnings).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
