import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helper';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext({
    LOGIN_MAX_ATTEMPTS: '3',
    LOGIN_ACCOUNT_MAX_ATTEMPTS: '6',
    LOGIN_IP_MAX_ATTEMPTS: '12',
  });
});
afterAll(() => t.close());

const login = (payload: object, ip = '10.0.0.1') =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress: ip });

const register = async () => {
  const payload = t.newUserPayload();
  expect((await t.app.inject({ method: 'POST', url: '/api/user', payload })).statusCode).toBe(201);
  return payload;
};

describe('POST /api/auth/login', () => {
  it('logs in with e-mail (any case) and password: 201 with user and a working token', async () => {
    const user = await register();
    const res = await login({ email: user.email.toUpperCase(), password: user.password });
    expect(res.statusCode).toBe(201);
    const { data } = res.json();
    expect(data.user.email).toBe(user.email);
    expect(res.body).not.toMatch(/password|scrypt/i);
    const me = await t.app.inject({
      url: `/api/user/${data.user.id}`,
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  it('never logs anyone in without a password', async () => {
    const user = await register();
    for (const payload of [
      { email: user.email },
      { email: user.email, password: '' },
      { email: user.email, password: null },
    ]) {
      const res = await login(payload);
      expect(res.statusCode).toBe(400);
      expect(res.body).not.toContain('token');
    }
  });

  it('gives the same 401 for a wrong password and an unknown e-mail', async () => {
    const user = await register();
    const wrong = await login({ email: user.email, password: 'senha-errada-1' }, '10.0.0.2');
    const unknown = await login({ email: 'ninguem@exemplo.com', password: 'senha-errada-1' }, '10.0.0.2');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe('E-mail ou senha incorretos.');
  });

  it('slows the guesser (account + IP) without locking the owner out from elsewhere', async () => {
    const user = await register();
    for (let i = 0; i < 3; i += 1) {
      expect((await login({ email: user.email, password: `errada-${i}-xx` }, '10.1.0.1')).statusCode).toBe(401);
    }
    const blocked = await login({ email: user.email, password: user.password }, '10.1.0.1');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
    expect(blocked.body).not.toContain('token');
    expect((await login({ email: user.email, password: user.password }, '10.1.0.2')).statusCode).toBe(201);
  });

  it('past the account-wide limit, devices it never signed in from get one try per slot: slowed, not locked', async () => {
    const user = await register();
    for (let i = 0; i < 6; i += 1) {
      expect((await login({ email: user.email, password: `errada-${i}-xx` }, `10.2.0.${i}`)).statusCode).toBe(401);
    }
    const slotMs = t.config.LOGIN_SLOWDOWN_SECONDS * 1000;
    const nextSlot = () => new Promise((resolve) => setTimeout(resolve, slotMs - (Date.now() % slotMs) + 20));
    await nextSlot();
    expect((await login({ email: user.email, password: 'errada-7-xx' }, '10.2.0.7')).statusCode).toBe(401);
    const slowed = await login({ email: user.email, password: user.password }, '10.2.0.99');
    expect(slowed.statusCode).toBe(429);
    expect(slowed.json().message).toMatch(/Tente de novo em \d+ segundos/);
    await nextSlot();
    expect((await login({ email: user.email, password: user.password }, '10.2.0.99')).statusCode).toBe(201);
  });

  it('throttles one IP that tries many accounts', async () => {
    for (let i = 0; i < 12; i += 1) {
      await login({ email: `alvo${i}@exemplo.com`, password: 'qualquer-coisa' }, '10.9.9.9');
    }
    const user = await register();
    expect((await login({ email: user.email, password: user.password }, '10.9.9.9')).statusCode).toBe(429);
    expect((await login({ email: user.email, password: user.password }, '10.9.9.10')).statusCode).toBe(201);
  });
});
