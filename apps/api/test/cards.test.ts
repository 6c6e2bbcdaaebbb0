import { createHmac, randomUUID } from 'node:crypto';
import { type RunningCardStandIn, startCardStandIn } from '@petshop/sandbox/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, orders, paymentRefunds, payments } from '../src/db/schema';
import { chargeOutcomes } from '../src/modules/orders/order-lifecycle';
import { reconcileCardAttempts } from '../src/modules/payments/card-attempt-recovery';
import { reconcileCardPayments } from '../src/modules/payments/card-settlement';
import { retryPendingRefunds } from '../src/modules/payments/refunds.service';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { CARD_PSP } from './support/card-psp';
import { cardFor } from './support/card-token';
import { checkoutFixtures } from './support/checkout';

vi.setConfig({ testTimeout: 60_000 });

let t: TestContext;
let psp: RunningCardStandIn;
let f: ReturnType<typeof checkoutFixtures>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => Promise<boolean>, ms = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(10);
  }
  return Date.now() - started;
}

beforeAll(async () => {
  psp = await startCardStandIn({ ...CARD_PSP, webhookUrl: () => `${t.baseUrl}/api/webhooks/cards` });
  t = await createTestContext({
    CARD_PSP_URL: psp.url,
    CARD_PSP_ACCESS_TOKEN: CARD_PSP.accessToken,
    CARD_PSP_PUBLIC_KEY: CARD_PSP.publicKey,
    CARD_WEBHOOK_SECRET: CARD_PSP.webhookSecret,
    // Long enough for a loaded machine; the slow PSP below answers after it.
    CARD_PSP_TIMEOUT_MS: '4000',
  });
  f = checkoutFixtures(t);
});
afterAll(async () => {
  await t.close();
  await psp.stop();
});

const cardDeps = () => ({ db: t.db, cards: t.app.cardPsp, log: t.app.log, outcomes: chargeOutcomes });
const count = async (table: typeof payments | typeof orders) =>
  Number((await t.db.select({ n: sql<number>`count(*)` }).from(table))[0]?.n);
const paymentRow = async (id: number) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
const orderStatus = async (id: number) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
const messagesOf = async (kind: string, orderId: number) =>
  (await t.db.select().from(messages).where(eq(messages.kind, kind))).filter((m) =>
    m.eventKey.startsWith(`order:${orderId}:`),
  );

/** A customer with a cart of `quantity` units of a new product (R$ 100,00 each) and an address. */
async function shopper(quantity = 1, priceCents = 10_000, stock = 10) {
  const user = await t.customer();
  const productId = await f.product(`Produto ${randomUUID().slice(0, 8)}`, stock, priceCents);
  const addressId = await f.address(user);
  const cartId = await f.add(user, productId, quantity);
  return { user, productId, addressId, cartId };
}

async function payByCard(s: Awaited<ReturnType<typeof shopper>>, holder = 'APRO', installments = 1, key?: string) {
  const card = await cardFor(t.baseUrl, { holder, installments });
  return f.pay(
    s.user,
    { cartId: s.cartId, paymentMethod: 'Cartão de Crédito', deliveryMethod: 'Retirada na loja', card },
    key,
  );
}

async function cardOrder(holder = 'APRO', quantity = 1) {
  const s = await shopper(quantity);
  const res = await payByCard(s, holder);
  expect(res.statusCode).toBe(201);
  const data = res.json().data as {
    payment: { id: number; pspPaymentId: string; status: string };
    order: { id: number; status: string };
  };
  return { ...s, ...data };
}

/** A notification as the PSP signs it (or not, or with another secret). */
function notify(dataId: string, { secret = CARD_PSP.webhookSecret, signed = true, requestId = randomUUID() } = {}) {
  const ts = String(Date.now());
  const v1 = createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
  return fetch(`${t.baseUrl}/api/webhooks/cards?data.id=${dataId}&type=payment`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-request-id': requestId,
      ...(signed ? { 'x-signature': `ts=${ts},v1=${v1}` } : {}),
    },
    body: JSON.stringify({ action: 'payment.updated', type: 'payment', data: { id: dataId } }),
  });
}

describe('what the payment page asks before paying', () => {
  it('GET /payments/config names the methods and where the browser tokenizes, never our API', async () => {
    const res = await t.app.inject({ url: '/api/payments/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      methods: ['Cartão de Débito', 'Cartão de Crédito', 'Pix', 'Boleto'],
      card: { publicKey: CARD_PSP.publicKey, tokenizeUrl: `${psp.url}/v1/card_tokens`, maxInstallments: 12 },
    });
  });

  it("lets the browser reach a real PSP: its tokenizing origin in connect-src, issuers' 3-D Secure pages in form-action", async () => {
    const csp = String((await t.app.inject({ url: '/api/payments/config' })).headers['content-security-policy']);
    expect(csp).toMatch(new RegExp(`connect-src [^;]*${new URL(psp.url).origin.replace(/[.]/g, '\\.')}`));
    expect(csp).toMatch(/form-action 'self' https:/);
  });

  it('GET /payments/installments lists up to 12x from the PSP with each amount and total; debit 1x', async () => {
    const res = await t.app.inject({ url: '/api/payments/installments?amount=300&paymentMethodId=master' });
    expect(res.statusCode).toBe(200);
    const options = res.json().data as { installments: number; installmentAmount: number; totalAmount: number }[];
    expect(options.map((o) => o.installments)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(options[2]).toMatchObject({ installments: 3, installmentAmount: 100, totalAmount: 300 });
    expect(options[2]).toHaveProperty('label', '3x de R$ 100,00 (total R$ 300,00, sem juros)');
    expect(options[11]?.totalAmount).toBeGreaterThan(300);
    // None below CARD_MIN_INSTALLMENT (R$ 10,00): R$ 50 stops at 5x.
    const small = await t.app.inject({ url: '/api/payments/installments?amount=50&paymentMethodId=master' });
    expect(small.json().data.every((o: { installmentAmount: number }) => o.installmentAmount >= 10)).toBe(true);
    const debit = await t.app.inject({ url: '/api/payments/installments?amount=300&paymentMethodId=debelo' });
    expect(debit.json().data).toHaveLength(1);
    expect(
      (await t.app.inject({ url: '/api/payments/installments?amount=-1&paymentMethodId=master' })).statusCode,
    ).toBe(400);
  });
});

describe('paying by card through the PSP, over HTTP', () => {
  it('approves in 3x: order Processando, with the PSP id, installments, brand and last four digits only', async () => {
    const s = await shopper(2);
    const res = await payByCard(s, 'APRO', 3);
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('Pagamento realizado com sucesso!');
    const { payment, order } = res.json().data;
    expect(order.status).toBe('Processando');
    expect(payment).toMatchObject({ status: 'Aprovado', installments: 3, cardBrand: 'master', cardLastFour: '6351' });
    const row = await paymentRow(payment.id);
    expect(row).toMatchObject({ pspPaymentId: payment.pspPaymentId, installments: 3, cardLastFour: '6351' });
    expect(JSON.stringify(row)).not.toContain('5031433215406351');
    // The PSP charged the server's total for our order id, with the payer's e-mail and CPF.
    const atPsp = psp.cards.payment(Number(payment.pspPaymentId));
    expect(atPsp).toMatchObject({ transaction_amount: 200, external_reference: String(order.id), installments: 3 });
    expect(atPsp?.payer).toMatchObject({ email: s.user.user.email, identification: { type: 'CPF' } });
    expect(await f.stockOf(s.productId)).toBe(8);
  });

  it.each([
    ['FUND', 'Saldo insuficiente.'],
    ['SECU', 'Código de segurança inválido.'],
    ['CALL', 'O banco emissor pede que você autorize este pagamento. Ligue para ele e tente de novo.'],
    ['OTHE', 'Pagamento recusado pelo banco emissor. Use outro cartão ou outro método de pagamento.'],
  ])('refuses %s with 402 and its reason in pt-BR, keeping nothing', async (holder, message) => {
    const s = await shopper(2);
    const [paymentsBefore, ordersBefore] = [await count(payments), await count(orders)];
    const res = await payByCard(s, holder);
    expect(res.statusCode).toBe(402);
    expect(res.json()).toMatchObject({ code: 'CARD_REJECTED', message });
    expect([await count(payments), await count(orders)]).toEqual([paymentsBefore, ordersBefore]);
    expect(await f.stockOf(s.productId)).toBe(10);
    expect(await f.cartLines(s.user)).toEqual([[s.productId, 2]]);
  });

  it('never approves a card order without a token', async () => {
    const s = await shopper();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/payments/pay',
      headers: s.user.auth,
      payload: { cartId: s.cartId, addressId: s.addressId, paymentMethod: 'Cartão de Crédito' },
    });
    expect(res.statusCode).toBe(400);
    expect(await f.cartLines(s.user)).toEqual([[s.productId, 1]]);
  });

  it('keeps a payment under review pending, and settles it when the PSP approves it (webhook read back)', async () => {
    const { order, payment } = await cardOrder('CONT');
    expect(order.status).toBe('Aguardando pagamento');
    expect(payment.status).toBe('Pendente');
    psp.cards.settle(Number(payment.pspPaymentId), 'approved');
    const ms = await until(async () => (await orderStatus(order.id)) === 'Processando');
    console.info(`webhook → order status: ${ms} ms`);
    expect((await paymentRow(payment.id))?.status).toBe('Aprovado');
    expect(await messagesOf('order-paid', order.id)).toHaveLength(1);
  });

  it('finds a decision whose webhook was lost by asking the PSP (reconciliation)', async () => {
    const { order, payment } = await cardOrder('CONT');
    await psp.cards.whenIdle();
    psp.cards.faults.webhookLost = true;
    try {
      psp.cards.settle(Number(payment.pspPaymentId), 'rejected', 'cc_rejected_other_reason');
    } finally {
      psp.cards.faults.webhookLost = false;
    }
    expect(await orderStatus(order.id)).toBe('Aguardando pagamento');
    expect(await reconcileCardPayments(cardDeps())).toBeGreaterThanOrEqual(1);
    expect(await orderStatus(order.id)).toBe('Cancelado');
    expect((await paymentRow(payment.id))?.status).toBe('Recusado');
  });

  it.each(['down', 'slow'] as const)('answers a clear 503 with nothing written when the PSP is %s', async (mode) => {
    const s = await shopper(1);
    const [paymentsBefore, ordersBefore] = [await count(payments), await count(orders)];
    const card = await cardFor(t.baseUrl);
    Object.assign(psp.cards.faults, { mode, slowMs: 6000 });
    try {
      const res = await f.pay(s.user, {
        cartId: s.cartId,
        paymentMethod: 'Cartão de Crédito',
        deliveryMethod: 'Retirada na loja',
        card,
      });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toMatchObject({ code: 'PSP_UNAVAILABLE' });
      expect(res.json().message).toContain('Nada foi cobrado');
    } finally {
      Object.assign(psp.cards.faults, { mode: 'ok' });
    }
    expect([await count(payments), await count(orders)]).toEqual([paymentsBefore, ordersBefore]);
    expect(await f.stockOf(s.productId)).toBe(10);
    expect(await f.cartLines(s.user)).toEqual([[s.productId, 1]]);
  });

  it('gives back a charge the PSP approved for an order that was never written (PSP too slow), found by reference', async () => {
    // Earlier attempts (the slow PSP above) settled first.
    await reconcileCardAttempts(cardDeps(), new Date(Date.now() + 120_000));
    const s = await shopper(1);
    const card = await cardFor(t.baseUrl);
    const created = psp.cards.paymentsCreated();
    Object.assign(psp.cards.faults, { mode: 'slow', slowMs: 6000 });
    try {
      const res = await f.pay(s.user, {
        cartId: s.cartId,
        paymentMethod: 'Cartão de Crédito',
        deliveryMethod: 'Retirada na loja',
        card,
      });
      expect(res.statusCode).toBe(503);
    } finally {
      Object.assign(psp.cards.faults, { mode: 'ok' });
    }
    // The PSP approved it all the same: a charge no payment of ours records.
    await until(async () => psp.cards.paymentsCreated() > created);
    const later = new Date(Date.now() + 120_000);
    // Two instances at the same moment: both may ask, the PSP refunds once (the refund's key is the charge's).
    const runs = await Promise.all([
      reconcileCardAttempts(cardDeps(), later),
      reconcileCardAttempts(cardDeps(), later),
    ]);
    expect(Math.max(...runs)).toBe(1);
    const newest = await fetch(`${psp.url}/v1/payments/search?limit=1`, {
      headers: { authorization: `Bearer ${CARD_PSP.accessToken}` },
    });
    const [orphan] = ((await newest.json()) as { results: { id: number }[] }).results;
    expect(orphan).toMatchObject({ status: 'refunded', transaction_amount_refunded: 100 });
    expect(psp.cards.payment(Number(orphan?.id))?.refunds).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(payments)
        .where(eq(payments.pspPaymentId, String(orphan?.id))),
    ).toEqual([]);
    // Once: the attempt is settled, a second run refunds nothing.
    expect(await reconcileCardAttempts(cardDeps(), later)).toBe(0);
    expect(await f.cartLines(s.user)).toEqual([[s.productId, 1]]);
    expect(await f.stockOf(s.productId)).toBe(10);
  });

  it('leaves alone the charges its orders record', async () => {
    await cardOrder();
    const later = new Date(Date.now() + 120_000);
    await reconcileCardAttempts(cardDeps(), later);
    const { order, payment } = await cardOrder();
    expect(await reconcileCardAttempts(cardDeps(), later)).toBe(0);
    expect(psp.cards.payment(Number(payment.pspPaymentId))?.status).toBe('approved');
    expect(await orderStatus(order.id)).toBe('Processando');
  });

  it('3-D Secure: the PSP asks a challenge, the customer confirms at the bank and the order settles by webhook', async () => {
    const { user, order, payment } = await cardOrder('CHAL');
    expect(order.status).toBe('Aguardando pagamento');
    const page = (await t.app.inject({ url: `/api/orders/${order.id}/details`, headers: user.auth })).json().data;
    expect(page.challengeUrl).toMatch(/\/sandbox\/3ds\/[\w-]{24}$/);
    expect(page.challengeUrl).not.toContain(String(payment.pspPaymentId));
    expect(page.challengeCreq).toMatch(/^[\w-]{20,}$/);
    // The browser posts the creq to the issuer's page, then the cardholder confirms there.
    const challenge = await fetch(page.challengeUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ creq: page.challengeCreq, return_url: `/orders/${order.id}` }),
    });
    const html = await challenge.text();
    expect(html).toContain('Confirmar compra');
    expect(html).toContain(`value="/orders/${order.id}"`);
    const decided = await fetch(`${page.challengeUrl}/decision`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ creq: page.challengeCreq, decision: 'approve', return_url: `/orders/${order.id}` }),
    });
    expect(await decided.text()).toContain(`href="/orders/${order.id}"`);
    await until(async () => (await orderStatus(order.id)) === 'Processando');
    expect((await paymentRow(payment.id))?.status).toBe('Aprovado');
  });

  it("3-D Secure: nobody but the payer passes the challenge, by its id, the payment's id or a guess", async () => {
    const { user, order, payment } = await cardOrder('CHAL');
    const other = await cardOrder('CHAL');
    const details = async (id: number, who: LoggedIn) =>
      t.app.inject({ url: `/api/orders/${id}/details`, headers: who.auth });
    const page = (await details(order.id, user)).json().data;
    const otherUrl = (await details(other.order.id, other.user)).json().data.challengeUrl as string;
    // The challenge ids are random: neither the payment's id nor one after the other.
    const idOf = (url: string) => url.slice(url.lastIndexOf('/') + 1);
    expect(idOf(page.challengeUrl)).not.toBe(idOf(otherUrl));
    expect(idOf(otherUrl)).not.toMatch(/^\d+$/);
    // Another customer cannot read the creq the payer's order holds.
    expect((await details(order.id, await t.customer())).statusCode).toBe(404);
    const form = (url: string, fields: Record<string, string>) =>
      fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(fields),
      });
    const base = page.challengeUrl.slice(0, page.challengeUrl.lastIndexOf('/'));
    const refused = [
      // an empty post used to approve any challenge
      await fetch(page.challengeUrl, { method: 'POST' }),
      await form(page.challengeUrl, { creq: 'x'.repeat(32) }),
      await form(`${page.challengeUrl}/decision`, { decision: 'approve' }),
      await form(`${page.challengeUrl}/decision`, { decision: 'approve', creq: 'x'.repeat(32) }),
      // the payment's id, as the page's address was
      await form(`${base}/${payment.pspPaymentId}/decision`, { decision: 'approve', creq: page.challengeCreq }),
      // another payment's challenge with this creq
      await form(`${otherUrl}/decision`, { decision: 'approve', creq: page.challengeCreq }),
      await fetch(page.challengeUrl),
    ];
    expect(refused.map((res) => res.status)).toEqual([404, 404, 404, 404, 404, 404, 404]);
    await sleep(200);
    expect(psp.cards.payment(Number(payment.pspPaymentId))?.status).toBe('pending');
    expect(psp.cards.payment(Number(other.payment.pspPaymentId))?.status).toBe('pending');
    expect(await orderStatus(order.id)).toBe('Aguardando pagamento');
    expect(await orderStatus(other.order.id)).toBe('Aguardando pagamento');
    const approved = await form(`${page.challengeUrl}/decision`, { decision: 'approve', creq: page.challengeCreq });
    expect(approved.status).toBe(200);
    await until(async () => (await orderStatus(order.id)) === 'Processando');
    expect(await orderStatus(other.order.id)).toBe('Aguardando pagamento');
  });

  it('replays the first answer for the same Idempotency-Key and charges the card once', async () => {
    const s = await shopper();
    const before = psp.cards.paymentsCreated();
    const key = randomUUID();
    const first = await payByCard(s, 'APRO', 1, key);
    const again = await payByCard(s, 'APRO', 1, key);
    expect(first.statusCode).toBe(201);
    expect(again.json().data).toEqual(first.json().data);
    expect(psp.cards.paymentsCreated()).toBe(before + 1);
  });

  it('registers a boleto at the PSP: its line, bar code and PDF', async () => {
    const s = await shopper();
    const res = await f.pay(s.user, { cartId: s.cartId, addressId: s.addressId, paymentMethod: 'Boleto' });
    expect(res.statusCode).toBe(201);
    const { payment } = res.json().data;
    expect(payment).toMatchObject({
      status: 'Pendente',
      boletoCode: expect.stringMatching(/^\d{47}$/),
      boletoBarcode: expect.stringMatching(/^\d{44}$/),
      boletoUrl: expect.stringMatching(/\.pdf$/),
    });
    const atPsp = psp.cards.payment(Number(payment.pspPaymentId));
    expect(atPsp?.transaction_details.digitable_line).toBe(payment.boletoCode);
    expect(atPsp?.payer).toMatchObject({ identification: { type: 'CPF' }, address: { zip_code: '01310100' } });
  });
});

describe('card webhooks', () => {
  it('refuses a notification without or with a wrong signature, changing nothing', async () => {
    const { order, payment } = await cardOrder('CONT');
    // The creation's own notification is read back when it arrives: let it arrive first.
    await psp.cards.whenIdle();
    psp.cards.faults.webhookLost = true;
    psp.cards.settle(Number(payment.pspPaymentId), 'approved');
    psp.cards.faults.webhookLost = false;
    expect((await notify(payment.pspPaymentId, { signed: false })).status).toBe(401);
    expect((await notify(payment.pspPaymentId, { secret: 'outro-segredo-qualquer-123' })).status).toBe(401);
    expect(await orderStatus(order.id)).toBe('Aguardando pagamento');
    // Signed: read back from the PSP and applied; the same again changes nothing more.
    expect((await notify(payment.pspPaymentId)).status).toBe(200);
    expect((await notify(payment.pspPaymentId)).status).toBe(200);
    expect(await orderStatus(order.id)).toBe('Processando');
    expect(await messagesOf('order-paid', order.id)).toHaveLength(1);
  });

  it('a notification arriving after the checkout recorded an approved card confirms it: nothing is due', async () => {
    const { order, payment } = await cardOrder();
    expect((await notify(payment.pspPaymentId)).status).toBe(200);
    expect((await notify(payment.pspPaymentId)).status).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'Aprovado', refundDueAt: null, refundedCents: 0 });
    expect(await orderStatus(order.id)).toBe('Processando');
  });

  it('answers 200 to a signed notification of a payment it does not know', async () => {
    expect((await notify('999999999')).status).toBe(200);
  });

  it('applies a refund and a chargeback made at the PSP; the admins are told of the chargeback', async () => {
    const admin = await t.admin();
    const refunded = await cardOrder();
    psp.cards.settle(Number(refunded.payment.pspPaymentId), 'refunded');
    await until(async () => (await paymentRow(refunded.payment.id))?.status === 'Reembolsado');
    const disputed = await cardOrder();
    psp.cards.settle(Number(disputed.payment.pspPaymentId), 'charged_back');
    await until(async () => (await paymentRow(disputed.payment.id))?.status === 'Contestado');
    const told = await messagesOf('order-charged-back', disputed.order.id);
    expect(told.map((m) => m.userId)).toContain(admin.user.id);
  });
});

describe('refunds', () => {
  let admin: LoggedIn;
  beforeAll(async () => {
    admin = await t.admin();
  });
  const refund = (orderId: number, payload: object, who: LoggedIn = admin, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: `/api/orders/${orderId}/refund`,
      headers: key ? { ...who.auth, 'idempotency-key': key } : who.auth,
      payload,
    });

  it('refunds a card order in full at the PSP and tells the customer', async () => {
    const { order, payment } = await cardOrder();
    const res = await refund(order.id, { reason: 'Cliente desistiu' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      refund: { amount: 100, status: 'concluido', kind: 'card' },
      payment: { status: 'Reembolsado', refundedValue: 100 },
    });
    expect(psp.cards.payment(Number(payment.pspPaymentId))?.status).toBe('refunded');
    expect(await messagesOf('order-refunded', order.id)).toHaveLength(1);
  });

  it("tells the customer once when the PSP's webhook concludes our refund before our own call does", async () => {
    const { order, payment } = await cardOrder();
    Object.assign(psp.cards.faults, { mode: 'down' });
    const res = await refund(order.id, { reason: 'Cliente desistiu' }).finally(() =>
      Object.assign(psp.cards.faults, { mode: 'ok' }),
    );
    expect(res.statusCode).toBe(201);
    const pending = res.json().data.refund as { id: number; status: string };
    expect(pending.status).toBe('pendente');
    // The refund reaches the PSP with its own key; the PSP's webhook is read back before our call returns.
    await t.app.cardPsp.refund(payment.pspPaymentId, 100, `reembolso-${pending.id}`);
    await until(async () => (await paymentRow(payment.id))?.status === 'Reembolsado');
    await until(async () => (await messagesOf('order-refunded', order.id)).length > 0);
    // The retry then sends the same key again: the PSP answers the same refund, nothing moves twice.
    const deps = { db: t.db, cards: t.app.cardPsp, pix: t.app.pixApi, log: t.app.log, outcomes: chargeOutcomes };
    await retryPendingRefunds(deps);
    expect(await messagesOf('order-refunded', order.id)).toHaveLength(1);
    const [row] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.id, pending.id));
    expect(row?.status).toBe('concluido');
    expect(psp.cards.payment(Number(payment.pspPaymentId))?.transaction_amount_refunded).toBe(100);
  });

  it('refunds part, then the rest; never more than was paid, never twice', async () => {
    const { order, payment } = await cardOrder('APRO', 2);
    const part = await refund(order.id, { amount: 50.5, reason: 'Um item com defeito' });
    expect(part.json().data.payment).toMatchObject({ status: 'Parcialmente reembolsado', refundedValue: 50.5 });
    const over = await refund(order.id, { amount: 150, reason: 'Demais' });
    expect(over.statusCode).toBe(409);
    expect(over.json().message).toBe('O reembolso passa do valor pago: resta R$ 149,50 a reembolsar.');
    const rest = await refund(order.id, { reason: 'O resto' });
    expect(rest.json().data.payment).toMatchObject({ status: 'Reembolsado', refundedValue: 200 });
    const twice = await refund(order.id, { reason: 'De novo' });
    expect(twice.statusCode).toBe(409);
    expect(psp.cards.payment(Number(payment.pspPaymentId))?.transaction_amount_refunded).toBe(200);
  });

  it('gives money back once when two full refunds arrive together, and once per Idempotency-Key', async () => {
    const { order, payment } = await cardOrder();
    const answers = await Promise.all([
      refund(order.id, { reason: 'Pedido A' }),
      refund(order.id, { reason: 'Pedido B' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(psp.cards.payment(Number(payment.pspPaymentId))?.refunds).toHaveLength(1);

    const other = await cardOrder();
    const key = randomUUID();
    const first = await refund(other.order.id, { amount: 10, reason: 'Parcial' }, admin, key);
    const again = await refund(other.order.id, { amount: 10, reason: 'Parcial' }, admin, key);
    expect(again.json().data.refund.id).toBe(first.json().data.refund.id);
    expect(psp.cards.payment(Number(other.payment.pspPaymentId))?.transaction_amount_refunded).toBe(10);
    // The same key with another amount is another refund: 409, and no money moves.
    const reused = await refund(other.order.id, { amount: 20, reason: 'Parcial' }, admin, key);
    expect(reused.statusCode).toBe(409);
    expect(reused.json().code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect(psp.cards.payment(Number(other.payment.pspPaymentId))?.transaction_amount_refunded).toBe(10);
  });

  it('is for admins only: a customer gets 403 and nothing moves', async () => {
    const { user, order } = await cardOrder();
    expect((await refund(order.id, { reason: 'Quero de volta' }, user)).statusCode).toBe(403);
    const rows = await t.db.select().from(paymentRefunds);
    expect(rows.filter((r) => r.reason === 'Quero de volta')).toEqual([]);
  });

  it('refunds a paid Pix by devolução at the Pix PSP', async () => {
    const s = await shopper();
    const paid = await f.pay(s.user, { cartId: s.cartId, paymentMethod: 'Pix', deliveryMethod: 'Retirada na loja' });
    const { payment, order } = paid.json().data;
    const sandboxPay = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/pix/${payment.txid}/pay`,
      headers: s.user.auth,
    });
    expect(sandboxPay.statusCode).toBe(200);
    await until(async () => (await orderStatus(order.id)) === 'Processando');
    const res = await refund(order.id, { reason: 'Produto em falta' });
    expect(res.json().data).toMatchObject({ refund: { kind: 'pix', status: 'concluido' } });
    expect((await paymentRow(payment.id))?.status).toBe('Reembolsado');
  });

  it('records a boleto refund for a transfer the admin confirms', async () => {
    const s = await shopper();
    const res = await f.pay(s.user, { cartId: s.cartId, addressId: s.addressId, paymentMethod: 'Boleto' });
    const { payment, order } = res.json().data;
    psp.cards.settle(Number(payment.pspPaymentId), 'approved');
    await until(async () => (await orderStatus(order.id)) === 'Processando');
    const asked = await refund(order.id, { reason: 'Devolução' });
    expect(asked.json().data).toMatchObject({ refund: { kind: 'manual', status: 'pendente' } });
    const confirmed = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refunds/${asked.json().data.refund.id}/confirm`,
      headers: admin.auth,
    });
    expect(confirmed.json().data).toMatchObject({
      refund: { status: 'concluido' },
      payment: { status: 'Reembolsado' },
    });
    const history = await t.app.inject({ url: `/api/orders/${order.id}/refunds`, headers: admin.auth });
    expect(history.json().data).toHaveLength(1);
  });
});

describe('the order page and cancelling a paid order', () => {
  let admin: LoggedIn;
  beforeAll(async () => {
    admin = await t.admin();
  });
  const details = (orderId: number, who: LoggedIn) =>
    t.app.inject({ url: `/api/orders/${orderId}/details`, headers: who.auth });

  it('shows the customer their card order: installments, brand and last four, pickup, timeline; another customer gets 404', async () => {
    const s = await shopper();
    const res = await payByCard(s, 'APRO', 3);
    const { order } = res.json().data;
    const page = await details(order.id, s.user);
    expect(page.statusCode).toBe(200);
    expect(page.json().data).toMatchObject({
      id: order.id,
      status: 'Processando',
      paymentMethod: 'Cartão de Crédito',
      paymentStatus: 'Aprovado',
      installments: 3,
      cardBrand: 'master',
      cardLastFour: '6351',
      deliveryMethod: 'Retirada na loja',
      address: null,
      refundedValue: 0,
      refunds: [],
      items: [{ quantity: 1, price: 100 }],
    });
    expect(page.json().data.timeline.map((step: { status: string }) => step.status)).toEqual(['Processando']);
    const stranger = await t.customer();
    expect((await details(order.id, stranger)).statusCode).toBe(404);
  });

  it('refunds a paid card order in full when the customer cancels it; the stock comes back once', async () => {
    const { user, order, payment, productId } = await cardOrder('APRO', 2);
    expect(await f.stockOf(productId)).toBe(8);
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/orders/cancel/${order.id}`, headers: user.auth });
    expect(cancel.statusCode).toBe(200);
    expect(await f.stockOf(productId)).toBe(10);
    const row = await paymentRow(payment.id);
    expect(row).toMatchObject({ status: 'Reembolsado', refundedCents: 20_000, refundDueAt: null });
    expect(psp.cards.payment(Number(payment.pspPaymentId))?.status).toBe('refunded');
    expect(await messagesOf('order-refunded', order.id)).toHaveLength(1);
    const page = (await details(order.id, user)).json().data;
    expect(page).toMatchObject({ status: 'Cancelado', paymentStatus: 'Reembolsado', refundedValue: 200 });
    expect(page.refunds).toMatchObject([{ amount: 200, status: 'concluido' }]);
    // Cancelled again: 409, no second refund, stock unchanged.
    const again = await t.app.inject({ method: 'DELETE', url: `/api/orders/cancel/${order.id}`, headers: user.auth });
    expect(again.statusCode).toBe(409);
    expect(await f.stockOf(productId)).toBe(10);
    expect(psp.cards.payment(Number(payment.pspPaymentId))?.refunds).toHaveLength(1);
  });

  it("leaves nothing due when the PSP's webhook concludes a cancelled order's refund before our own call does", async () => {
    const { user, order, payment } = await cardOrder('APRO', 2);
    Object.assign(psp.cards.faults, { mode: 'down' });
    const cancel = await t.app
      .inject({ method: 'DELETE', url: `/api/orders/cancel/${order.id}`, headers: user.auth })
      .finally(() => Object.assign(psp.cards.faults, { mode: 'ok' }));
    expect(cancel.statusCode).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'Reembolso pendente' });
    expect((await paymentRow(payment.id))?.refundDueAt).not.toBeNull();
    const [pending] = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    // Our refund reaches the PSP with its key, and the PSP's 'refunded' webhook is read before our call returns.
    await t.app.cardPsp.refund(payment.pspPaymentId, 200, `reembolso-${pending?.id}`);
    await until(async () => (await paymentRow(payment.id))?.status === 'Reembolsado');
    const deps = { db: t.db, cards: t.app.cardPsp, pix: t.app.pixApi, log: t.app.log, outcomes: chargeOutcomes };
    await retryPendingRefunds(deps);
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'Reembolsado',
      refundedCents: 20_000,
      refundDueAt: null,
    });
    expect(await messagesOf('order-refunded', order.id)).toHaveLength(1);
  });

  it('refunds what is left when the admin cancels a partly refunded order', async () => {
    const { order, payment } = await cardOrder('APRO', 2);
    const part = await t.app.inject({
      method: 'POST',
      url: `/api/orders/${order.id}/refund`,
      headers: admin.auth,
      payload: { amount: 30, reason: 'Um item com defeito' },
    });
    expect(part.statusCode).toBe(201);
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/admin/cancel/${order.id}`,
      headers: admin.auth,
    });
    expect(cancel.statusCode).toBe(200);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'Reembolsado', refundedCents: 20_000 });
    expect(psp.cards.payment(Number(payment.pspPaymentId))?.transaction_amount_refunded).toBe(200);
  });

  it('refunds exactly what is left, once, when an order is cancelled while a partial refund is still pending', async () => {
    const { user, order, payment } = await cardOrder('APRO', 2);
    const pspPayment = () => psp.cards.payment(Number(payment.pspPaymentId));
    // R$ 30,00 of R$ 200,00 asked while the PSP is down: the refund stays pending for the retry job.
    Object.assign(psp.cards.faults, { mode: 'down' });
    const part = await t.app
      .inject({
        method: 'POST',
        url: `/api/orders/${order.id}/refund`,
        headers: admin.auth,
        payload: { amount: 30, reason: 'Um item com defeito' },
      })
      .finally(() => Object.assign(psp.cards.faults, { mode: 'ok' }));
    expect(part.json().data).toMatchObject({ refund: { amount: 30, status: 'pendente' } });
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'Reembolso pendente', refundedCents: 3_000 });

    // Two cancels at once (the customer and the admin): one moves the order, one refund of the rest.
    const cancels = await Promise.all([
      t.app.inject({ method: 'DELETE', url: `/api/orders/admin/cancel/${order.id}`, headers: admin.auth }),
      t.app.inject({ method: 'DELETE', url: `/api/orders/cancel/${order.id}`, headers: user.auth }),
    ]);
    expect(cancels.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(pspPayment()?.transaction_amount_refunded).toBe(170);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'Reembolso pendente', refundedCents: 20_000 });
    const rows = await t.db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, payment.id));
    expect(rows.map((r) => [r.amountCents, r.status]).sort()).toEqual([
      [17_000, 'concluido'],
      [3_000, 'pendente'],
    ]);

    // The pending part goes through with its own key; nothing is given back twice, however often retried.
    const deps = { db: t.db, cards: t.app.cardPsp, pix: t.app.pixApi, log: t.app.log, outcomes: chargeOutcomes };
    await retryPendingRefunds(deps);
    await retryPendingRefunds(deps);
    expect(pspPayment()?.transaction_amount_refunded).toBe(200);
    expect(pspPayment()?.refunds).toHaveLength(2);
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'Reembolsado',
      refundedCents: 20_000,
      refundDueAt: null,
    });
    expect(await messagesOf('order-refunded', order.id)).toHaveLength(2);
  });

  it('records a cancelled boleto order for the admin to transfer, and keeps it pending until confirmed', async () => {
    const s = await shopper();
    const res = await f.pay(s.user, { cartId: s.cartId, addressId: s.addressId, paymentMethod: 'Boleto' });
    const { payment, order } = res.json().data;
    psp.cards.settle(Number(payment.pspPaymentId), 'approved');
    await until(async () => (await orderStatus(order.id)) === 'Processando');
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/cancel/${order.id}`,
      headers: s.user.auth,
    });
    expect(cancel.statusCode).toBe(200);
    // The delivery fee goes back with the goods: the whole total.
    const total = payment.totalValue as number;
    expect(await paymentRow(payment.id)).toMatchObject({
      status: 'Reembolso pendente',
      refundedCents: Math.round(total * 100),
    });
    const page = (await details(order.id, s.user)).json().data;
    expect(page.address).toMatchObject({ street: 'Avenida Paulista', number: '100', uf: 'SP' });
    expect(page.refunds).toMatchObject([{ amount: total, status: 'pendente' }]);
  });
});
