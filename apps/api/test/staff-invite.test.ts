import { ROLES } from '@petshop/domain';
import { and, desc, eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { auditLog, employees, staffInvitations, stores, userStores, users } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { bookingFixtures } from './support/booking';
import { outboxToken } from './support/outbox-token';

// Accounts are scrypt hashes: room for a loaded machine.
vi.setConfig({ testTimeout: 90_000 });

let t: TestContext;
let admin: LoggedIn;
let storeB: number;
let f: ReturnType<typeof bookingFixtures>;

beforeAll(async () => {
  t = await createTestContext({ APP_URL: 'https://loja.exemplo.com.br', SIGNUP_IP_MAX_ATTEMPTS: '1000' });
  admin = await t.admin();
  f = bookingFixtures(t);
  const [row] = await t.db.insert(stores).values({ name: 'Loja Centro' }).returning({ id: stores.id });
  storeB = row?.id ?? 0;
});
afterAll(() => t.close());

const invite = (as: LoggedIn, employeeId: number, payload: object) =>
  t.app.inject({ method: 'POST', url: `/api/employers/${employeeId}/invite`, headers: as.auth, payload });

const setRole = (as: LoggedIn, userId: number, payload: object) =>
  t.app.inject({ method: 'PUT', url: `/api/user/${userId}/role`, headers: as.auth, payload });

/**
 * The link of the last invitation e-mailed to `email`, from the development mailbox: to set the
 * password (a new account) or to accept (an existing one).
 */
async function inviteLink(email: string, kind: 'set-password' | 'accept' = 'set-password') {
  const list = await t.app.inject({ url: '/api/admin/messages?channel=email', headers: admin.auth });
  const row = (list.json().data as { id: number; kind: string; recipient: string }[]).find(
    (m) => m.kind === 'staff-invite' && m.recipient === email,
  );
  if (!row) throw new Error('no invitation e-mail');
  const opened = (await t.app.inject({ url: `/api/admin/messages/${row.id}`, headers: admin.auth })).json().data;
  expect(opened.subject).toBe('Seu acesso à equipe PetCare');
  const url = new URL(opened.link.url);
  if (kind === 'accept') {
    expect(opened.link.label).toBe('Aceitar convite');
    expect(url.pathname).toBe('/accept-invitation');
  } else {
    expect(opened.link.label).toBe('Criar minha senha');
    expect(url.pathname).toBe('/reset-password');
  }
  return url.searchParams.get('token') ?? '';
}

const resetWith = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password } });

const accept = (ctx: TestContext, token: string) =>
  ctx.app.inject({ method: 'POST', url: '/api/auth/invitations/accept', payload: { token } });

/** The audit entries of one user, oldest first. */
const auditOf = async (userId: number, action: string) =>
  (
    await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'user'), eq(auditLog.entityId, userId), eq(auditLog.action, action)))
      .orderBy(desc(auditLog.id))
  ).reverse();

/** What an account is, straight from the tables: role, stores and the employee it is. */
async function accountState(userId: number) {
  const [row] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, userId));
  const storeRows = await t.db
    .select({ storeId: userStores.storeId })
    .from(userStores)
    .where(eq(userStores.userId, userId));
  const linked = await t.db.select({ id: employees.id }).from(employees).where(eq(employees.userId, userId));
  return {
    role: row?.role,
    storeIds: storeRows.map((r) => r.storeId).sort((a, b) => a - b),
    employeeIds: linked.map((r) => r.id),
  };
}

describe('POST /employers/{id}/invite', () => {
  it('makes the account, links it to the employee, and e-mails a 72-hour single-use link that sets the password', async () => {
    const employeeId = await f.employee('Bruna Tosadora');
    const before = Date.now();
    const res = await invite(admin, employeeId, { email: 'Bruna@PetCare.local', role: 'professional' });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      employeeId,
      email: 'bruna@petcare.local',
      role: 'professional',
      storeIds: [1],
      pending: false,
    });
    // This shop has no SMTP: the link waits in 'Mensagens', and the answer says so.
    expect(res.json().message).toBe(
      'Convite criado. A conta foi criada; sem servidor de e-mail configurado, o link para criar a senha está em Mensagens.',
    );
    // Audited in the invitation's transaction: who, what role and store, and no secret.
    const [entry] = await auditOf(data.userId, 'invite');
    expect(entry).toMatchObject({ userId: admin.user.id, role: 'admin', storeId: 1, before: null });
    expect(entry?.after).toEqual({ role: 'professional', storeIds: [1], employeeId });
    const hours = (Date.parse(data.expiresAt) - before) / 3_600_000;
    expect(hours).toBeGreaterThan(71.9);
    expect(hours).toBeLessThan(72.1);
    const [linked] = await t.db
      .select({ userId: employees.userId })
      .from(employees)
      .where(eq(employees.id, employeeId));
    expect(linked?.userId).toBe(data.userId);

    const token = await inviteLink('bruna@petcare.local');
    const set = await resetWith(token, 'senha-da-bruna-1');
    expect(set.statusCode).toBe(200);
    expect(set.json().data.user).toMatchObject({ id: data.userId, role: 'professional', name: 'Bruna Tosadora' });
    expect((await resetWith(token, 'outra-senha-123')).statusCode).toBe(400);
    const groomer = await t.login('bruna@petcare.local', 'senha-da-bruna-1');
    expect(groomer.user.role).toBe('professional');
  });

  it('a customer who is invited stays a customer until they accept by the link; accepting makes them staff of the employee’s store, once', async () => {
    const customer = await t.customer();
    const employeeId = await f.employee('Carla Atendente');
    const res = await invite(admin, employeeId, { email: customer.user.email, role: 'reception' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      userId: customer.user.id,
      role: 'reception',
      storeIds: [1],
      pending: true,
    });
    expect(res.json().message).toMatch(
      /já existe.*sem servidor de e-mail configurado.*Mensagens.*quando a pessoa aceitar/,
    );

    // Nothing changed: role, stores, employee link, and the customer's session is still a customer's.
    expect(await accountState(customer.user.id)).toEqual({ role: 'customer', storeIds: [], employeeIds: [] });
    const agenda = await t.app.inject({ url: '/api/admin/agenda?date=2030-01-07', headers: customer.auth });
    expect(agenda.statusCode).toBe(403);
    const [pendingEntry] = await auditOf(customer.user.id, 'invite');
    expect(pendingEntry?.after).toEqual({ invitation: 'pendente', role: 'reception', storeId: 1, employeeId });

    // Only a hash of the link's token is kept.
    const token = await inviteLink(customer.user.email, 'accept');
    expect(JSON.stringify(await t.db.select().from(staffInvitations))).not.toContain(token);

    const accepted = await accept(t, token);
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().data.user).toMatchObject({ id: customer.user.id, role: 'reception' });
    expect(await accountState(customer.user.id)).toEqual({
      role: 'reception',
      storeIds: [1],
      employeeIds: [employeeId],
    });
    // The sessions made as a customer end; the one the link gave opens the agenda.
    expect((await t.app.inject({ url: `/api/user/${customer.user.id}`, headers: customer.auth })).statusCode).toBe(401);
    const asStaff = await t.app.inject({
      url: '/api/admin/agenda?date=2030-01-07',
      headers: { authorization: `Bearer ${accepted.json().data.token}` },
    });
    expect(asStaff.statusCode).toBe(200);
    // The old password still signs in.
    expect((await t.login(customer.user.email, customer.password)).user.role).toBe('reception');

    const again = await accept(t, token);
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({
      code: 'INVALID_INVITATION',
      message: expect.stringMatching(/Convite inválido/),
    });
    const entries = await auditOf(customer.user.id, 'invite_accept');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ userId: customer.user.id, role: 'reception', storeId: 1 });
    expect(entries[0]?.before).toEqual({ role: 'customer', storeIds: [] });
    expect(entries[0]?.after).toEqual({ role: 'reception', storeIds: [1], employeeId });
  });

  it('two parallel accepts of one link apply it once', async () => {
    const customer = await t.customer();
    const employeeId = await f.employee('Paula Paralela');
    expect((await invite(admin, employeeId, { email: customer.user.email, role: 'professional' })).statusCode).toBe(
      201,
    );
    const token = await outboxToken(t.db, 'staff-invite', customer.user.email);
    const results = await Promise.all([accept(t, token), accept(t, token)]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await auditOf(customer.user.id, 'invite_accept')).toHaveLength(1);
    expect(await accountState(customer.user.id)).toEqual({
      role: 'professional',
      storeIds: [1],
      employeeIds: [employeeId],
    });
  });

  it('refuses an expired, an unknown and a reset link with a pt-BR 400, and changes nothing', async () => {
    const customer = await t.customer();
    const employeeId = await f.employee('Vera Vencida');
    expect((await invite(admin, employeeId, { email: customer.user.email, role: 'reception' })).statusCode).toBe(201);
    const token = await outboxToken(t.db, 'staff-invite', customer.user.email);
    await t.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.userId, customer.user.id));
    const expired = await accept(t, token);
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({
      code: 'INVALID_INVITATION',
      message: 'Convite inválido, expirado ou já aceito. Peça um novo a quem convidou você.',
    });
    expect((await accept(t, 'A'.repeat(43))).json().code).toBe('INVALID_INVITATION');
    expect((await accept(t, 'curto')).statusCode).toBe(400);
    await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email: customer.user.email } });
    const resetToken = await outboxToken(t.db, 'password-reset', customer.user.email);
    expect((await accept(t, resetToken)).statusCode).toBe(400);
    expect(await accountState(customer.user.id)).toEqual({ role: 'customer', storeIds: [], employeeIds: [] });
    expect(await auditOf(customer.user.id, 'invite_accept')).toHaveLength(0);
  });

  it('an account deleted while invited keeps no invitation, and its link is refused', async () => {
    const customer = await t.customer();
    const employeeId = await f.employee('Dora Desistente');
    expect((await invite(admin, employeeId, { email: customer.user.email, role: 'reception' })).statusCode).toBe(201);
    const token = await outboxToken(t.db, 'staff-invite', customer.user.email);
    const gone = await t.app.inject({ method: 'DELETE', url: `/api/user/${customer.user.id}`, headers: customer.auth });
    expect(gone.statusCode, gone.body).toBe(200);
    expect(await t.db.select().from(staffInvitations).where(eq(staffInvitations.userId, customer.user.id))).toEqual([]);
    expect((await accept(t, token)).statusCode).toBe(400);
  });

  it('a manager invites reception and professionals of their stores only, and no manager', async () => {
    const manager = await t.staffMember(ROLES.manager, [1]);
    const managerB = await t.staffMember(ROLES.manager, [storeB]);
    const employeeId = await f.employee('Diego Banhista');
    expect((await invite(manager, employeeId, { email: 'diego@petcare.local', role: 'manager' })).statusCode).toBe(403);
    expect(
      (await invite(managerB, employeeId, { email: 'diego@petcare.local', role: 'professional' })).statusCode,
    ).toBe(404);
    expect((await invite(manager, employeeId, { email: 'diego@petcare.local', role: 'professional' })).statusCode).toBe(
      201,
    );
    const reception = await t.staffMember(ROLES.reception, [1]);
    expect((await invite(reception, employeeId, { email: 'x@petcare.local', role: 'professional' })).statusCode).toBe(
      403,
    );
  });

  it('never demotes an admin, and refuses a role that is not a store role', async () => {
    const employeeId = await f.employee('Eva');
    expect((await invite(admin, employeeId, { email: admin.user.email, role: 'professional' })).statusCode).toBe(409);
    expect((await invite(admin, employeeId, { email: 'eva@petcare.local', role: 'admin' })).statusCode).toBe(400);
    expect((await invite(admin, 999999, { email: 'eva@petcare.local', role: 'professional' })).statusCode).toBe(404);
  });
});

describe('PUT /user/{id}/role', () => {
  it('the owner gives a store role with its stores; the old session ends and the next one carries them', async () => {
    const someone = await t.customer();
    const res = await setRole(admin, someone.user.id, { role: 'manager', storeIds: [storeB, 1] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: someone.user.id, role: 'manager', storeIds: [1, storeB] });
    const [entry] = await auditOf(someone.user.id, 'role');
    expect(entry).toMatchObject({ userId: admin.user.id, role: 'admin' });
    expect(entry?.before).toEqual({ role: 'customer', storeIds: [] });
    expect(entry?.after).toEqual({ role: 'manager', storeIds: [1, storeB] });
    // The customer's token, which passed no second factor, is not a manager's: a new sign-in is.
    const summary = '/api/admin/reports/summary?from=2030-01-01&to=2030-01-31';
    expect((await t.app.inject({ url: summary, headers: someone.auth })).statusCode).toBe(401);
    const signedIn = await t.login(someone.user.email, someone.password);
    expect((await t.app.inject({ url: summary, headers: signedIn.auth })).statusCode).toBe(200);
    const back = await setRole(admin, someone.user.id, { role: 'customer' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.storeIds).toEqual([]);
    // Only what changed; a store move alone names only the stores.
    expect((await setRole(admin, someone.user.id, { role: 'reception', storeIds: [1] })).statusCode).toBe(200);
    expect((await setRole(admin, someone.user.id, { role: 'reception', storeIds: [storeB] })).statusCode).toBe(200);
    const entries = await auditOf(someone.user.id, 'role');
    expect(entries).toHaveLength(4);
    expect(entries[3]?.before).toEqual({ storeIds: [1] });
    expect(entries[3]?.after).toEqual({ storeIds: [storeB] });
  });

  it('a store role needs a store that exists; only the owner changes roles, never their own', async () => {
    const someone = await t.customer();
    expect((await setRole(admin, someone.user.id, { role: 'reception', storeIds: [] })).statusCode).toBe(400);
    expect((await setRole(admin, someone.user.id, { role: 'reception', storeIds: [999999] })).statusCode).toBe(400);
    const manager = await t.staffMember(ROLES.manager, [1]);
    expect((await setRole(manager, someone.user.id, { role: 'reception', storeIds: [1] })).statusCode).toBe(403);
    expect((await setRole(admin, admin.user.id, { role: 'customer' })).statusCode).toBe(403);
  });

  it('an admin may demote another admin while one stays; an invited account without CPF cannot become a customer', async () => {
    const second = await t.admin();
    const res = await setRole(admin, second.user.id, { role: 'manager', storeIds: [1] });
    expect(res.statusCode).toBe(200);
    const [invited] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, 'bruna@petcare.local'));
    const noCpf = await setRole(admin, invited?.id ?? 0, { role: 'customer' });
    expect(noCpf.statusCode).toBe(409);
    expect(noCpf.json().code).toBe('CPF_REQUIRED');
  });
});

describe('STAFF_2FA_REQUIRED=1: an invited manager enrols before the first session', () => {
  let strict: TestContext;
  let owner: LoggedIn;
  beforeAll(async () => {
    strict = await createTestContext({ STAFF_2FA_REQUIRED: '1', SIGNUP_IP_MAX_ATTEMPTS: '1000' });
    // A session made before the role: the password login of an admin would ask to enrol.
    owner = await strict.customer();
    await strict.db.update(users).set({ role: 'admin' }).where(eq(users.id, owner.user.id));
  });
  afterAll(() => strict?.close());

  const inviteIn = async (name: string, email: string) => {
    const employeeId = await bookingFixtures(strict).employee(name);
    return strict.app.inject({
      method: 'POST',
      url: `/api/employers/${employeeId}/invite`,
      headers: owner.auth,
      payload: { email, role: 'manager' },
    });
  };

  async function enrols(res: Awaited<ReturnType<typeof accept>>) {
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().data.token).toBeUndefined();
    const { challenge, enrol } = res.json().data;
    expect(enrol.qrCode).toMatch(/^data:image\/png/);
    const secret = new URL(enrol.otpauthUrl).searchParams.get('secret') as string;
    const ok = await strict.app.inject({
      method: 'POST',
      url: '/api/auth/2fa/verify',
      payload: { challenge, code: await generate({ secret }) },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.user.role).toBe('manager');
  }

  it('a new account: the set-password link ends in the enrolment, not a session', async () => {
    expect((await inviteIn('Gil Gerente', 'gil@petcare.local')).statusCode).toBe(201);
    const token = await outboxToken(strict.db, 'staff-invite', 'gil@petcare.local');
    await enrols(
      await strict.app.inject({
        method: 'POST',
        url: '/api/auth/password/reset',
        payload: { token, password: 'senha-do-gil-1' },
      }),
    );
  });

  it('an existing account: accepting ends in the enrolment, not a session', async () => {
    const customer = await strict.customer();
    expect((await inviteIn('Clara Gerente', customer.user.email)).statusCode).toBe(201);
    const token = await outboxToken(strict.db, 'staff-invite', customer.user.email);
    await enrols(await accept(strict, token));
  });
});

describe('with SMTP configured', () => {
  let mailing: TestContext;
  beforeAll(async () => {
    // Nothing listens there: the invitation is answered before the outbox sends anything.
    mailing = await createTestContext({ SMTP_URL: 'smtp://127.0.0.1:2', SIGNUP_IP_MAX_ATTEMPTS: '1000' });
  });
  afterAll(() => mailing?.close());

  it('says the invitation went by e-mail', async () => {
    const owner = await mailing.admin();
    const employeeId = await bookingFixtures(mailing).employee('Eva Banhista');
    const res = await mailing.app.inject({
      method: 'POST',
      url: `/api/employers/${employeeId}/invite`,
      headers: owner.auth,
      payload: { email: 'eva@petcare.local', role: 'professional' },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe('Convite enviado por e-mail. A conta foi criada; a pessoa cria a senha pelo link.');
  });
});
