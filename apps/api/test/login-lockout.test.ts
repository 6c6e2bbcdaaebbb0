import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../src/db/schema';
import { unseal } from '../src/lib/sealed';
import { createTestContext, TEST_SECRET, type TestContext } from './helper';

/**
 * Behind one reverse proxy (TRUST_PROXY=1) that appends the address it saw to X-Forwarded-For, as
 * nginx's $proxy_add_x_forwarded_for does: what a client writes in the header itself is the part
 * before. The client is the last hop the proxy added, whatever came before it.
 */
// Dozens of password checks (scrypt) in a row: slow on a busy machine.
vi.setConfig({ testTimeout: 90_000 });

let t: TestContext;
const PROXY = '127.0.0.1';
let next = 0;
/** a real address of its own for each caller (documentation ranges) */
const realAddress = () => {
  next += 1;
  return `198.51.${Math.floor(next / 250)}.${next % 250}`;
};

beforeAll(async () => {
  t = await createTestContext({ TRUST_PROXY: '1', LOGIN_ACCOUNT_MAX_ATTEMPTS: '20' });
});
afterAll(() => t.close());

/** A request as the proxy passes it on: the client's own header (forged or not), then its real address. */
const viaProxy = (real: string, forged?: string) => ({
  remoteAddress: PROXY,
  headers: { 'x-forwarded-for': forged ? `${forged}, ${real}` : real },
});

const login = (payload: object, from: { remoteAddress: string; headers: Record<string, string> }, cookie?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload,
    remoteAddress: from.remoteAddress,
    headers: { ...from.headers, ...(cookie ? { cookie } : {}) },
  });

const deviceCookieIn = (setCookie: string | string[] | undefined) =>
  String(Array.isArray(setCookie) ? setCookie[0] : setCookie).split(';')[0] as string;

async function owner() {
  const payload = t.newUserPayload();
  expect((await t.app.inject({ method: 'POST', url: '/api/user', payload })).statusCode).toBe(201);
  return payload;
}

describe('the client address', () => {
  it('is the hop the proxy added: a forged X-Forwarded-For changes nothing', async () => {
    const user = await owner();
    const attacker = realAddress();
    const statuses: number[] = [];
    // The attack: 100 wrong passwords, 20 forged addresses, one real one.
    for (let i = 0; i < 100; i += 1) {
      const res = await login(
        { email: user.email, password: `errada-${i}-xyz` },
        viaProxy(attacker, `203.0.113.${i % 20}`),
      );
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(t.config.LOGIN_MAX_ATTEMPTS);
    expect(statuses.filter((s) => s === 429)).toHaveLength(100 - t.config.LOGIN_MAX_ATTEMPTS);
    const res = await login({ email: user.email, password: user.password }, viaProxy(realAddress()));
    console.info(`owner's login after 100 failures from 20 forged addresses: ${res.statusCode}`);
    expect(res.statusCode).toBe(201);
  });

  it('with the proxy named by address, a client that reaches the API directly is its own address', async () => {
    const direct = await createTestContext({ TRUST_PROXY: '127.0.0.1,10.0.0.0/8', LOGIN_MAX_ATTEMPTS: '3' });
    try {
      const user = t.newUserPayload();
      expect((await direct.app.inject({ method: 'POST', url: '/api/user', payload: user })).statusCode).toBe(201);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i += 1) {
        const res = await direct.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: user.email, password: 'errada-123' },
          remoteAddress: '203.0.113.50',
          headers: { 'x-forwarded-for': `192.0.2.${i}` },
        });
        statuses.push(res.statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 429, 429, 429]);
    } finally {
      await direct.close();
    }
  });

  it('TRUST_PROXY=true (trust every hop) is refused at start, with a pt-BR message', async () => {
    await expect(createTestContext({ TRUST_PROXY: 'true' })).rejects.toThrow(/TRUST_PROXY.*número de proxies/);
  });

  it('sign-up probes and reset requests are counted per real address, whatever the header says', async () => {
    const taken = await owner();
    const prober = realAddress();
    const probes: number[] = [];
    for (let i = 0; i < 40; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/user',
        payload: { ...t.newUserPayload(), cpf: taken.cpf },
        ...viaProxy(prober, `203.0.113.${i}`),
      });
      probes.push(res.statusCode);
    }
    expect(probes.filter((s) => s === 409)).toHaveLength(t.config.SIGNUP_IP_MAX_ATTEMPTS);
    expect(probes.filter((s) => s === 429)).toHaveLength(40 - t.config.SIGNUP_IP_MAX_ATTEMPTS);
    const resetter = realAddress();
    const resets: number[] = [];
    for (let i = 0; i < 20; i += 1) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        payload: { email: `alguem${i}@exemplo.com.br` },
        ...viaProxy(resetter, `203.0.113.${i}`),
      });
      resets.push(res.statusCode);
    }
    const perAddress = t.config.FORGOT_PASSWORD_MAX * 4;
    expect(resets.filter((s) => s === 202)).toHaveLength(perAddress);
    expect(resets.filter((s) => s === 429)).toHaveLength(20 - perAddress);
  });
});

describe('an account under attack from many real addresses', () => {
  it('lets its owner in from a known device, slows unknown ones, and mails an unlock link', async () => {
    const user = await owner();
    const home = viaProxy(realAddress());
    const first = await login({ email: user.email, password: user.password }, home);
    expect(first.statusCode).toBe(201);
    const device = deviceCookieIn(first.headers['set-cookie']);
    expect(device).toMatch(/^petshop_device=/);
    expect(String(first.headers['set-cookie'])).toMatch(/HttpOnly/);

    // A botnet: each address spends its own budget; together they fill the account's.
    const bots = Math.ceil(t.config.LOGIN_ACCOUNT_MAX_ATTEMPTS / t.config.LOGIN_MAX_ATTEMPTS) + 2;
    const statuses: number[] = [];
    for (let b = 0; b < bots; b += 1) {
      const bot = viaProxy(realAddress());
      for (let i = 0; i < t.config.LOGIN_MAX_ATTEMPTS; i += 1) {
        statuses.push((await login({ email: user.email, password: `errada-${b}-${i}` }, bot)).statusCode);
      }
    }
    // Past the account's budget an unknown device gets one try per slow-down slot, not a lock.
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThanOrEqual(t.config.LOGIN_ACCOUNT_MAX_ATTEMPTS);
    expect(statuses).toContain(429);

    const known = await login({ email: user.email, password: user.password }, viaProxy(realAddress()), device);
    console.info(`owner during the attack: known device → ${known.statusCode}`);
    expect(known.statusCode).toBe(201);

    // The owner was mailed an unlock link (pt-BR), once.
    const mails = await t.db
      .select({ payload: messages.payload, recipient: messages.recipient })
      .from(messages)
      .where(and(eq(messages.kind, 'account-unlock'), eq(messages.recipient, user.email.toLowerCase())));
    expect(mails).toHaveLength(1);
    const sealed = (mails[0]?.payload as { sealedToken?: string } | undefined)?.sealedToken ?? '';
    const token = unseal(TEST_SECRET, sealed) as string;
    const opened = await t.app.inject({ url: `/api/auth/device?token=${encodeURIComponent(token)}` });
    expect(opened.statusCode).toBe(303);
    expect(opened.headers.location).toBe('/login');
    const unlocked = deviceCookieIn(opened.headers['set-cookie']);
    // A new device, freed by the link, while the attack goes on.
    const bot = viaProxy(realAddress());
    await login({ email: user.email, password: 'errada-de-novo' }, bot);
    const fromNewDevice = await login(
      { email: user.email, password: user.password },
      viaProxy(realAddress()),
      unlocked,
    );
    console.info(`owner during the attack: device freed by the unlock link → ${fromNewDevice.statusCode}`);
    expect(fromNewDevice.statusCode).toBe(201);

    const forged = await t.app.inject({ url: '/api/auth/device?token=abc.def.ghi' });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().message).toMatch(/Link de desbloqueio inválido/);
    // Another account's device cookie is not a known device for this one.
    const other = await owner();
    const otherLogin = await login({ email: other.email, password: other.password }, viaProxy(realAddress()));
    const otherDevice = deviceCookieIn(otherLogin.headers['set-cookie']);
    const attempts: number[] = [];
    for (let i = 0; i < 5; i += 1) {
      attempts.push(
        (await login({ email: user.email, password: 'errada' }, viaProxy(realAddress()), otherDevice)).statusCode,
      );
    }
    expect(attempts.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3);
  });
});
