import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, passwordResetTokens } from '../src/db/schema';
import { messageGuards } from '../src/message-guards';
import { createMessageDelivery } from '../src/modules/messages/message-delivery';
import { smtpTransport } from '../src/modules/messages/transports';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { outboxToken } from './support/outbox-token';
import { type SmtpStandIn, startSmtpStandIn } from './support/smtp-stand-in';

// Each test creates several accounts (scrypt): room for a loaded machine.
vi.setConfig({ testTimeout: 90_000 });

let t: TestContext;
let smtp: SmtpStandIn;
let delivery: ReturnType<typeof createMessageDelivery>;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  t = await createTestContext({ FORGOT_PASSWORD_MAX: '3', APP_URL: 'https://loja.exemplo.com.br' });
  delivery = createMessageDelivery({
    db: t.db,
    config: t.config,
    log: t.app.log,
    guards: messageGuards,
    mail: smtpTransport(smtp.url, 'PetCare <loja@exemplo.com.br>'),
  });
});
afterAll(async () => {
  delivery.close();
  await t.close();
  await smtp.stop();
});

let ipSeq = 0;
const freshIp = () => `10.9.${Math.floor(ipSeq / 250)}.${(ipSeq++ % 250) + 1}`;

const forgot = (email: string, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email }, remoteAddress: ip });
const reset = (token: string, password: string, ip = freshIp()) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password }, remoteAddress: ip });

/** Asks for a link and reads it from the e-mail the SMTP server received. */
async function linkFor(email: string) {
  const before = smtp.received.length;
  expect((await forgot(email)).statusCode).toBe(202);
  await delivery.run();
  const mail = smtp.received.slice(before).find((m) => m.to === email && /Redefinição de senha/.test(m.subject));
  if (!mail) throw new Error('no reset e-mail');
  const url = mail.text.match(/https:\/\/loja\.exemplo\.com\.br\/reset-password\?token=([\w-]+)/);
  if (!url?.[1]) throw new Error('no link in the e-mail');
  expect(mail.html).toContain(`/reset-password?token=${url[1]}`);
  return url[1];
}

describe('POST /api/auth/password/forgot', () => {
  it('answers the same 202 and body, in similar time, whether or not the e-mail has an account', async () => {
    const user = await t.customer();
    const started1 = Date.now();
    const known = await forgot(user.user.email);
    const knownMs = Date.now() - started1;
    const started2 = Date.now();
    const unknown = await forgot(`ninguem.${Date.now()}@exemplo.com.br`);
    const unknownMs = Date.now() - started2;
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(unknown.body).toBe(known.body);
    expect(known.json().message).toMatch(/Se houver uma conta/);
    expect(Math.abs(knownMs - unknownMs)).toBeLessThan(300);
    expect(Math.min(knownMs, unknownMs)).toBeGreaterThanOrEqual(390);
  });

  it('keeps only a hash of the token: the link from the e-mail is in no table, and the sent message forgets it', async () => {
    const user = await t.customer();
    const token = await linkFor(user.user.email);
    const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.user.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.tokenHash).not.toContain(token);
    const expires = (row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0);
    expect(Math.abs(expires - 30 * 60_000)).toBeLessThan(5_000);
    const allText = JSON.stringify([await t.db.select().from(messages), await t.db.select().from(passwordResetTokens)]);
    expect(allText).not.toContain(token);
    const [sent] = await t.db
      .select({ status: messages.status, payload: messages.payload })
      .from(messages)
      .where(eq(messages.eventKey, `password-reset:${row?.id}`));
    expect(sent?.status).toBe('enviada');
    expect(sent?.payload).not.toHaveProperty('sealedToken');
  });

  it('is rate limited per e-mail (429 after 3), the same for an unknown e-mail, and per IP', async () => {
    const user = await t.customer();
    const ip = freshIp();
    for (let i = 0; i < 3; i += 1) expect((await forgot(user.user.email, freshIp())).statusCode).toBe(202);
    const limited = await forgot(user.user.email, freshIp());
    expect(limited.statusCode).toBe(429);
    const ghost = `fantasma.${Date.now()}@exemplo.com.br`;
    for (let i = 0; i < 3; i += 1) await forgot(ghost, freshIp());
    expect((await forgot(ghost, freshIp())).body).toBe(limited.body);
    const codes: number[] = [];
    for (let i = 0; i < 13; i += 1) codes.push((await forgot(`ip${i}.${Date.now()}@exemplo.com.br`, ip)).statusCode);
    expect(codes.slice(0, 12).every((c) => c === 202)).toBe(true);
    expect(codes[12]).toBe(429);
  });

  it('rejects a malformed e-mail with 400', async () => {
    const res = await forgot('nao-e-email');
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('email');
  });
});

describe('POST /api/auth/password/reset', () => {
  it('sets the new password, logs in, ends every other session, and the link works once', async () => {
    const user = await t.customer();
    const token = await linkFor(user.user.email);
    const res = await reset(token, 'nova-senha-456');
    expect(res.statusCode).toBe(200);
    const { data } = res.json();
    expect(data.user.id).toBe(user.user.id);
    expect(res.body).not.toMatch(/password|scrypt|tokenVersion/i);
    const me = await t.app.inject({
      url: `/api/user/${user.user.id}`,
      headers: { authorization: `Bearer ${data.token}` },
    });
    expect(me.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/user/${user.user.id}`, headers: user.auth })).statusCode).toBe(401);
    await t.login(user.user.email, 'nova-senha-456');
    const again = await reset(token, 'outra-senha-789');
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe('INVALID_RESET_TOKEN');
    await t.login(user.user.email, 'nova-senha-456');
    await delivery.run();
    await smtp.waitFor(user.user.email, /senha foi alterada/);
  });

  it('refuses an expired, an unknown and an older link (a newer password kills open links)', async () => {
    const user = await t.customer();
    const expired = await linkFor(user.user.email);
    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.user.id));
    expect((await reset(expired, 'nova-senha-456')).statusCode).toBe(400);
    expect((await reset('A'.repeat(43), 'nova-senha-456')).json().code).toBe('INVALID_RESET_TOKEN');
    const older = await linkFor(user.user.email);
    const newer = await linkFor(user.user.email);
    expect((await reset(newer, 'nova-senha-456')).statusCode).toBe(200);
    expect((await reset(older, 'outra-senha-789')).statusCode).toBe(400);
    await t.login(user.user.email, 'nova-senha-456');
  });

  it('gives the link to one of two parallel uses', async () => {
    const user = await t.customer();
    const token = await linkFor(user.user.email);
    const results = await Promise.all([reset(token, 'primeira-senha-1'), reset(token, 'segunda-senha-2')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('validates the new password (400 with the field) and changes nothing', async () => {
    const user = await t.customer();
    const token = await linkFor(user.user.email);
    const res = await reset(token, 'curta');
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe('password');
    expect((await reset(token, 'agora-valida-1')).statusCode).toBe(200);
  });
});

/** Turns two-factor on for a staff member; answers the secret and the recovery codes. */
async function enrolTwoFactor(ctx: TestContext, who: LoggedIn) {
  const setup = await ctx.app.inject({ method: 'POST', url: '/api/auth/2fa/setup', headers: who.auth });
  expect(setup.statusCode, setup.body).toBe(200);
  const secret = new URL(setup.json().data.otpauthUrl).searchParams.get('secret') as string;
  const enable = await ctx.app.inject({
    method: 'POST',
    url: '/api/auth/2fa/enable',
    headers: who.auth,
    payload: { code: await generate({ secret }) },
  });
  expect(enable.statusCode, enable.body).toBe(200);
  return { secret, recoveryCodes: enable.json().data.recoveryCodes as string[] };
}

const verify = (ctx: TestContext, challenge: string, code: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/2fa/verify', payload: { challenge, code } });

describe('POST /api/auth/password/reset of an account with a second factor', () => {
  it('changes the password but answers 202 with a challenge and no token; the session comes with the code', async () => {
    const staff = await t.staffMember('reception');
    const { recoveryCodes } = await enrolTwoFactor(t, staff);
    const token = await linkFor(staff.user.email);
    const res = await reset(token, 'nova-senha-456');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data).toEqual({ challenge: expect.any(String) });
    expect(res.json().message).toMatch(/código do aplicativo/);
    expect(res.body).not.toMatch(/token/i);
    // The link was used: the password changed, the old sessions ended, the link is spent.
    expect((await t.app.inject({ url: `/api/user/${staff.user.id}`, headers: staff.auth })).statusCode).toBe(401);
    expect((await reset(token, 'outra-senha-789')).statusCode).toBe(400);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: staff.user.email, password: 'nova-senha-456' },
    });
    expect(login.statusCode).toBe(202);

    expect((await verify(t, res.json().data.challenge, '000000')).statusCode).toBe(401);
    const ok = await verify(t, res.json().data.challenge, recoveryCodes[0] as string);
    expect(ok.statusCode, ok.body).toBe(200);
    const me = await t.app.inject({
      url: `/api/user/${staff.user.id}`,
      headers: { authorization: `Bearer ${ok.json().data.token}` },
    });
    expect(me.statusCode).toBe(200);
  });

  describe('STAFF_2FA_REQUIRED=1', () => {
    let strict: TestContext;
    beforeAll(async () => {
      strict = await createTestContext({ STAFF_2FA_REQUIRED: '1' });
    });
    afterAll(() => strict?.close());

    it('a manager without two-factor is told to enrol: a QR and a challenge, no token; the first code signs in', async () => {
      const manager = await strict.staffMember('manager');
      expect(
        (
          await strict.app.inject({
            method: 'POST',
            url: '/api/auth/password/forgot',
            payload: { email: manager.user.email },
          })
        ).statusCode,
      ).toBe(202);
      const token = await outboxToken(strict.db, 'password-reset', manager.user.email);
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        payload: { token, password: 'nova-senha-456' },
      });
      expect(res.statusCode, res.body).toBe(202);
      const { challenge, enrol } = res.json().data;
      expect(res.json().data.token).toBeUndefined();
      expect(res.json().message).toMatch(/Configure a verificação em duas etapas/);
      expect(enrol.qrCode).toMatch(/^data:image\/png/);
      const secret = new URL(enrol.otpauthUrl).searchParams.get('secret') as string;
      const ok = await verify(strict, challenge, await generate({ secret }));
      expect(ok.statusCode, ok.body).toBe(200);
      expect(ok.json().data.recoveryCodes).toHaveLength(10);
      expect(ok.json().data.token).toBeTruthy();
    });

    it('a customer still gets the session at once', async () => {
      const customer = await strict.customer();
      await strict.app.inject({
        method: 'POST',
        url: '/api/auth/password/forgot',
        payload: { email: customer.user.email },
      });
      const token = await outboxToken(strict.db, 'password-reset', customer.user.email);
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        payload: { token, password: 'nova-senha-456' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().data.token).toBeTruthy();
    });
  });
});

describe('PUT /api/user/:id/password', () => {
  const change = (id: number, auth: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/user/${id}/password`, headers: auth, payload });

  it('changes the own password with the current one: new token, other sessions end', async () => {
    const user = await t.customer();
    const second = await t.login(user.user.email, user.password);
    const res = await change(user.user.id, user.auth, { currentPassword: user.password, newPassword: 'trocada-123' });
    expect(res.statusCode).toBe(200);
    const token = res.json().data.token as string;
    expect((await t.app.inject({ url: `/api/user/${user.user.id}`, headers: second.auth })).statusCode).toBe(401);
    expect((await t.app.inject({ url: `/api/user/${user.user.id}`, headers: user.auth })).statusCode).toBe(401);
    const me = await t.app.inject({ url: `/api/user/${user.user.id}`, headers: { authorization: `Bearer ${token}` } });
    expect(me.statusCode).toBe(200);
    await t.login(user.user.email, 'trocada-123');
  });

  it('answers 400 to a wrong current password and changes nothing; 429 after repeated failures', async () => {
    const user = await t.customer();
    const wrong = await change(user.user.id, user.auth, { currentPassword: 'errada-000', newPassword: 'trocada-123' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', details: [{ field: 'currentPassword' }] });
    await t.login(user.user.email, user.password);
    expect((await t.app.inject({ url: `/api/user/${user.user.id}`, headers: user.auth })).statusCode).toBe(200);
    for (let i = 0; i < 4; i += 1) {
      await change(user.user.id, user.auth, { currentPassword: 'errada-000', newPassword: 'trocada-123' });
    }
    const limited = await change(user.user.id, user.auth, {
      currentPassword: user.password,
      newPassword: 'trocada-123',
    });
    expect(limited.statusCode).toBe(429);
  });

  it("is for the own account only: another customer's id is 404, an admin gets 403, no token 401", async () => {
    const user = await t.customer();
    const other = await t.customer();
    const admin = await t.admin();
    const body = { currentPassword: user.password, newPassword: 'trocada-123' };
    expect((await change(user.user.id, other.auth, body)).statusCode).toBe(404);
    expect((await change(user.user.id, admin.auth, body)).statusCode).toBe(403);
    expect((await change(user.user.id, {}, body)).statusCode).toBe(401);
    await t.login(user.user.email, user.password);
  });
});
