import { type RunningCardStandIn, startCardStandIn } from '@petshop/sandbox/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, orders, paymentReceipts, payments, sandboxPixCharges } from '../src/db/schema';
import { chargeOutcomes } from '../src/modules/orders/order-lifecycle';
import { expireDueCards } from '../src/modules/payments/card-settlement';
import { expireDue, reconcilePending } from '../src/modules/payments/payment-settlement';
import { createPixApi, type PixApi } from '../src/modules/payments/pix-api-client';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { CARD_PSP } from './support/card-psp';
import { checkoutFixtures } from './support/checkout';
import { type PixPspStandIn, PSP_CLIENT, PSP_WEBHOOK_SECRET, startPixPspStandIn } from './support/pix-psp-stand-in';

vi.setConfig({ testTimeout: 60_000 });

const PIX_KEY = '7d9f0335-8dcc-4054-9bf9-0c5a2e4b1f6a';
let t: TestContext;
let psp: PixPspStandIn;
let cardPsp: RunningCardStandIn;
let f: ReturnType<typeof checkoutFixtures>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => Promise<boolean>, ms = 15_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(20);
  }
  return Date.now() - started;
}

beforeAll(async () => {
  psp = await startPixPspStandIn(() => `${t.baseUrl}/api/webhooks`);
  // Boletos are registered by the card PSP: a real one here too, so no sandbox at all is mounted.
  cardPsp = await startCardStandIn({ ...CARD_PSP, webhookUrl: () => `${t.baseUrl}/api/webhooks/cards` });
  t = await createTestContext({
    CARD_PSP_URL: cardPsp.url,
    CARD_PSP_ACCESS_TOKEN: CARD_PSP.accessToken,
    CARD_PSP_PUBLIC_KEY: CARD_PSP.publicKey,
    CARD_WEBHOOK_SECRET: CARD_PSP.webhookSecret,
    PIX_API_URL: psp.url,
    PIX_CLIENT_ID: PSP_CLIENT.id,
    PIX_CLIENT_SECRET: PSP_CLIENT.secret,
    PIX_KEY,
    PIX_WEBHOOK_SECRET: PSP_WEBHOOK_SECRET,
    PIX_TIMEOUT_MS: '1500',
  });
  f = checkoutFixtures(t);
});
afterAll(async () => {
  await t.close();
  await psp.stop();
  await cardPsp.stop();
});

const deps = () => ({ db: t.db, pix: t.app.pixApi, log: t.app.log, outcomes: chargeOutcomes });

/**
 * A customer's Pix order for `quantity` of a new product, picked up at the shop: no shipping fee,
 * so the amounts below are the items' (delivery's fee at the PSP is tested in pix-sandbox).
 */
async function pixOrder(quantity = 2, stock = 10, priceCents = 2500, method = 'Pix') {
  const user = await t.customer();
  const productId = await f.product(`Produto ${Math.random().toString(36).slice(2, 8)}`, stock, priceCents);
  const addressId = await f.address(user);
  const cartId = await f.add(user, productId, quantity);
  const res = await f.pay(user, { cartId, paymentMethod: method, deliveryMethod: 'Retirada na loja' });
  expect(res.statusCode).toBe(201);
  const { payment, order } = res.json().data as {
    payment: { id: number; txid: string; totalValue: number };
    order: { id: number; status: string };
  };
  return { user, productId, cartId, addressId, payment, order };
}

const orderStatus = async (orderId: number) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;
const paymentRow = async (paymentId: number) =>
  (await t.db.select().from(payments).where(eq(payments.id, paymentId)))[0];
const pspCharge = async (txid: string) =>
  (await psp.db.select().from(sandboxPixCharges).where(eq(sandboxPixCharges.txid, txid)))[0];
const messagesOf = async (orderId: number, kind: string) =>
  (await t.db.select().from(messages).where(eq(messages.kind, kind))).filter((m) =>
    m.eventKey.startsWith(`order:${orderId}:`),
  ).length;

/** `secret` null: no `hmac` at all. */
const webhook = (body: unknown, secret: string | null = PSP_WEBHOOK_SECRET) =>
  fetch(`${t.baseUrl}/api/webhooks/pix${secret === null ? '' : `?hmac=${encodeURIComponent(secret)}`}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });

describe('the API Pix client against the PSP stand-in over HTTP', () => {
  let api: PixApi;
  beforeAll(() => {
    api = createPixApi({
      baseUrl: psp.url,
      clientId: PSP_CLIENT.id,
      clientSecret: PSP_CLIENT.secret,
      // The first call pays for the TLS handshake and the token on a cold process; on a loaded
      // machine that alone has taken over 10 s. What is tested here is the protocol, not the clock.
      timeoutMs: 25_000,
    });
  });
  afterAll(() => api.close());

  it('gets a token once, creates a charge, reads its status, removes it', async () => {
    const before = psp.tokenRequests();
    const txid = 'a'.repeat(10) + Date.now().toString(36).padStart(20, '0');
    const created = await api.createCob(txid, { expiracao: 600, original: '12.34', chave: PIX_KEY });
    expect(created).toMatchObject({
      txid,
      status: 'ATIVA',
      valor: { original: '12.34' },
      calendario: { expiracao: 600 },
    });
    expect(created.pixCopiaECola).toContain('540512.34');
    // The same PUT again is harmless.
    expect((await api.createCob(txid, { expiracao: 600, original: '12.34', chave: PIX_KEY })).txid).toBe(txid);
    expect((await api.getCob(txid))?.status).toBe('ATIVA');
    expect((await api.removeCob(txid))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(await api.getCob('b'.repeat(30))).toBeUndefined();
    expect(psp.tokenRequests() - before).toBe(1);
  });

  it('asks for a new token when the PSP refuses the cached one', async () => {
    await api.getCob('c'.repeat(30));
    const before = psp.tokenRequests();
    psp.sandbox.revokeTokens();
    expect(await api.getCob('c'.repeat(30))).toBeUndefined();
    expect(psp.tokenRequests() - before).toBe(1);
  });

  it('asks for a new token when the old one has expired', async () => {
    const shortLived = await startPixPspStandIn(() => `${t.baseUrl}/api/webhooks`, 1);
    const client = createPixApi({
      baseUrl: shortLived.url,
      clientId: PSP_CLIENT.id,
      clientSecret: PSP_CLIENT.secret,
      timeoutMs: 10_000,
    });
    try {
      await client.getCob('d'.repeat(30));
      await sleep(1100);
      await client.getCob('d'.repeat(30));
      expect(shortLived.tokenRequests()).toBe(2);
    } finally {
      await client.close();
      await shortLived.stop();
    }
  });
});

describe('a PSP that is down or too slow', () => {
  it.each(['down', 'slow'] as const)(
    '%s: 503 in pt-BR, no payment or order, stock and cart unchanged',
    async (mode) => {
      const user = await t.customer();
      const productId = await f.product('Ração Indisponível', 10, 5000);
      const addressId = await f.address(user);
      const cartId = await f.add(user, productId, 3);
      Object.assign(psp.sandbox.faults, { mode, slowMs: 2500 });
      try {
        const res = await f.pay(user, { cartId, addressId, paymentMethod: 'Pix' });
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({
          code: 'PSP_UNAVAILABLE',
          message: 'Não foi possível gerar a cobrança agora. Tente novamente em alguns instantes.',
        });
      } finally {
        Object.assign(psp.sandbox.faults, { mode: 'ok' });
      }
      expect(await t.db.select().from(payments).where(eq(payments.userId, user.user.id))).toEqual([]);
      expect(await t.db.select().from(orders).where(eq(orders.userId, user.user.id))).toEqual([]);
      expect(await f.stockOf(productId)).toBe(10);
      expect(await f.cartLines(user)).toEqual([[productId, 3]]);
      // Cards need no PSP and still work.
      expect((await f.pay(user, { cartId, addressId, paymentMethod: 'Cartão de Crédito' })).statusCode).toBe(201);
    },
  );
});

describe('the webhook', () => {
  it('refuses a wrong or missing secret with 401 and changes nothing', async () => {
    const { payment, order } = await pixOrder();
    await psp.sandbox.pay(payment.txid);
    await psp.sandbox.whenIdle();
    // The PSP's own notification went to the right secret; these do not count.
    await t.db.update(payments).set({ status: 'Pendente' }).where(eq(payments.id, payment.id));
    await t.db.update(orders).set({ status: 'Aguardando pagamento' }).where(eq(orders.id, order.id));
    await t.db.delete(paymentReceipts).where(eq(paymentReceipts.paymentId, payment.id));
    const charge = await pspCharge(payment.txid);
    const body = {
      pix: [{ endToEndId: charge?.endToEndId, txid: payment.txid, valor: '50.00', horario: new Date().toISOString() }],
    };
    for (const secret of ['segredo-errado-123456789', null, '', `${PSP_WEBHOOK_SECRET}x`]) {
      const res = await webhook(body, secret);
      expect([secret, res.status]).toEqual([secret, 401]);
    }
    expect((await webhook({ nada: 1 }, 'errado')).status).toBe(401);
    expect(await orderStatus(order.id)).toBe('Aguardando pagamento');
    expect((await paymentRow(payment.id))?.status).toBe('Pendente');
  });

  it('changes nothing while the PSP says ATIVA, whatever the body claims', async () => {
    const { payment, order } = await pixOrder();
    const res = await webhook({
      pix: [
        {
          endToEndId: 'E00000000202611230000abcdefghijk',
          txid: payment.txid,
          valor: '50.00',
          horario: new Date().toISOString(),
        },
      ],
    });
    expect(res.status).toBe(200);
    expect(await orderStatus(order.id)).toBe('Aguardando pagamento');
    expect((await paymentRow(payment.id))?.status).toBe('Pendente');
  });

  it('settles when the PSP says CONCLUIDA with the amount, once for the same notification twice', async () => {
    const { payment, order, productId } = await pixOrder(2, 10, 2500);
    const paidAt = Date.now();
    expect(await psp.sandbox.pay(payment.txid)).toBe('paid');
    const ms = await until(async () => (await orderStatus(order.id)) === 'Processando');
    console.info(`webhook path: sandbox pay → 'Processando' in ${Date.now() - paidAt} ms (poll ${ms} ms)`);
    expect((await paymentRow(payment.id))?.status).toBe('Aprovado');
    expect(await f.stockOf(productId)).toBe(8);
    await psp.sandbox.whenIdle();
    const charge = await pspCharge(payment.txid);
    const body = {
      pix: [
        { endToEndId: charge?.endToEndId, txid: payment.txid, valor: '50.00', horario: charge?.paidAt?.toISOString() },
      ],
    };
    expect((await webhook(body)).status).toBe(200);
    expect((await webhook(body)).status).toBe(200);
    const receipts = await t.db.select().from(paymentReceipts).where(eq(paymentReceipts.paymentId, payment.id));
    expect(receipts.map((r) => [r.outcome, r.amountCents])).toEqual([['settled', 5000]]);
    expect(await messagesOf(order.id, 'order-paid')).toBe(1);
    expect((await paymentRow(payment.id))?.refundDueAt).toBeNull();
  });

  it('does not settle a charge whose amount differs; the money is kept as a refund due', async () => {
    const { payment, order, productId } = await pixOrder(1, 10, 3000);
    // The PSP's charge says another amount than the order's (e.g. changed behind the shop's back).
    await psp.db.update(sandboxPixCharges).set({ amountCents: 100 }).where(eq(sandboxPixCharges.txid, payment.txid));
    await psp.sandbox.pay(payment.txid);
    await psp.sandbox.whenIdle();
    await until(async () => (await paymentRow(payment.id))?.refundDueAt != null);
    expect(await orderStatus(order.id)).toBe('Aguardando pagamento');
    expect((await paymentRow(payment.id))?.status).toBe('Pendente');
    // Unpaid, it still expires in time and gives its stock back.
    await expireDue(deps(), new Date(Date.now() + 31 * 60_000));
    expect(await orderStatus(order.id)).toBe('Cancelado');
    expect(await f.stockOf(productId)).toBe(10);
  });

  it('answers 200 to an unknown txid and 400 to a malformed body', async () => {
    const res = await webhook({ pix: [{ endToEndId: 'E1', txid: 'z'.repeat(30), valor: '1.00', horario: 'x' }] });
    expect(res.status).toBe(200);
    expect((await webhook({ pix: 'nada' })).status).toBe(400);
  });

  it('a notification that arrives before the order committed still ends paid (reconciliation)', async () => {
    const user = await t.customer();
    const productId = await f.product('Pagamento Rápido', 10, 1990);
    const addressId = await f.address(user);
    const cartId = await f.add(user, productId, 1);
    const started = new Date();
    // The PSP creates the charge but answers late: the customer's bank pays meanwhile.
    Object.assign(psp.sandbox.faults, { mode: 'slow', slowMs: 700 });
    let answered = false;
    const paying = f.pay(user, { cartId, addressId, paymentMethod: 'Pix' }).then((res) => {
      answered = true;
      return res;
    });
    let txid = '';
    await until(async () => {
      const [row] = await psp.db.select().from(sandboxPixCharges).where(
        // R$ 19,90 plus R$ 15,90 of shipping to SP: the charge is for the order's whole total.
        sql`${sandboxPixCharges.createdAt} >= ${started.toISOString()} and ${sandboxPixCharges.amountCents} = 3580`,
      );
      txid = row?.txid ?? '';
      return Boolean(txid);
    });
    expect(await psp.sandbox.pay(txid)).toBe('paid');
    await psp.sandbox.whenIdle();
    expect(answered).toBe(false);
    const res = await paying;
    Object.assign(psp.sandbox.faults, { mode: 'ok' });
    expect(res.statusCode).toBe(201);
    const { order, payment } = res.json().data;
    expect(payment.txid).toBe(txid);
    expect(await orderStatus(order.id)).toBe('Aguardando pagamento');
    const t0 = Date.now();
    expect(await reconcilePending(deps())).toBeGreaterThanOrEqual(1);
    console.info(`reconciliation run settled the early-notified order in ${Date.now() - t0} ms`);
    expect(await orderStatus(order.id)).toBe('Processando');
  });
});

describe('expiry', () => {
  const later = () => new Date(Date.now() + 31 * 60_000);

  it('expires an unpaid Pix: payment Expirado, order Cancelado, stock back exactly once, charge removed', async () => {
    const { payment, order, productId } = await pixOrder(3, 10);
    expect(await f.stockOf(productId)).toBe(7);
    expect(await expireDue(deps(), new Date())).toBe(0);
    const runs = await Promise.all([
      expireDue(deps(), later()),
      expireDue(deps(), later()),
      expireDue(deps(), later()),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    await expireDue(deps(), later());
    expect(await f.stockOf(productId)).toBe(10);
    expect(await orderStatus(order.id)).toBe('Cancelado');
    expect((await paymentRow(payment.id))?.status).toBe('Expirado');
    expect((await pspCharge(payment.txid))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(await messagesOf(order.id, 'order-expired')).toBe(1);
    // Nobody can pay it any more.
    expect(await psp.sandbox.pay(payment.txid)).toBe('not-payable');
  });

  it('records a payment the PSP confirmed instead of expiring it', async () => {
    const { payment, order, productId } = await pixOrder(1, 5);
    Object.assign(psp.sandbox.faults, { mode: 'ok' });
    // The webhook is lost: the PSP has it paid, the shop does not know yet.
    await psp.db
      .update(sandboxPixCharges)
      .set({ status: 'CONCLUIDA', endToEndId: 'E99999999202611230000PERDIDO01', paidCents: 2500, paidAt: new Date() })
      .where(eq(sandboxPixCharges.txid, payment.txid));
    await expireDue(deps(), later());
    expect(await orderStatus(order.id)).toBe('Processando');
    expect(await f.stockOf(productId)).toBe(4);
  });

  it('expiry racing a payment: exactly one wins; money after expiry is recorded for refund', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { payment, order, productId } = await pixOrder(1, 5);
      await Promise.all([expireDue(deps(), later()), psp.sandbox.pay(payment.txid)]);
      await psp.sandbox.whenIdle();
      await reconcilePending(deps());
      const status = await orderStatus(order.id);
      const row = await paymentRow(payment.id);
      const charge = await pspCharge(payment.txid);
      if (status === 'Processando') {
        expect(row?.status).toBe('Aprovado');
        expect(await f.stockOf(productId)).toBe(4);
      } else {
        expect(status).toBe('Cancelado');
        expect(row?.status).toBe('Expirado');
        expect(await f.stockOf(productId)).toBe(5);
        // If the bank took the money anyway, the shop owes it back.
        expect(row?.refundDueAt != null).toBe(charge?.status === 'CONCLUIDA');
      }
    }
    // Deterministic: the order expired, then the bank settles anyway (e.g. a late settlement).
    const { payment, order, productId } = await pixOrder(1, 5);
    await expireDue(deps(), later());
    expect(await psp.sandbox.payRegardless(payment.txid)).toBe('paid');
    await until(async () => (await paymentRow(payment.id))?.refundDueAt != null);
    expect(await orderStatus(order.id)).toBe('Cancelado');
    expect(await f.stockOf(productId)).toBe(5);
    const receipts = await t.db.select().from(paymentReceipts).where(eq(paymentReceipts.paymentId, payment.id));
    expect(receipts.map((r) => r.outcome)).toEqual(['refund']);
    const admin = await t.admin();
    const list = await t.app.inject({ url: '/api/orders/all/users?limit=200', headers: admin.auth });
    expect(list.json().data.find((o: { orderId: number }) => o.orderId === order.id)).toMatchObject({
      status: 'Cancelado',
      paymentStatus: 'Expirado',
      refundDue: true,
    });
  });

  it('expires a boleto after its due date + 1 day, with the same lifecycle', async () => {
    const { payment, order, productId } = await pixOrder(2, 6, 1000, 'Boleto');
    expect(await f.stockOf(productId)).toBe(4);
    const cardDeps = { db: t.db, cards: t.app.cardPsp, log: t.app.log, outcomes: chargeOutcomes };
    expect(await expireDueCards(cardDeps, new Date(Date.now() + 3 * 86_400_000))).toBe(0);
    expect(await expireDueCards(cardDeps, new Date(Date.now() + 6 * 86_400_000))).toBeGreaterThanOrEqual(1);
    expect(await orderStatus(order.id)).toBe('Cancelado');
    expect((await paymentRow(payment.id))?.status).toBe('Expirado');
    expect(await f.stockOf(productId)).toBe(6);
  });
});

describe('cancelling an order that waits for payment', () => {
  const cancel = (user: LoggedIn, orderId: number) =>
    t.app.inject({ method: 'DELETE', url: `/api/orders/cancel/${orderId}`, headers: user.auth });

  it('removes the charge at the PSP, cancels payment and order, stock back once', async () => {
    const { user, payment, order, productId } = await pixOrder(2, 10);
    const answers = await Promise.all([cancel(user, order.id), cancel(user, order.id)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(await f.stockOf(productId)).toBe(10);
    expect(await orderStatus(order.id)).toBe('Cancelado');
    expect((await paymentRow(payment.id))?.status).toBe('Cancelado');
    expect((await pspCharge(payment.txid))?.status).toBe('REMOVIDA_PELO_USUARIO_RECEBEDOR');
    expect(await messagesOf(order.id, 'order-cancelled')).toBe(1);
  });

  it('answers 503 and changes nothing while the PSP is down', async () => {
    const { user, order, productId } = await pixOrder(1, 10);
    Object.assign(psp.sandbox.faults, { mode: 'down' });
    try {
      const res = await cancel(user, order.id);
      expect(res.statusCode).toBe(503);
    } finally {
      Object.assign(psp.sandbox.faults, { mode: 'ok' });
    }
    expect(await orderStatus(order.id)).toBe('Aguardando pagamento');
    expect(await f.stockOf(productId)).toBe(9);
  });

  it('is refused once the bank has paid, and the order is then paid', async () => {
    const { user, payment, order } = await pixOrder(1, 10);
    await psp.db
      .update(sandboxPixCharges)
      .set({
        status: 'CONCLUIDA',
        endToEndId: `E99999999202611230000${payment.id}X`.slice(0, 32),
        paidCents: 2500,
        paidAt: new Date(),
      })
      .where(eq(sandboxPixCharges.txid, payment.txid));
    const res = await cancel(user, order.id);
    expect(res.statusCode).toBe(409);
    expect(await orderStatus(order.id)).toBe('Processando');
  });
});

describe('sandbox routes without sandbox mode', () => {
  it('answers 404 for the sandbox pay route and API when a PSP is configured', async () => {
    const { user, payment } = await pixOrder(1, 10);
    const res = await t.app.inject({ method: 'POST', url: `/api/sandbox/pix/${payment.txid}/pay`, headers: user.auth });
    expect(res.statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: '/api/sandbox/pix/oauth/token' })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/sandbox/pix/mode' })).statusCode).toBe(404);
  });
});
