import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentRefunds, payments, stores } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { checkoutFixtures } from './support/checkout';

let t: TestContext;
let f: ReturnType<typeof checkoutFixtures>;
let storeId: number;

beforeAll(async () => {
  t = await createTestContext();
  f = checkoutFixtures(t);
  const [store] = await t.db.select({ id: stores.id }).from(stores).limit(1);
  storeId = store?.id ?? 1;
}, 180_000);
afterAll(() => t.close());

type Json = Record<string, unknown>;
const post = (user: LoggedIn, url: string, payload: Json, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, headers: { ...user.auth, ...headers }, payload });

async function till() {
  const user = await t.admin();
  const res = await post(user, '/api/pos/sessions', { storeId, openingCash: 100 });
  expect(res.statusCode, res.body).toBe(201);
  return { user, sessionId: res.json().data.id as number };
}

const ledgerOf = (saleId: number) =>
  t.db
    .select()
    .from(payments)
    .where(and(eq(payments.ownerKind, 'pos_sale'), eq(payments.ownerId, saleId)))
    .orderBy(asc(payments.id));

async function saleOf(user: LoggedIn, saleId: number, until: string) {
  const started = Date.now();
  let sale = { status: '' };
  while (Date.now() - started < 30_000) {
    sale = (await t.app.inject({ url: `/api/pos/sales/${saleId}`, headers: user.auth })).json().data;
    if (sale.status === until) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return sale;
}

const threeWays = (sessionId: number, productId: number) => ({
  sessionId,
  items: [{ productId, quantity: 1 }],
  payments: [
    { method: 'Dinheiro', amount: 20, received: 50 },
    { method: 'Cartão de Crédito', amount: 25, nsu: '4242', authorizationCode: 'XY1', installments: 3 },
    { method: 'Pix', amount: 15 },
  ],
});

describe('the counter in the payments ledger', () => {
  it('a sale paid in cash, on the terminal and by Pix is three payments of one owner, received when the Pix is', async () => {
    const product = await f.product('Cama Pet', 5, 6000);
    const { user, sessionId } = await till();
    const res = await post(user, '/api/pos/sales', threeWays(sessionId, product), { 'idempotency-key': randomUUID() });
    expect(res.statusCode, res.body).toBe(201);
    const sale = res.json().data;
    expect(sale.change).toBe(30);
    const held = await ledgerOf(sale.id);
    expect(held.map((p) => [p.method, p.totalCents, p.status, p.storeId])).toEqual([
      ['Pix', 1500, 'Pendente', storeId],
      ['Dinheiro', 2000, 'Pendente', storeId],
      ['Cartão de Crédito', 2500, 'Pendente', storeId],
    ]);
    expect(held[2]).toMatchObject({ nsu: '4242', authorizationCode: 'XY1', installments: 3, settledAt: null });
    // The till shows each payment as the ledger has it.
    expect(sale.payments.map((p: Json) => [p.method, p.status])).toEqual([
      ['Dinheiro', 'Pendente'],
      ['Cartão de Crédito', 'Pendente'],
      ['Pix', 'Pendente'],
    ]);

    const pix = sale.payments[2].pix;
    expect((await post(user, `/api/sandbox/pix/${pix.txid}/pay`, {})).statusCode).toBe(200);
    const done = await saleOf(user, sale.id, 'Concluída');
    expect(done.status).toBe('Concluída');
    const paid = await ledgerOf(sale.id);
    expect(paid.map((p) => p.status)).toEqual(['Aprovado', 'Aprovado', 'Aprovado']);
    expect(paid.every((p) => p.settledAt !== null)).toBe(true);

    // A return of it all gives every method back through the ledger, once.
    const back = await post(user, `/api/pos/sales/${sale.id}/returns`, {
      items: [{ productId: product, quantity: 1 }],
    });
    expect(back.statusCode, back.body).toBe(201);
    expect(back.json().data.refunds).toEqual([
      { method: 'Dinheiro', amount: 20 },
      { method: 'Pix', amount: 15 },
      { method: 'Cartão de Crédito', amount: 25 },
    ]);
    const refunds = await t.db
      .select()
      .from(paymentRefunds)
      .where(
        inArray(
          paymentRefunds.paymentId,
          paid.map((p) => p.id),
        ),
      )
      .orderBy(asc(paymentRefunds.paymentId));
    expect(refunds.map((r) => [r.paymentId, r.amountCents, r.kind, r.status])).toEqual([
      [paid[0]?.id, 1500, 'pix', 'concluido'],
      [paid[1]?.id, 2000, 'cash', 'concluido'],
      [paid[2]?.id, 2500, 'terminal', 'concluido'],
    ]);
    const after = await ledgerOf(sale.id);
    expect(after.map((p) => [p.status, p.refundedCents])).toEqual([
      ['Reembolsado', 1500],
      ['Reembolsado', 2000],
      ['Reembolsado', 2500],
    ]);
    const view = await saleOf(user, sale.id, 'Concluída');
    expect(view).toMatchObject({
      payments: [{ refunded: 20 }, { refunded: 25 }, { refunded: 15 }],
    });
  });

  it('a partial return leaves a payment partly refunded, and the next one takes what is left', async () => {
    const product = await f.product('Bebedouro', 5, 1000);
    const { user, sessionId } = await till();
    const res = await post(
      user,
      '/api/pos/sales',
      {
        sessionId,
        items: [{ productId: product, quantity: 3 }],
        payments: [
          { method: 'Cartão de Débito', amount: 15, nsu: '99' },
          { method: 'Dinheiro', amount: 15 },
        ],
      },
      { 'idempotency-key': randomUUID() },
    );
    const saleId = res.json().data.id;
    const first = await post(user, `/api/pos/sales/${saleId}/returns`, {
      items: [{ productId: product, quantity: 1 }],
    });
    expect(first.json().data.refunds).toEqual([{ method: 'Cartão de Débito', amount: 10 }]);
    expect((await ledgerOf(saleId)).map((p) => [p.method, p.status, p.refundedCents])).toEqual([
      ['Cartão de Débito', 'Parcialmente reembolsado', 1000],
      ['Dinheiro', 'Aprovado', 0],
    ]);
    const second = await post(user, `/api/pos/sales/${saleId}/returns`, {
      items: [{ productId: product, quantity: 1 }],
    });
    expect(second.json().data.refunds).toEqual([
      { method: 'Dinheiro', amount: 5 },
      { method: 'Cartão de Débito', amount: 5 },
    ]);
    expect((await ledgerOf(saleId)).map((p) => [p.status, p.refundedCents])).toEqual([
      ['Reembolsado', 1500],
      ['Parcialmente reembolsado', 500],
    ]);
  });

  it('a sale cancelled while its Pix waited cancels the cash and card held with it', async () => {
    const product = await f.product('Arranhador', 5, 6000);
    const { user, sessionId } = await till();
    const res = await post(user, '/api/pos/sales', threeWays(sessionId, product), { 'idempotency-key': randomUUID() });
    const saleId = res.json().data.id;
    const cancelled = await post(user, `/api/pos/sales/${saleId}/cancel`, {});
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await ledgerOf(saleId)).map((p) => [p.method, p.status, p.settledAt])).toEqual([
      ['Pix', 'Cancelado', null],
      ['Dinheiro', 'Cancelado', null],
      ['Cartão de Crédito', 'Cancelado', null],
    ]);
    expect(cancelled.json().data.payments.map((p: Json) => p.status)).toEqual(['Cancelado', 'Cancelado', 'Cancelado']);
  });
});
