import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { createTestContext, type TestContext, testConfig } from './helper';

/**
 * Two API instances on one database and one Redis behave as one service: a token issued by one is
 * honoured by the other, and failed logins are counted across both. Runs when TEST_REDIS_URL is set (CI sets it).
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe.runIf(redisUrl)('several API instances', () => {
  let t: TestContext;
  let first: Awaited<ReturnType<typeof buildApp>>;
  let second: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    t = await createTestContext();
    const config = testConfig({ REDIS_URL: redisUrl as string, LOGIN_MAX_ATTEMPTS: '3' });
    first = await buildApp({ config, db: t.db, logger: false });
    second = await buildApp({ config, db: t.db, logger: false });
  });
  afterAll(async () => {
    await first.close();
    await second.close();
    await t.close();
  });

  it('shares sessions and login throttling', async () => {
    // Redis outlives the test run: a fresh client address keeps earlier runs' counters out.
    const remoteAddress = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.7`;
    const payload = t.newUserPayload();
    expect((await first.inject({ method: 'POST', url: '/api/user', payload })).statusCode).toBe(201);
    const login = await first.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: payload.email, password: payload.password },
      remoteAddress,
    });
    const { user, token } = login.json().data;
    const onSecond = await second.inject({
      url: `/api/user/${user.id}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(onSecond.statusCode).toBe(200);

    const wrong = { email: payload.email, password: 'senha-errada-9' };
    expect(
      (await first.inject({ method: 'POST', url: '/api/auth/login', payload: wrong, remoteAddress })).statusCode,
    ).toBe(401);
    expect(
      (await second.inject({ method: 'POST', url: '/api/auth/login', payload: wrong, remoteAddress })).statusCode,
    ).toBe(401);
    expect(
      (await first.inject({ method: 'POST', url: '/api/auth/login', payload: wrong, remoteAddress })).statusCode,
    ).toBe(401);
    const blocked = await second.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: payload.email, password: payload.password },
      remoteAddress,
    });
    expect(blocked.statusCode).toBe(429);
  });
});
