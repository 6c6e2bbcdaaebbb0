import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type LoggedIn, type TestContext } from './helper';

let t: TestContext;
let admin: LoggedIn;
let customer: LoggedIn;

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.admin();
  customer = await t.customer();
});
afterAll(() => t.close());

const table = (user?: LoggedIn) => t.app.inject({ url: '/api/admin/shipping', headers: user?.auth });
const put = (user: LoggedIn | undefined, payload: unknown) =>
  t.app.inject({ method: 'PUT', url: '/api/admin/shipping', headers: user?.auth, payload: payload as object });
const quote = (cep: string, subtotal: string | number) =>
  t.app.inject({ url: `/api/shipping/quote?cep=${encodeURIComponent(cep)}&subtotal=${subtotal}` });

describe('the starting table', () => {
  it('delivers to the 27 UFs, free from R$ 199,00', async () => {
    const res = await table(admin);
    expect(res.statusCode).toBe(200);
    const data = res.json().data as { rates: { uf: string; price: number; days: number }[]; freeAbove: number };
    expect(data.rates).toHaveLength(27);
    expect(data.rates.find((r) => r.uf === 'SP')).toEqual({ uf: 'SP', price: 15.9, days: 3 });
    expect(data.freeAbove).toBe(199);
  });
});

describe('who may read and change the table', () => {
  it('401 without a token and 403 for a customer, and nothing changes', async () => {
    const before = (await table(admin)).json().data;
    expect((await table()).statusCode).toBe(401);
    expect((await table(customer)).statusCode).toBe(403);
    const body = { rates: [{ uf: 'SP', price: 0, days: 1 }], freeAbove: null };
    expect((await put(undefined, body)).statusCode).toBe(401);
    expect((await put(customer, body)).statusCode).toBe(403);
    expect((await table(admin)).json().data).toEqual(before);
  });
});

describe('PUT /admin/shipping', () => {
  it.each([
    ['an unknown UF', { rates: [{ uf: 'XX', price: 10, days: 2 }], freeAbove: null }, 'rates.0.uf'],
    [
      'a UF twice',
      {
        rates: [
          { uf: 'SP', price: 10, days: 2 },
          { uf: 'SP', price: 12, days: 2 },
        ],
        freeAbove: null,
      },
      'rates',
    ],
    ['a negative price', { rates: [{ uf: 'SP', price: -1, days: 2 }], freeAbove: null }, 'rates.0.price'],
    ['three decimals', { rates: [{ uf: 'SP', price: 10.001, days: 2 }], freeAbove: null }, 'rates.0.price'],
    ['0 days', { rates: [{ uf: 'SP', price: 10, days: 0 }], freeAbove: null }, 'rates.0.days'],
    ['fractional days', { rates: [{ uf: 'SP', price: 10, days: 1.5 }], freeAbove: null }, 'rates.0.days'],
    ['a negative threshold', { rates: [], freeAbove: -5 }, 'freeAbove'],
    ['no threshold field', { rates: [] }, 'freeAbove'],
    ['no rates', { freeAbove: 100 }, 'rates'],
  ])('400 for %s, and nothing changes', async (_label, body, field) => {
    const before = (await table(admin)).json().data;
    const res = await put(admin, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message: expect.any(String) });
    expect((await table(admin)).json().data).toEqual(before);
  });
});

describe('GET /shipping/quote (public)', () => {
  it('prices by the UF of the CEP, masked or bare, and is free from the threshold on', async () => {
    expect((await quote('01310-100', 50)).json()).toEqual({ data: { price: 15.9, days: 3 } });
    expect((await quote('20040020', 50)).json().data).toEqual({ price: 19.9, days: 5 });
    expect((await quote('69900000', 198.99)).json().data).toEqual({ price: 39.9, days: 15 });
    expect((await quote('69900000', 199)).json().data).toEqual({ price: 0, days: 15 });
  });

  it('400 for a bad CEP or subtotal', async () => {
    for (const [cep, subtotal] of [
      ['0131010', 10],
      ['abc', 10],
      ['01310100', -1],
      ['01310100', 'muito'],
    ] as const) {
      const res = await quote(cep, subtotal);
      expect(res.statusCode, `${cep} ${subtotal}`).toBe(400);
      expect(res.json().code).toBe('VALIDATION_ERROR');
    }
  });

  it("follows the admin's new table at once: a UF left out is not delivered to; no threshold, never free", async () => {
    const res = await put(admin, {
      rates: [
        { uf: 'SP', price: 9.99, days: 2 },
        { uf: 'RJ', price: 0, days: 4 },
      ],
      freeAbove: null,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: {
        rates: [
          { uf: 'RJ', price: 0, days: 4 },
          { uf: 'SP', price: 9.99, days: 2 },
        ],
        freeAbove: null,
      },
      message: 'Tabela de fretes atualizada com sucesso!',
    });
    expect((await quote('01310100', 100_000)).json().data).toEqual({ price: 9.99, days: 2 });
    const mg = await quote('30140071', 10);
    expect(mg.statusCode).toBe(404);
    expect(mg.json()).toEqual({
      code: 'NO_DELIVERY',
      message: 'Ainda não entregamos neste CEP. Escolha a retirada na loja.',
    });
    // 00000-000 is in no UF's range.
    expect((await quote('00000000', 10)).statusCode).toBe(404);

    expect((await put(admin, { rates: [{ uf: 'SP', price: 12.5, days: 3 }], freeAbove: 100 })).statusCode).toBe(200);
    expect((await quote('01310100', 99.99)).json().data).toEqual({ price: 12.5, days: 3 });
    expect((await quote('01310100', 100)).json().data).toEqual({ price: 0, days: 3 });
    expect((await quote('20040020', 100)).statusCode).toBe(404);
  });
});
