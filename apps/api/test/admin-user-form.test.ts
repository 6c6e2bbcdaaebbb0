import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helper';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

/** The admin screen sends only name, phone and e-mail (SPEC section 7). */
describe('PUT /api/user/:id from the admin users screen', () => {
  it('changes name, phone and e-mail and keeps the CPF and the role', async () => {
    const admin = await t.admin();
    const other = await t.customer();
    const before = (await t.app.inject({ url: `/api/user/${other.user.id}`, headers: admin.auth })).json().data;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${other.user.id}`,
      headers: admin.auth,
      payload: { name: 'Nome Trocado', phone: '(21) 91234-5678', email: `TROCADO.${other.user.email}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      id: other.user.id,
      name: 'Nome Trocado',
      phone: '21912345678',
      email: `trocado.${other.user.email}`.toLowerCase(),
      cpf: before.cpf,
      role: 'customer',
    });
    const stored = await t.app.inject({ url: `/api/user/${other.user.id}`, headers: admin.auth });
    expect(stored.json().data).toMatchObject({ name: 'Nome Trocado', cpf: before.cpf, role: 'customer' });
  });

  it('answers 400 naming the field for a bad phone, and changes nothing', async () => {
    const admin = await t.admin();
    const other = await t.customer();
    const before = (await t.app.inject({ url: `/api/user/${other.user.id}`, headers: admin.auth })).json().data;
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/user/${other.user.id}`,
      headers: admin.auth,
      payload: { name: 'Outro Nome', phone: '123', email: other.user.email },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().details.map((d: { field: string }) => d.field)).toContain('phone');
    const stored = await t.app.inject({ url: `/api/user/${other.user.id}`, headers: admin.auth });
    expect(stored.json().data).toEqual(before);
  });
});
