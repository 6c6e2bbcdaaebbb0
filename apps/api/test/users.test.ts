import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helper';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

const post = (payload: unknown) => t.app.inject({ method: 'POST', url: '/api/user', payload: payload as object });
const noSecrets = (body: string) => {
  expect(body).not.toMatch(/password|scrypt|token_?version|hash/i);
};

describe('POST /api/user', () => {
  it('creates a customer from masked input, storing digits only and never returning the hash', async () => {
    const payload = t.newUserPayload({ cpf: '529.982.247-25', phone: '(11) 98765-4321', email: ' Ana@Exemplo.COM ' });
    const res = await post(payload);
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      email: 'ana@exemplo.com',
      cpf: '52998224725',
      phone: '11987654321',
      role: 'customer',
    });
    noSecrets(res.body);
  });

  it('also answers on /api/user/ (trailing slash, as SPEC calls it)', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/user/', payload: t.newUserPayload() });
    expect(res.statusCode).toBe(201);
  });

  it('ignores a role sent by the client', async () => {
    const res = await post({ ...t.newUserPayload(), role: 'admin', id: 999 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.role).toBe('customer');
    expect(res.json().data.id).not.toBe(999);
  });

  it.each([
    ['email', { email: 'sem-arroba' }, 'E-mail inválido.'],
    ['password', { password: '1234567' }, 'A senha deve ter pelo menos 8 caracteres.'],
    ['cpf', { cpf: '529.982.247-24' }, 'CPF inválido.'],
    ['cpf', { cpf: '111.111.111-11' }, 'CPF inválido.'],
    ['phone', { phone: '1234' }, 'Telefone inválido. Use DDD e número, com 10 ou 11 dígitos.'],
    ['name', { name: '   ' }, 'Informe o nome.'],
  ])('rejects a bad %s with a pt-BR 400 naming the field', async (field, override, message) => {
    const res = await post({ ...t.newUserPayload(), ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message });
    expect(res.json().details).toContainEqual({ field, message });
  });

  it.each(['email', 'password', 'cpf', 'name', 'phone'])('rejects a registration without %s', async (field) => {
    const payload: Record<string, string> = t.newUserPayload();
    delete payload[field];
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().details[0].field).toBe(field);
  });

  it('refuses a duplicate e-mail whatever its case, and a duplicate CPF', async () => {
    const first = t.newUserPayload();
    expect((await post(first)).statusCode).toBe(201);
    const sameEmail = await post({ ...t.newUserPayload(), email: first.email.toUpperCase() });
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Este e-mail já está cadastrado.' });
    const sameCpf = await post({ ...t.newUserPayload(), cpf: first.cpf });
    expect(sameCpf.statusCode).toBe(409);
    expect(sameCpf.json()).toMatchObject({ code: 'CPF_TAKEN', message: 'Este CPF já está cadastrado.' });
  });

  it('rejects a made-up Google ticket and creates nothing', async () => {
    const payload = { ...t.newUserPayload(), googleTicket: 'not-a-ticket' };
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('INVALID_GOOGLE_TICKET');
    const again = await post({ ...payload, googleTicket: undefined });
    expect(again.statusCode).toBe(201);
  });
});

describe('GET /api/user (admin list)', () => {
  it('lists users for an admin, paginated, without secrets', async () => {
    const admin = await t.admin();
    await t.customer();
    const res = await t.app.inject({ url: '/api/user?limit=2&offset=0', headers: admin.auth });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.data).toHaveLength(2);
    expect(body.meta).toMatchObject({ limit: 2, offset: 0 });
    expect(body.meta.total).toBeGreaterThanOrEqual(2);
    noSecrets(res.body);
  });

  it('is forbidden to a customer and needs a token', async () => {
    const customer = await t.customer();
    expect((await t.app.inject({ url: '/api/user', headers: customer.auth })).statusCode).toBe(403);
    const anonymous = await t.app.inject({ url: '/api/user' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().message).toBe('Faça login para continuar.');
  });

  it('rejects a forged or garbage token', async () => {
    const res = await t.app.inject({ url: '/api/user/1', headers: { authorization: 'Bearer abc.def.ghi' } });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /api/user?q= (admin search)', () => {
  const search = async (q: string) => {
    const admin = await t.admin();
    const res = await t.app.inject({ url: `/api/user?q=${encodeURIComponent(q)}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    return res.json() as { data: { id: number }[]; meta: { total: number } };
  };

  it('finds by name without accents or case, by e-mail and by CPF, and counts only the matches', async () => {
    const cpf = generateCpf();
    const tag = Date.now().toString(36);
    const res = await post(
      t.newUserPayload({ name: `Conceição Ávila ${tag}`, email: `busca.${tag}@exemplo.com`, cpf }),
    );
    const { id } = res.json().data as { id: number };
    for (const q of [`conceicao avila ${tag}`, `ÁVILA ${tag}`, `BUSCA.${tag}`, cpf.slice(2, 9)]) {
      const found = await search(q);
      expect(
        found.data.map((u) => u.id),
        q,
      ).toContain(id);
      expect(found.meta.total, q).toBe(found.data.length);
    }
    expect((await search(`ninguem-${tag}`)).data).toEqual([]);
  });

  it("finds every word of the name wherever it is: 'maria silva' finds 'Maria da Silva'", async () => {
    const tag = Date.now().toString(36);
    const res = await post(t.newUserPayload({ name: `Maria da Silva Xavier${tag}` }));
    const { id } = res.json().data as { id: number };
    for (const q of [`maria silva xavier${tag}`, `silva   MARIA xavier${tag}`, `xavier${tag} maria`]) {
      expect(
        (await search(q)).data.map((u) => u.id),
        q,
      ).toContain(id);
    }
    expect((await search(`maria souza xavier${tag}`)).data).toEqual([]);
  });

  it('treats % and _ as letters, and a blank term lists everyone', async () => {
    expect((await search('%')).data).toEqual([]);
    expect((await search('_')).data).toEqual([]);
    expect((await search('  ')).meta.total).toBeGreaterThan(1);
  });

  it('rejects a term over 100 characters with 400', async () => {
    const admin = await t.admin();
    const res = await t.app.inject({ url: `/api/user?q=${'a'.repeat(101)}`, headers: admin.auth });
    expect(res.statusCode).toBe(400);
  });
});

describe('GET /api/user/:id', () => {
  it('returns your own user', async () => {
    const me = await t.customer();
    const res = await t.app.inject({ url: `/api/user/${me.user.id}`, headers: me.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.email).toBe(me.user.email);
    noSecrets(res.body);
  });

  it("answers 404 for someone else's id, so it does not reveal that it exists", async () => {
    const me = await t.customer();
    const other = await t.customer();
    const res = await t.app.inject({ url: `/api/user/${other.user.id}`, headers: me.auth });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Usuário não encontrado.');
  });

  it('lets an admin read anyone, and rejects a non-numeric id', async () => {
    const admin = await t.admin();
    const other = await t.customer();
    expect((await t.app.inject({ url: `/api/user/${other.user.id}`, headers: admin.auth })).statusCode).toBe(200);
    const bad = await t.app.inject({ url: '/api/user/abc', headers: admin.auth });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Identificador inválido.');
  });
});

describe('PUT /api/user/:id', () => {
  it('updates your own data and ignores a role you send', async () => {
    const me = await t.customer();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${me.user.id}`,
      headers: me.auth,
      payload: { name: 'Nome Novo', email: me.user.email, phone: '(21) 3333-4444', role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Dados atualizados com sucesso!',
      data: { name: 'Nome Novo', phone: '2133334444', role: 'customer' },
    });
    const check = await t.app.inject({ url: '/api/user', headers: me.auth });
    expect(check.statusCode).toBe(403);
  });

  it("cannot touch someone else's account", async () => {
    const me = await t.customer();
    const other = await t.customer();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${other.user.id}`,
      headers: me.auth,
      payload: { name: 'Invasor', email: other.user.email, phone: '11987654321' },
    });
    expect(res.statusCode).toBe(404);
    const after = await t.app.inject({ url: `/api/user/${other.user.id}`, headers: other.auth });
    expect(after.json().data.name).not.toBe('Invasor');
  });

  it('refuses an e-mail or CPF that belongs to another account', async () => {
    const me = await t.customer();
    const other = await t.customer();
    const otherCpf = (await t.app.inject({ url: `/api/user/${other.user.id}`, headers: other.auth })).json().data.cpf;
    const byEmail = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${me.user.id}`,
      headers: me.auth,
      payload: { name: 'X', email: other.user.email.toUpperCase(), phone: '11987654321' },
    });
    expect(byEmail.statusCode).toBe(409);
    const byCpf = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${me.user.id}`,
      headers: me.auth,
      payload: { name: 'X', email: me.user.email, phone: '11987654321', cpf: otherCpf },
    });
    expect(byCpf.statusCode).toBe(409);
  });

  it('validates the body', async () => {
    const me = await t.customer();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${me.user.id}`,
      headers: me.auth,
      payload: { name: '', email: 'x', phone: '1' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toEqual(
      expect.arrayContaining(['name', 'email', 'phone']),
    );
  });

  it("lets an admin change another user, role included; the old role's sessions end, so the new one starts with a sign-in", async () => {
    const admin = await t.admin();
    const other = await t.customer();
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${other.user.id}`,
      headers: admin.auth,
      payload: { name: 'Promovido', email: other.user.email, phone: '11987654321', cpf: generateCpf(), role: 'admin' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.role).toBe('admin');
    // The customer's session never passed a second factor: it does not become an admin's.
    expect((await t.app.inject({ url: '/api/user', headers: other.auth })).statusCode).toBe(401);
    const again = await t.login(other.user.email, other.password);
    expect((await t.app.inject({ url: '/api/user', headers: again.auth })).statusCode).toBe(200);
  });
});

describe('DELETE /api/user/:id', () => {
  it("needs a token; a customer deletes only their own account (another's id is a 404 and deletes nothing)", async () => {
    const me = await t.customer();
    const other = await t.customer();
    expect((await t.app.inject({ method: 'DELETE', url: `/api/user/${me.user.id}` })).statusCode).toBe(401);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${other.user.id}`, headers: me.auth });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/user/${other.user.id}`, headers: other.auth })).statusCode).toBe(200);
    const own = await t.app.inject({ method: 'DELETE', url: `/api/user/${me.user.id}`, headers: me.auth });
    expect(own.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/user/${me.user.id}`, headers: me.auth })).statusCode).toBe(401);
  });

  it('deletes an account: its tokens die, it cannot log in, and its e-mail is free again', async () => {
    const admin = await t.admin();
    const victim = await t.customer();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/user/${victim.user.id}`, headers: admin.auth });
    expect(res.statusCode).toBe(200);
    expect((await t.app.inject({ url: `/api/user/${victim.user.id}`, headers: victim.auth })).statusCode).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: victim.user.email, password: victim.password },
    });
    expect(login.statusCode).toBe(401);
    expect((await post({ ...t.newUserPayload(), email: victim.user.email })).statusCode).toBe(201);
    const again = await t.app.inject({ method: 'DELETE', url: `/api/user/${victim.user.id}`, headers: admin.auth });
    expect(again.statusCode).toBe(404);
  });

  it('never deletes the last admin: an admin cannot delete themself (two at once: last-admin.test.ts)', async () => {
    const solo = await createTestContext();
    try {
      const admin = await solo.admin();
      const res = await solo.app.inject({ method: 'DELETE', url: `/api/user/${admin.user.id}`, headers: admin.auth });
      expect(res.statusCode).toBe(403);
      expect((await solo.app.inject({ url: `/api/user/${admin.user.id}`, headers: admin.auth })).statusCode).toBe(200);
    } finally {
      await solo.close();
    }
  });
});

describe('parallel registrations', () => {
  it('with the same e-mail create one account; the others get 409 with the e-mail message', async () => {
    const base = t.newUserPayload();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => post({ ...t.newUserPayload(), email: base.email })),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409]);
    for (const r of results.filter((r) => r.statusCode === 409)) {
      expect(r.json()).toMatchObject({ code: 'EMAIL_TAKEN', message: 'Este e-mail já está cadastrado.' });
    }
  });
});
