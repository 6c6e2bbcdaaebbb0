import { createServer, type Server, type Socket } from 'node:net';
import { type RunningCardStandIn, startCardStandIn } from '@petshop/sandbox/testing';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from './helper';
import { type ApiProcess, call, killAllApiProcesses, startApiProcess } from './support/api-process';
import { CARD_PSP } from './support/card-psp';
import { cardFor } from './support/card-token';
import { insertAddress, insertProduct, type RemoteCustomer, signUp } from './support/remote-shop';

/**
 * A card checkout cut by a kill -9 between its two transactions: the order is placed with its stock
 * taken and the card payment in flight, the process dies while the PSP is asked. A process started
 * on the same database settles each order by the PSP's word under the order's reference, once:
 * charged → the order is kept and paid; nothing charged → the order expires and its stock comes back.
 * Real processes on one PostgreSQL database, the card PSP stand-in in this test's process.
 */
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
const SKIP_REASON = 'PostgreSQL only (TEST_DATABASE_URL): a restarted process must find the same database';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
let database: Awaited<ReturnType<typeof openTestDatabase>> | undefined;
let psp: RunningCardStandIn;
let current: ApiProcess | undefined;
/** A PSP that takes the request and never answers: the charge is never made. */
let blackHole: Server;
const held: Socket[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  database = await openTestDatabase();
  psp = await startCardStandIn({
    ...CARD_PSP,
    webhookUrl: () => `${current?.base ?? 'http://127.0.0.1:9'}/api/webhooks/cards`,
  });
  blackHole = createServer((socket) => {
    held.push(socket);
  });
  await new Promise<void>((resolve) => blackHole.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await killAllApiProcesses();
  for (const socket of held) socket.destroy();
  blackHole?.close();
  await psp?.stop();
  await database?.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await (database as NonNullable<typeof database>).db.execute(query)) as unknown as { rows: T[] }).rows;
const one = async <T>(query: ReturnType<typeof sql>) => (await rows<T>(query))[0] as T;

interface State {
  orderId: number;
  order: string;
  payment: string;
  pspPaymentId: string | null;
  paymentId: number;
}
const stateOf = (userId: number) =>
  one<State | undefined>(
    sql`select o.id as "orderId", o.status as order, p.status as payment, p.psp_payment_id as "pspPaymentId",
               p.id as "paymentId"
          from orders o join payments p on p.id = o.payment_id where o.user_id = ${userId}`,
  );
const stockOf = async (productId: number) =>
  (await one<{ stock: number }>(sql`select stock from products where id = ${productId}`)).stock;
const messagesOf = async (orderId: number) =>
  (
    await rows<{ kind: string }>(
      sql`select kind from messages where event_key like ${`order:${orderId}:%`} and channel = 'email' order by kind`,
    )
  ).map((m) => m.kind);

const start = (pspUrl: string) =>
  startApiProcess({
    databaseUrl: database?.url,
    env: {
      CARD_PSP_URL: pspUrl,
      CARD_PSP_ACCESS_TOKEN: CARD_PSP.accessToken,
      CARD_PSP_PUBLIC_KEY: CARD_PSP.publicKey,
      CARD_WEBHOOK_SECRET: CARD_PSP.webhookSecret,
      // The request outlives the kill: the PSP's answer never reaches this process.
      CARD_PSP_TIMEOUT_MS: '120000',
      CARD_RECONCILE_SECONDS: '5',
      LOG_LEVEL: 'warn',
    },
  });

/** A customer with 2 units of a new product in the cart, its card tokenized at the stand-in. */
async function shopper(api: ApiProcess, tag: string) {
  const db = (database as NonNullable<typeof database>).db;
  const customer = await signUp(api.base, tag);
  const addressId = await insertAddress(db, customer.id);
  const productId = await insertProduct(db, `Ração ${tag}`, 5, 5000);
  const added = await call(api.base, '/api/carts/add', {
    method: 'POST',
    token: customer.token,
    body: { productId, quantity: 2 },
  });
  if (added.status !== 200) throw new Error(`cart: ${added.status} ${added.text}`);
  const cartId = (added.json.data as { cart: { id: number } }).cart.id;
  return { customer, addressId, productId, cartId };
}

/** Pays by card and kills the process (SIGKILL) once the order is placed and `ready` holds. */
async function payAndKill(
  api: ApiProcess,
  s: Awaited<ReturnType<typeof shopper>>,
  card: Awaited<ReturnType<typeof cardFor>>,
  ready: () => boolean,
  headers: Record<string, string> = {},
) {
  const paying = call(api.base, '/api/payments/pay', {
    method: 'POST',
    token: s.customer.token,
    body: { cartId: s.cartId, addressId: s.addressId, paymentMethod: 'Cartão de Crédito', card },
    headers,
  }).catch(() => undefined);
  const deadline = Date.now() + 60_000;
  while (!((await stateOf(s.customer.id)) && ready())) {
    if (Date.now() > deadline) throw new Error(`the order was never placed:\n${api.output()}`);
    await sleep(50);
  }
  await api.kill('SIGKILL');
  await paying;
  return stateOf(s.customer.id);
}

async function settled(customer: RemoteCustomer, withinMs: number) {
  const deadline = Date.now() + withinMs;
  for (;;) {
    const state = await stateOf(customer.id);
    if (state && state.order !== 'Aguardando pagamento') return state;
    if (Date.now() > deadline) throw new Error(`not settled within ${withinMs} ms: ${JSON.stringify(state)}`);
    await sleep(500);
  }
}

describe('card checkout cut between its two transactions (PostgreSQL, real processes, kill -9)', () => {
  it('settles both by the PSP: charged → kept and paid, not charged → expired with its stock back; once', async (ctx) => {
    if (!database) return ctx.skip(SKIP_REASON);
    // Charged: the PSP makes the charge at once and holds its answer back; the process dies waiting.
    const first = await start(psp.url);
    const charged = await shopper(first, 'cobrado');
    const notCharged = await shopper(first, 'naocobrado');
    const [cardA, cardB] = [await cardFor(first.base), await cardFor(first.base)];
    const created = psp.cards.paymentsCreated();
    Object.assign(psp.cards.faults, { mode: 'slow', slowMs: 30_000 });
    const cut = await payAndKill(first, charged, cardA, () => psp.cards.paymentsCreated() > created);
    Object.assign(psp.cards.faults, { mode: 'ok' });
    expect(cut).toMatchObject({ order: 'Aguardando pagamento', payment: 'Pendente', pspPaymentId: null });
    expect(await stockOf(charged.productId)).toBe(3);

    // Not charged: the PSP never answers nor charges; the process dies waiting.
    const second = await start(`http://127.0.0.1:${(blackHole.address() as { port: number }).port}`);
    const heldBefore = held.length;
    const open = await payAndKill(second, notCharged, cardB, () => held.length > heldBefore);
    expect(open).toMatchObject({ order: 'Aguardando pagamento', payment: 'Pendente', pspPaymentId: null });
    expect(await stockOf(notCharged.productId)).toBe(3);

    // A process on the same database settles both once the checkouts must have ended (60 s).
    current = await start(psp.url);
    const started = Date.now();
    const [kept, expired] = [await settled(charged.customer, 180_000), await settled(notCharged.customer, 60_000)];
    console.info(
      `card checkouts cut by a kill -9: settled ${((Date.now() - started) / 1000).toFixed(1)} s after the restart`,
    );
    const atPsp = psp.cards.payment(Number(kept.pspPaymentId));
    expect(kept).toMatchObject({ order: 'Processando', payment: 'Aprovado' });
    expect(atPsp).toMatchObject({ status: 'approved', external_reference: String(kept.orderId) });
    expect(await stockOf(charged.productId)).toBe(3);
    expect(expired).toMatchObject({ order: 'Cancelado', payment: 'Expirado', pspPaymentId: null });
    expect(await stockOf(notCharged.productId)).toBe(5);

    // Later runs change nothing: no refund of the kept charge, stock and messages once.
    await sleep(15_000);
    expect(await stateOf(charged.customer.id)).toEqual(kept);
    expect(await stateOf(notCharged.customer.id)).toEqual(expired);
    expect(psp.cards.payment(Number(kept.pspPaymentId))?.refunds ?? []).toHaveLength(0);
    expect(await stockOf(charged.productId)).toBe(3);
    expect(await stockOf(notCharged.productId)).toBe(5);
    expect(await messagesOf(kept.orderId)).toEqual(['order-paid']);
    expect(await messagesOf(expired.orderId)).toEqual(['order-expired']);
    const receipts = await one<{ n: number }>(
      sql`select count(*)::int as n from payment_receipts where payment_id = ${kept.paymentId}`,
    );
    expect(receipts.n).toBe(1);
    await current.kill('SIGTERM');
  }, 420_000);

  it('a retry under the same Idempotency-Key finishes the payment at once, charged once', async (ctx) => {
    if (!database) return ctx.skip(SKIP_REASON);
    const first = await start(psp.url);
    const s = await shopper(first, 'repetido');
    const card = await cardFor(first.base);
    const headers = { 'idempotency-key': 'b3f1c2d4-5e6f-4a7b-8c9d-0e1f2a3b4c5d' };
    const created = psp.cards.paymentsCreated();
    Object.assign(psp.cards.faults, { mode: 'slow', slowMs: 30_000 });
    const cut = await payAndKill(first, s, card, () => psp.cards.paymentsCreated() > created, headers);
    Object.assign(psp.cards.faults, { mode: 'ok' });
    expect(cut).toMatchObject({ order: 'Aguardando pagamento', payment: 'Pendente', pspPaymentId: null });

    // The browser sends the same request again, to a process that is up: it gets its order now.
    current = await start(psp.url);
    const started = Date.now();
    const again = await call(current.base, '/api/payments/pay', {
      method: 'POST',
      token: s.customer.token,
      body: { cartId: s.cartId, addressId: s.addressId, paymentMethod: 'Cartão de Crédito', card },
      headers,
    });
    expect(again.status, again.text).toBe(201);
    expect(Date.now() - started).toBeLessThan(20_000);
    const paid = await stateOf(s.customer.id);
    expect(paid).toMatchObject({ orderId: cut?.orderId, order: 'Processando', payment: 'Aprovado' });
    expect((again.json.data as { order: { id: number } }).order.id).toBe(cut?.orderId);
    // The PSP was asked twice under one idempotency key and charged once.
    expect(psp.cards.paymentsCreated()).toBe(created + 1);
    expect(await stockOf(s.productId)).toBe(3);
    await current.kill('SIGTERM');
  }, 240_000);
});
