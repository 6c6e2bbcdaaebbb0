import { SignJWT } from 'jose';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGoogleVerifier } from '../src/modules/auth/google-verifier';
import { createTestContext, type TestContext } from './helper';
import {
  createSigningKey,
  type FakeGoogle,
  GOOGLE_TEST_CLIENT_ID,
  GOOGLE_TEST_ISSUER,
  startFakeGoogle,
} from './support/fake-google';

const INVALID = { code: 'INVALID_GOOGLE_TOKEN', message: 'Não foi possível validar o login com o Google.' };
const UNAVAILABLE = {
  code: 'GOOGLE_UNAVAILABLE',
  message: 'Login com o Google indisponível no momento. Tente novamente.',
};

const uniqueEmail = (label: string) => `${label}.${Math.random().toString(36).slice(2, 10)}@gmail.com`;
const nowSeconds = () => Math.floor(Date.now() / 1000);
let ipSeq = 0;
/** Failures count against the caller's IP, so tests that fail on purpose each use their own. */
const freshIp = () => `198.51.100.${++ipSeq}`;

const googleLogin = (t: TestContext, credential: unknown, remoteAddress?: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/google', payload: { credential }, remoteAddress });

describe('POST /api/auth/google with a configured client id', () => {
  let google: FakeGoogle;
  let t: TestContext;
  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await createTestContext({ ...google.env, LOGIN_IP_MAX_ATTEMPTS: '20' });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('logs a known e-mail in (any letter case), with the Google photo, and the token opens the account', async () => {
    const { user } = await t.customer();
    const picture = 'https://lh3.googleusercontent.com/a/foto-nova';
    const res = await googleLogin(t, await google.idToken({ email: user.email.toUpperCase(), picture }));

    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe('Login realizado com sucesso!');
    expect(body.data.user).toMatchObject({ id: user.id, email: user.email, photoURL: picture });
    expect(body.data.user).not.toHaveProperty('passwordHash');
    expect(body.data.registration).toBeUndefined();

    const me = await t.app.inject({
      url: `/api/user/${user.id}`,
      headers: { authorization: `Bearer ${body.data.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect(me.json().data).toMatchObject({ id: user.id, photoURL: picture });
  });

  it('asks staff with two-factor for the code, as the password login does: 202, a challenge and no token', async () => {
    const admin = await t.admin();
    const setup = await t.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: admin.auth });
    const secret = new URL(setup.json().data.otpauthUrl).searchParams.get('secret') as string;
    const code = await generate({ secret });
    const enable = await t.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/enable',
      headers: admin.auth,
      payload: { code },
    });
    expect(enable.statusCode).toBe(200);
    const res = await googleLogin(t, await google.idToken({ email: admin.user.email }));
    expect(res.statusCode).toBe(202);
    expect(res.json().data).toEqual({ challenge: expect.any(String) });
    expect(res.body).not.toContain('token');
  });

  it('takes an account registered by someone else with that e-mail away from them (no pre-hijacking)', async () => {
    const squatter = await t.customer();
    const res = await googleLogin(t, await google.idToken({ email: squatter.user.email }));
    expect(res.statusCode).toBe(200);
    const owner = res.json().data;
    expect((await t.app.inject({ url: `/api/user/${squatter.user.id}`, headers: squatter.auth })).statusCode).toBe(401);
    const passwordLogin = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: squatter.user.email, password: squatter.password },
      remoteAddress: freshIp(),
    });
    expect(passwordLogin.statusCode).toBe(401);
    const ownerSession = { authorization: `Bearer ${owner.token}` };
    expect((await t.app.inject({ url: `/api/user/${owner.user.id}`, headers: ownerSession })).statusCode).toBe(200);
    // Once verified, logging in with Google again keeps the owner's sessions alive.
    await googleLogin(t, await google.idToken({ email: squatter.user.email }));
    expect((await t.app.inject({ url: `/api/user/${owner.user.id}`, headers: ownerSession })).statusCode).toBe(200);
  });

  it('gives an unknown e-mail what /register needs; the ticket registers it; then Google logs it in', async () => {
    const email = uniqueEmail('nova');
    const first = await googleLogin(t, await google.idToken({ email, name: 'Nova Cliente' }));
    expect(first.statusCode).toBe(200);
    const { registration } = first.json().data;
    expect(registration).toEqual({
      email,
      name: 'Nova Cliente',
      photoURL: 'https://lh3.googleusercontent.com/a/foto-maria',
      googleTicket: expect.any(String),
    });
    expect(first.json().data.token).toBeUndefined();

    const payload = { ...t.newUserPayload({ email, name: 'Nova Cliente' }), googleTicket: registration.googleTicket };
    const created = await t.app.inject({ method: 'POST', url: '/api/user', payload });
    expect(created.statusCode).toBe(201);
    expect(created.json().data).toMatchObject({ email, photoURL: registration.photoURL });

    const again = await googleLogin(t, await google.idToken({ email }));
    expect(again.statusCode).toBe(200);
    expect(again.json().data.user).toMatchObject({ id: created.json().data.id, email });
    expect(again.json().data.token).toEqual(expect.any(String));
  });

  it('treats the e-mail of a deleted account as unknown', async () => {
    const [{ user }, admin] = await Promise.all([t.customer(), t.admin()]);
    const deleted = await t.app.inject({ method: 'DELETE', url: `/api/user/${user.id}`, headers: admin.auth });
    expect(deleted.statusCode).toBe(200);

    const res = await googleLogin(t, await google.idToken({ email: user.email }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.registration.email).toBe(user.email);
  });

  it('refuses a ticket used for another e-mail, and creates no account', async () => {
    const res = await googleLogin(t, await google.idToken({ email: uniqueEmail('dona') }));
    const { googleTicket } = res.json().data.registration;
    const payload = t.newUserPayload({ email: uniqueEmail('intrusa') });

    const refused = await t.app.inject({ method: 'POST', url: '/api/user', payload: { ...payload, googleTicket } });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('GOOGLE_EMAIL_MISMATCH');
    // Same e-mail and CPF without the ticket: had anything been created, this would be a 409.
    const plain = await t.app.inject({ method: 'POST', url: '/api/user', payload });
    expect(plain.statusCode).toBe(201);
  });

  it('refuses a tampered ticket with 400, and creates no account', async () => {
    const res = await googleLogin(t, await google.idToken({ email: uniqueEmail('original') }));
    const [header, claims, signature] = res.json().data.registration.googleTicket.split('.');
    const forgedEmail = uniqueEmail('forjada');
    const forgedClaims = { ...JSON.parse(Buffer.from(claims, 'base64url').toString()), email: forgedEmail };
    const forged = `${header}.${Buffer.from(JSON.stringify(forgedClaims)).toString('base64url')}.${signature}`;
    const payload = t.newUserPayload({ email: forgedEmail });

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/user',
      payload: { ...payload, googleTicket: forged },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('INVALID_GOOGLE_TICKET');
    const plain = await t.app.inject({ method: 'POST', url: '/api/user', payload });
    expect(plain.statusCode).toBe(201);
  });

  const rejected: [string, () => Promise<string> | string][] = [
    [
      'another audience',
      () => google.idToken({ email: uniqueEmail('a'), aud: 'outro-app.apps.googleusercontent.com' }),
    ],
    ['another issuer', () => google.idToken({ email: uniqueEmail('a'), iss: 'https://accounts.example.com' })],
    [
      'an expired token',
      () => google.idToken({ email: uniqueEmail('a'), iat: nowSeconds() - 7200, exp: nowSeconds() - 60 }),
    ],
    ['a token without exp', () => google.idToken({ email: uniqueEmail('a'), exp: undefined })],
    ['email_verified false', () => google.idToken({ email: uniqueEmail('a'), email_verified: false })],
    ['no email_verified', () => google.idToken({ email: uniqueEmail('a'), email_verified: undefined })],
    ['no e-mail', () => google.idToken({ email: undefined })],
    [
      'a key outside the set under a published kid',
      async () => google.idToken({ email: uniqueEmail('a') }, { key: await createSigningKey(google.primary.kid) }),
    ],
    [
      'a key outside the set under another kid',
      async () => google.idToken({ email: uniqueEmail('a') }, { key: await createSigningKey('chave-desconhecida') }),
    ],
    ['alg none (unsigned)', () => google.unsignedToken({ email: uniqueEmail('a') })],
    [
      'HS256 keyed with the public JWK',
      () =>
        new SignJWT(google.claims({ email: uniqueEmail('a') }))
          .setProtectedHeader({ alg: 'HS256', kid: google.primary.kid })
          .sign(new TextEncoder().encode(JSON.stringify(google.primary.jwk))),
    ],
    [
      'claims swapped under a valid signature',
      async () => {
        const [header, , signature] = (await google.idToken({ email: uniqueEmail('a') })).split('.');
        const claims = Buffer.from(JSON.stringify(google.claims({ email: uniqueEmail('b') }))).toString('base64url');
        return `${header}.${claims}.${signature}`;
      },
    ],
    ['garbage', () => 'isto-nao-e-um-token'],
    ['three garbage parts', () => 'a.b.c'],
  ];

  it.each(rejected)('answers 401 to %s, with no session', async (_label, makeToken) => {
    const res = await googleLogin(t, await makeToken(), freshIp());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject(INVALID);
    expect(res.json().data).toBeUndefined();
  });

  it.each([
    ['missing', undefined],
    ['empty', ''],
    ['not a string', 42],
  ])('answers 400 to a %s credential', async (_label, credential) => {
    const res = await googleLogin(t, credential);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'credential' }] });
  });

  it('rate-limits failed Google logins per IP, like the password login', async () => {
    const ip = '203.0.113.9';
    for (let attempt = 0; attempt < t.config.LOGIN_IP_MAX_ATTEMPTS; attempt += 1) {
      expect((await googleLogin(t, 'isto-nao-e-um-token', ip)).statusCode).toBe(401);
    }
    const valid = await google.idToken({ email: uniqueEmail('limitada') });
    const blocked = await googleLogin(t, valid, ip);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().code).toBe('TOO_MANY_REQUESTS');
    expect((await googleLogin(t, valid, '203.0.113.10')).statusCode).toBe(200);
  });

  it('still answers a password login with no password with 400 and no token', async () => {
    const { user } = await t.customer();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: user.email } });
    expect(res.statusCode).toBe(400);
    expect(res.json().data).toBeUndefined();
    expect(res.body).not.toContain('token');
  });

  it('tells the web app its client id', async () => {
    const res = await t.app.inject({ url: '/api/auth/google/config' });
    expect(res.json()).toEqual({ data: { clientId: GOOGLE_TEST_CLIENT_ID } });
  });

  it('documents the route in OpenAPI', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(Object.keys(res.json().paths)).toContain('/api/auth/google');
  });
});

describe('POST /api/auth/google with STAFF_2FA_REQUIRED=1', () => {
  let google: FakeGoogle;
  let t: TestContext;
  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await createTestContext({ ...google.env, STAFF_2FA_REQUIRED: '1' });
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('a manager without two-factor is told to enrol, as the password login does: 202, a QR, and no token', async () => {
    const manager = await t.staffMember('manager');
    const res = await googleLogin(t, await google.idToken({ email: manager.user.email }));
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({
      challenge: expect.any(String),
      enrol: { otpauthUrl: expect.any(String), qrCode: expect.stringMatching(/^data:image\/png/) },
    });
    expect(res.json().message).toMatch(/Configure a verificação em duas etapas/);
    expect(res.json().data.token).toBeUndefined();
  });
});

describe('POST /api/auth/google without a client id', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t?.close());

  it('tells the web app that Google is not configured', async () => {
    const res = await t.app.inject({ url: '/api/auth/google/config' });
    expect(res.json()).toEqual({ data: { clientId: null } });
  });

  it('answers 503 saying Google login is not configured', async () => {
    const res = await googleLogin(t, 'qualquer-coisa');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({
      code: 'GOOGLE_NOT_CONFIGURED',
      message: 'Login com o Google não está configurado neste servidor.',
    });
  });
});

describe('POST /api/auth/google when the key set cannot be fetched', () => {
  let google: FakeGoogle;
  let t: TestContext;
  beforeAll(async () => {
    google = await startFakeGoogle();
    t = await createTestContext(google.env);
  });
  afterAll(async () => {
    await t?.close();
    await google?.close();
  });

  it('answers 503 (not 401, not 500) while the JWKS fails, and recovers when it is back', async () => {
    const token = await google.idToken({ email: uniqueEmail('espera') });
    for (const mode of ['server-error', 'hang-up'] as const) {
      google.setMode(mode);
      const res = await googleLogin(t, token);
      expect(res.statusCode, mode).toBe(503);
      expect(res.json()).toMatchObject(UNAVAILABLE);
    }
    google.setMode('ok');
    const res = await googleLogin(t, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.registration.email).toMatch(/^espera\./);
  });

  it('still answers 401 to a malformed credential without asking for keys', async () => {
    google.setMode('server-error');
    const before = google.fetches;
    const res = await googleLogin(t, 'isto-nao-e-um-token');
    expect(res.statusCode).toBe(401);
    expect(google.fetches).toBe(before);
    google.setMode('ok');
  });
});

describe('Google verifier: key rotation, cooldown and time-out', () => {
  let google: FakeGoogle;
  beforeAll(async () => {
    google = await startFakeGoogle();
  });
  afterAll(() => google?.close());

  const verifierWith = (options: { cooldownMs?: number; timeoutMs?: number }) =>
    createGoogleVerifier({
      clientId: GOOGLE_TEST_CLIENT_ID,
      jwksUrl: google.jwksUrl,
      issuers: [GOOGLE_TEST_ISSUER],
      ...options,
    });

  it('accepts a token signed with a key published after the first fetch, once it refetches', async () => {
    const verify = verifierWith({ cooldownMs: 0 });
    const email = uniqueEmail('rotacao');
    await expect(verify(await google.idToken({ email }))).resolves.toMatchObject({ email });

    const rotated = await createSigningKey('google-key-rotacao');
    const token = await google.idToken({ email }, { key: rotated });
    await expect(verify(token)).rejects.toMatchObject({ statusCode: 401, ...INVALID });

    google.publish(rotated);
    const fetchesBefore = google.fetches;
    await expect(verify(token)).resolves.toMatchObject({ email });
    expect(google.fetches).toBe(fetchesBefore + 1);
  });

  it('does not refetch for an unknown kid during the cooldown', async () => {
    const verify = verifierWith({ cooldownMs: 60_000 });
    const email = uniqueEmail('cooldown');
    await expect(verify(await google.idToken({ email }))).resolves.toMatchObject({ email });
    const fetchesAfterFirst = google.fetches;

    const late = await createSigningKey('google-key-tardia');
    google.publish(late);
    const token = await google.idToken({ email }, { key: late });
    await expect(verify(token)).rejects.toMatchObject({ statusCode: 401, ...INVALID });
    expect(google.fetches).toBe(fetchesAfterFirst);
  });

  it('gives up on a key set that never answers, as unavailable', async () => {
    const verify = verifierWith({ timeoutMs: 200 });
    google.setMode('stall');
    try {
      await expect(verify(await google.idToken({ email: uniqueEmail('lenta') }))).rejects.toMatchObject({
        statusCode: 503,
        ...UNAVAILABLE,
      });
    } finally {
      google.setMode('ok');
    }
  });
});
