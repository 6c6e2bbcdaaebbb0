import { ROLES } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { employees, stores, users } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { bookingFixtures } from './support/booking';

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

/** The set-password link of the last invitation e-mailed to `email`, from the development mailbox. */
async function inviteLink(email: string) {
  const list = await t.app.inject({ url: '/api/admin/messages?channel=email', headers: admin.auth });
  const row = (list.json().data as { id: number; kind: string; recipient: string }[]).find(
    (m) => m.kind === 'staff-invite' && m.recipient === email,
  );
  if (!row) throw new Error('no invitation e-mail');
  const opened = (await t.app.inject({ url: `/api/admin/messages/${row.id}`, headers: admin.auth })).json().data;
  expect(opened.subject).toBe('Seu acesso à equipe PetCare');
  expect(opened.link.label).toBe('Criar minha senha');
  return new URL(opened.link.url).searchParams.get('token') ?? '';
}

const resetWith = (token: string, password: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/password/reset', payload: { token, password } });

describe('POST /employers/{id}/invite', () => {
  it('makes the account, links it to the employee, and e-mails a 72-hour single-use link that sets the password', async () => {
    const employeeId = await f.employee('Bruna Tosadora');
    const before = Date.now();
    const res = await invite(admin, employeeId, { email: 'Bruna@PetCare.local', role: 'professional' });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({ employeeId, email: 'bruna@petcare.local', role: 'professional', storeIds: [1] });
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

  it('a customer who is invited keeps the account and becomes staff of the employee’s store', async () => {
    const customer = await t.customer();
    const employeeId = await f.employee('Carla Atendente');
    const res = await invite(admin, employeeId, { email: customer.user.email, role: 'reception' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({ userId: customer.user.id, role: 'reception', storeIds: [1] });
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
  it('the owner gives a store role with its stores; the session carries them at once', async () => {
    const someone = await t.customer();
    const res = await setRole(admin, someone.user.id, { role: 'manager', storeIds: [storeB, 1] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: someone.user.id, role: 'manager', storeIds: [1, storeB] });
    // The same token now opens a manager's route.
    const report = await t.app.inject({
      url: '/api/admin/reports/summary?from=2030-01-01&to=2030-01-31',
      headers: someone.auth,
    });
    expect(report.statusCode).toBe(200);
    const back = await setRole(admin, someone.user.id, { role: 'customer' });
    expect(back.statusCode).toBe(200);
    expect(back.json().data.storeIds).toEqual([]);
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
