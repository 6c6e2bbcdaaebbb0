import { randomUUID } from 'node:crypto';
import { businessToday } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { payments, stores } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { checkoutFixtures } from './support/checkout';

let t: TestContext;
let f: ReturnType<typeof checkoutFixtures>;
let storeA: number;
let storeB: number;
let admin: LoggedIn;
let saleA: number;
let saleB: number;

type Json = Record<string, unknown>;
const post = (user: LoggedIn, url: string, payload: Json, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...user.auth, ...headers }, payload });
const list = (user: LoggedIn, query = '') => t.app.inject({ url: `/api/admin/payments${query}`, headers: user.auth });

async function sale(storeId: number, payload: Json[], productId: number, quantity: number) {
  // A till of its own: one open session per operator and store.
  const operator = await t.admin();
  const session = await post(operator, '/api/pos/sessions', { storeId, openingCash: 0 });
  expect(session.statusCode, session.body).toBe(201);
  const res = await post(
    operator,
    '/api/pos/sales',
    { sessionId: session.json().data.id, items: [{ productId, quantity }], payments: payload },
    { 'idempotency-key': randomUUID() },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res.json().data.id as number;
}

beforeAll(async () => {
  t = await createTestContext();
  f = checkoutFixtures(t);
  const [first] = await t.db.select({ id: stores.id }).from(stores).limit(1);
  storeA = first?.id ?? 1;
  const [second] = await t.db.insert(stores).values({ name: 'Loja Centro' }).returning({ id: stores.id });
  storeB = second?.id ?? 2;
  admin = await t.admin();
  const product = await f.product('Ração Filhote', 50, 1000);
  // Store A: 30,00 in cash and 20,00 on the terminal; store B: 10,00 in cash (sold at A's till,
  // its ledger row then moved to B: what the list reads is the payment's store).
  saleA = await sale(
    storeA,
    [
      { method: 'Dinheiro', amount: 30 },
      { method: 'Cartão de Débito', amount: 20, nsu: '5150' },
    ],
    product,
    5,
  );
  saleB = await sale(storeA, [{ method: 'Dinheiro', amount: 10 }], product, 1);
  await t.db.update(payments).set({ storeId: storeB }).where(eq(payments.ownerId, saleB));
}, 180_000);
afterAll(() => t.close());

describe('GET /admin/payments', () => {
  it('lists the counter sale as its payments, one owner, with totals by method and what went back', async () => {
    const res = await list(admin, `?ownerKind=pos_sale&storeId=${storeA}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const ofSale = body.data.filter((p: Json) => (p.owner as Json).id === saleA);
    expect(ofSale.map((p: Json) => [p.method, p.amount, p.status])).toEqual([
      ['Cartão de Débito', 20, 'Aprovado'],
      ['Dinheiro', 30, 'Aprovado'],
    ]);
    expect(ofSale[0]).toMatchObject({ owner: { kind: 'pos_sale', id: saleA }, nsu: '5150', storeId: storeA });
    expect(ofSale[0].settledAt).toEqual(expect.any(String));
    expect(body.meta).toMatchObject({ total: 2, limit: 60, offset: 0, refunded: 0 });
    expect(body.meta.totals).toEqual({
      Pix: 0,
      'Cartão de Crédito': 0,
      'Cartão de Débito': 20,
      Boleto: 0,
      'Pix Automático': 0,
      Dinheiro: 30,
    });
  });

  it('filters by method, status and São Paulo days, and pages with the totals of every match', async () => {
    const cash = await list(admin, '?method=Dinheiro&ownerKind=pos_sale');
    expect(cash.json().data.map((p: Json) => p.amount)).toEqual([10, 30]);
    expect(cash.json().meta.totals.Dinheiro).toBe(40);
    const page = await list(admin, '?method=Dinheiro&ownerKind=pos_sale&limit=1&offset=1');
    expect(page.json().data.map((p: Json) => p.amount)).toEqual([30]);
    expect(page.json().meta).toMatchObject({ total: 2, limit: 1, offset: 1, totals: { Dinheiro: 40 } });
    expect((await list(admin, '?status=Pendente&ownerKind=pos_sale')).json().data).toEqual([]);
    // 02:30 UTC on the 20th is 23:30 of the 19th in São Paulo.
    await t.db
      .update(payments)
      .set({ createdAt: new Date('2026-11-20T02:30:00Z') })
      .where(eq(payments.ownerId, saleB));
    const the19th = await list(admin, '?from=2026-11-19&to=2026-11-19');
    expect(the19th.json().data.map((p: Json) => (p.owner as Json).id)).toEqual([saleB]);
    expect((await list(admin, '?from=2026-11-20&to=2026-11-20')).json().data).toEqual([]);
    const today = businessToday();
    const now = await list(admin, `?from=${today}&to=${today}&ownerKind=pos_sale`);
    expect(now.json().data.every((p: Json) => (p.owner as Json).id === saleA)).toBe(true);
  });

  it("shows a manager only their stores' money, and refuses another store and other roles", async () => {
    const managerA = await t.staffMember('manager', [storeA]);
    const mine = await list(managerA);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data.length).toBeGreaterThan(0);
    expect(mine.json().data.every((p: Json) => p.storeId === storeA)).toBe(true);
    expect(mine.json().meta.totals.Dinheiro).toBe(30);
    const other = await list(managerA, `?storeId=${storeB}`);
    expect(other.statusCode).toBe(403);
    expect(other.json().message).toBe('Você não tem acesso aos pagamentos desta loja.');
    const managerB = await t.staffMember('manager', [storeB]);
    expect((await list(managerB)).json().data.map((p: Json) => (p.owner as Json).id)).toEqual([saleB]);
    for (const user of [
      await t.staffMember('reception', [storeA]),
      await t.staffMember('professional', [storeA]),
      await t.customer(),
    ])
      expect((await list(user)).statusCode).toBe(403);
  });

  it('answers bad filters with a 400 in Portuguese and nothing else', async () => {
    const cases: [string, RegExp][] = [
      ['?method=Cheque', /Método de pagamento inválido/],
      ['?status=Pago', /Status de pagamento inválido/],
      ['?ownerKind=loja', /Origem inválida/],
      ['?from=2026-11-31', /Informe uma data válida/],
      ['?from=2026-11-20&to=2026-11-19', /data inicial deve ser anterior/],
      ['?storeId=abc', /Loja inválida/],
      ['?limit=500', /limite máximo é 200/],
    ];
    for (const [query, message] of cases) {
      const res = await list(admin, query);
      expect(res.statusCode, query).toBe(400);
      expect(JSON.stringify(res.json()), query).toMatch(message);
    }
  });
});
