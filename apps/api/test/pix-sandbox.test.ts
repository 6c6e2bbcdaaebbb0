import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { orders, payments, sandboxPixCharges } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { checkoutFixtures } from './support/checkout';

// pg-boss creates its schema and polls once a second: room for a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

let t: TestContext;
let f: ReturnType<typeof checkoutFixtures>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => Promise<boolean>, ms = 60_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(20);
  }
  return Date.now() - started;
}

beforeAll(async () => {
  // No PIX_API_URL: the embedded sandbox PSP, reached over HTTP at the app's own address.
  t = await createTestContext({ PIX_RECONCILE_SECONDS: '5' });
  f = checkoutFixtures(t);
});
afterAll(() => t.close());

async function order(method: 'Pix' | 'Boleto' = 'Pix', user?: LoggedIn) {
  const owner = user ?? (await t.customer());
  const productId = await f.product(`Produto ${Math.random().toString(36).slice(2, 8)}`, 10, 4590);
  const addressId = await f.address(owner);
  const cartId = await f.add(owner, productId, 2);
  const res = await f.pay(owner, { cartId, addressId, paymentMethod: method });
  expect(res.statusCode).toBe(201);
  const data = res.json().data as { payment: { id: number; txid: string }; order: { id: number } };
  return { user: owner, productId, paymentId: data.payment.id, txid: data.payment.txid, orderId: data.order.id };
}

const payInSandbox = (user: LoggedIn, txid: string) =>
  t.app.inject({ method: 'POST', url: `/api/sandbox/pix/${txid}/pay`, headers: user.auth });
const follow = async (user: LoggedIn, paymentId: number) =>
  (await t.app.inject({ url: `/api/orders/${paymentId}`, headers: user.auth })).json().data;
const statusOf = async (orderId: number) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;

describe('the embedded sandbox PSP', () => {
  it('says it is on, to anyone, so the web can offer the simulated payment', async () => {
    const res = await t.app.inject({ url: '/api/sandbox/pix/mode' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { sandbox: true } });
  });

  it('plays the customer bank: the webhook comes over HTTP and the order is paid', async () => {
    const { user, paymentId, txid, orderId } = await order();
    const waiting = await follow(user, paymentId);
    expect(waiting).toMatchObject({
      id: orderId,
      status: 'Aguardando pagamento',
      paymentId,
      paymentStatus: 'Pendente',
      txid,
      pixCode: expect.stringContaining('br.gov.bcb.pix'),
      pixQrCode: expect.stringMatching(/^data:image\/svg\+xml;base64,/),
      expiresAt: expect.any(String),
    });

    const stranger = await t.customer();
    expect((await payInSandbox(stranger, txid)).statusCode).toBe(404);
    const started = Date.now();
    const paid = await payInSandbox(user, txid);
    expect(paid.statusCode).toBe(200);
    expect(paid.json()).toMatchObject({ data: { txid, status: 'CONCLUIDA' } });
    await until(async () => (await follow(user, paymentId)).status === 'Processando');
    console.info(`sandbox pay → 'Processando' via webhook: ${Date.now() - started} ms`);
    const done = await follow(user, paymentId);
    expect(done).toMatchObject({ status: 'Processando', paymentStatus: 'Aprovado' });
    expect(done.pixCode).toBeUndefined();
    expect((await payInSandbox(user, txid)).statusCode).toBe(409);
  });

  it('charges items plus the shipping fee at the PSP, and the timeline goes from waiting to paid', async () => {
    const { user, paymentId, txid, orderId } = await order();
    // R$ 91,80 of products plus R$ 15,90 of shipping to SP: the bank is asked for the whole total.
    const [charge] = await t.db
      .select({ amountCents: sandboxPixCharges.amountCents })
      .from(sandboxPixCharges)
      .where(eq(sandboxPixCharges.txid, txid));
    expect(charge?.amountCents).toBe(10770);
    const [payment] = await t.db
      .select({ totalCents: payments.totalCents })
      .from(payments)
      .where(eq(payments.id, paymentId));
    expect(payment?.totalCents).toBe(10770);
    const waiting = await follow(user, paymentId);
    expect(waiting).toMatchObject({ deliveryMethod: 'Entrega', shippingPrice: 15.9, totalValue: 107.7 });
    expect(waiting.timeline.map((s: { status: string }) => s.status)).toEqual(['Aguardando pagamento']);

    // Not paid: the admin cannot ship it.
    const admin = await t.admin();
    const ship = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}`,
      headers: admin.auth,
      payload: { status: 'Enviado' },
    });
    expect(ship.statusCode).toBe(409);
    expect(await statusOf(orderId)).toBe('Aguardando pagamento');

    expect((await payInSandbox(user, txid)).statusCode).toBe(200);
    await until(async () => (await follow(user, paymentId)).status === 'Processando');
    const paid = await follow(user, paymentId);
    expect(paid.timeline.map((s: { status: string }) => s.status)).toEqual(['Aguardando pagamento', 'Processando']);
    const shipped = await t.app.inject({
      method: 'PUT',
      url: `/api/orders/${orderId}`,
      headers: admin.auth,
      payload: { status: 'Enviado' },
    });
    expect(shipped.statusCode).toBe(200);
  });

  it("lets an admin pay anyone's charge; unknown or malformed txids are 404 and 400", async () => {
    const { txid, orderId } = await order();
    const admin = await t.admin();
    expect((await payInSandbox(admin, txid)).statusCode).toBe(200);
    await until(async () => (await statusOf(orderId)) === 'Processando');
    expect((await payInSandbox(admin, 'f'.repeat(32))).statusCode).toBe(404);
    expect((await payInSandbox(admin, 'x')).statusCode).toBe(400);
  });

  it('pays a boleto through the same lifecycle', async () => {
    const { user, paymentId, txid, orderId } = await order('Boleto');
    expect(await follow(user, paymentId)).toMatchObject({
      status: 'Aguardando pagamento',
      boletoCode: expect.stringMatching(/^\d{47}$/),
      dueDate: expect.any(String),
    });
    expect((await payInSandbox(user, txid)).statusCode).toBe(200);
    expect(await statusOf(orderId)).toBe('Processando');
    expect((await payInSandbox(user, txid)).statusCode).toBe(409);
  });

  it('refuses a client without the right credentials at the token endpoint', async () => {
    const res = await fetch(`${t.baseUrl}/api/sandbox/pix/oauth/token`, {
      method: 'POST',
      headers: {
        authorization: `Basic ${Buffer.from('petcare-sandbox:errado').toString('base64')}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(401);
    expect((await fetch(`${t.baseUrl}/api/sandbox/pix/v2/cob/${'a'.repeat(30)}`)).status).toBe(401);
  });
});

describe('the background jobs', () => {
  it('expire a Pix within seconds of expiresAt, and reconcile a paid charge whose webhook was lost', async () => {
    const expiring = await order();
    const lost = await order();
    // The PSP has this one paid, but its webhook never arrived.
    await t.db
      .update(sandboxPixCharges)
      .set({ status: 'CONCLUIDA', endToEndId: 'E99999999202611230000PERDIDO02', paidCents: 10770, paidAt: new Date() })
      .where(eq(sandboxPixCharges.txid, lost.txid));
    const expiresAt = new Date(Date.now() + 2000);
    await t.db.update(payments).set({ expiresAt }).where(eq(payments.id, expiring.paymentId));
    const started = Date.now();
    await t.app.jobs.start();
    await until(async () => (await statusOf(expiring.orderId)) === 'Cancelado');
    console.info(`expiry: 'Cancelado' ${Date.now() - expiresAt.getTime()} ms after expiresAt`);
    await until(async () => (await statusOf(lost.orderId)) === 'Processando');
    console.info(`reconciliation job (every 5 s): lost webhook → 'Processando' ${Date.now() - started} ms after start`);
    expect(await f.stockOf(expiring.productId)).toBe(10);
    expect(await f.stockOf(lost.productId)).toBe(8);
    const [charge] = await t.db
      .select({ status: sandboxPixCharges.status })
      .from(sandboxPixCharges)
      .where(sql`${sandboxPixCharges.txid} = ${expiring.txid}`);
    expect(charge?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
  });
});
