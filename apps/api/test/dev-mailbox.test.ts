import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestContext, openTestDatabase, type TestContext } from './helper';

// Accounts are scrypt hashes: room for a loaded machine.
vi.setConfig({ testTimeout: 90_000 });

let database: Awaited<ReturnType<typeof openTestDatabase>>;
/** no SMTP_URL: the outbox is the development mailbox */
let t: TestContext;
/** the same database, with an SMTP server configured */
let withSmtp: TestContext;

beforeAll(async () => {
  database = await openTestDatabase();
  t = await createTestContext({ APP_URL: 'https://loja.exemplo.com.br' }, database);
  withSmtp = await createTestContext(
    { APP_URL: 'https://loja.exemplo.com.br', SMTP_URL: 'smtp://127.0.0.1:1' },
    database,
  );
});
afterAll(async () => {
  await withSmtp?.close();
  await t?.close();
  await database?.close();
});

async function resetMessageOf(email: string, admin: { authorization: string }) {
  const asked = await t.app.inject({ method: 'POST', url: '/api/auth/password/forgot', payload: { email } });
  expect(asked.statusCode).toBe(202);
  const list = await t.app.inject({ url: '/api/admin/messages?channel=email&status=pendente', headers: admin });
  const row = (list.json().data as { id: number; kind: string; recipient: string }[]).find(
    (m) => m.kind === 'password-reset' && m.recipient === email,
  );
  if (!row) throw new Error('no pending reset e-mail');
  return row.id;
}

describe('GET /api/admin/messages/{id}', () => {
  it('without SMTP opens a reset e-mail as it would be sent, and its link finishes the reset', async () => {
    const admin = await t.admin();
    const customer = await t.customer();
    const id = await resetMessageOf(customer.user.email, admin.auth);

    const opened = await t.app.inject({ url: `/api/admin/messages/${id}`, headers: admin.auth });
    expect(opened.statusCode).toBe(200);
    const message = opened.json().data;
    expect(message).toMatchObject({ id, status: 'pendente', subject: 'Redefinição de senha' });
    expect(message.link.label).toBe('Criar nova senha');
    const token = new URL(message.link.url).searchParams.get('token');
    expect(message.link.url).toMatch(/^https:\/\/loja\.exemplo\.com\.br\/reset-password\?token=/);
    expect(message.text).toContain(message.link.url);

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/password/reset',
      payload: { token, password: 'nova-senha-segura' },
    });
    expect(reset.statusCode).toBe(200);
    expect((await t.login(customer.user.email, 'nova-senha-segura')).user.id).toBe(customer.user.id);
  });

  it('with SMTP the reset link goes only to its owner: the admin reads the e-mail without it', async () => {
    const admin = await withSmtp.admin();
    const customer = await withSmtp.customer();
    const id = await resetMessageOf(customer.user.email, admin.auth);
    const opened = await withSmtp.app.inject({ url: `/api/admin/messages/${id}`, headers: admin.auth });
    expect(opened.statusCode).toBe(200);
    expect(opened.json().data.link).toBeNull();
    expect(opened.json().data.text).not.toContain('token=');
  });

  it('is for admins only, and an unknown id is 404', async () => {
    const admin = await t.admin();
    const customer = await t.customer();
    const list = await t.app.inject({ url: '/api/admin/messages', headers: admin.auth });
    const any = (list.json().data as { id: number }[])[0];
    expect((await t.app.inject({ url: `/api/admin/messages/${any?.id}`, headers: customer.auth })).statusCode).toBe(
      403,
    );
    expect((await t.app.inject({ url: `/api/admin/messages/${any?.id}` })).statusCode).toBe(401);
    const unknown = await t.app.inject({ url: '/api/admin/messages/999999', headers: admin.auth });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Mensagem não encontrada.');
  });
});
