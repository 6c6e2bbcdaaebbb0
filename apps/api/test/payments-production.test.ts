import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, businessMoment, weekdayOf } from '@petshop/domain';
import { type RunningCardStandIn, startCardStandIn } from '@petshop/sandbox/testing';
import { count } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '../src/config';
import { orders, payments, posSales, stores, subscriptions } from '../src/db/schema';
import { createTestContext, TEST_SECRET, type TestContext } from './helper';
import { bookingFixtures } from './support/booking';
import { CARD_PSP } from './support/card-psp';
import { checkoutFixtures } from './support/checkout';

const production = (extra: Record<string, string> = {}) => ({
  NODE_ENV: 'production',
  JWT_SECRET: TEST_SECRET,
  DATA_DIR: 'memory://',
  ...extra,
});

describe('a shop in production without a PSP', () => {
  it('does not start, and names what is missing', () => {
    const run = spawnSync(process.execPath, ['--import', 'tsx', join(repoRoot, 'apps/api/src/main.ts')], {
      env: {
        PATH: process.env.PATH,
        ...production({ DATA_DIR: mkdtempSync(join(tmpdir(), 'petshop-prod-')), PORT: '0' }),
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    for (const name of ['PIX_API_URL', 'PIX_WEBHOOK_SECRET', 'CARD_PSP_ACCESS_TOKEN', 'CARD_WEBHOOK_SECRET']) {
      expect(run.stderr).toContain(name);
    }
    expect(run.stderr).toContain('PAYMENTS_SANDBOX=1');
  });

  it('`NODE_ENV=production npm start` is a shop, not the demo: with no PSP it refuses to start too', () => {
    const run = spawnSync(process.execPath, [join(repoRoot, 'scripts/start.mjs'), '--no-build'], {
      cwd: repoRoot,
      env: {
        PATH: process.env.PATH,
        ...production({ DATA_DIR: mkdtempSync(join(tmpdir(), 'petshop-prod-start-')), PORT: '0' }),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(run.status, run.stdout).toBe(1);
    for (const name of ['PIX_API_URL', 'CARD_PSP_ACCESS_TOKEN', 'PAYMENTS_SANDBOX=1'])
      expect(run.stderr).toContain(name);
  });

  it('asks only for the PSPs of the methods it offers, and starts with the sandbox asked for by name', () => {
    expect(() => loadConfig(production({ PAYMENT_METHODS: 'credit' }))).toThrow(/CARD_PSP_ACCESS_TOKEN/);
    expect(() => loadConfig(production({ PAYMENT_METHODS: 'credit' }))).not.toThrow(/PIX_API_URL/);
    expect(loadConfig(production({ PAYMENTS_SANDBOX: '1' })).PAYMENTS_SANDBOX).toBe(true);
    expect(() => loadConfig(production({ PAYMENT_METHODS: 'cheque' }))).toThrow(/PAYMENT_METHODS/);
  });
});

describe('a production shop that runs the sandbox on purpose', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestContext({
      NODE_ENV: 'production',
      PAYMENTS_SANDBOX: '1',
      PAYMENT_METHODS: 'pix,credit',
      // the owner signs in with a password only here (two-factor has its own tests)
      STAFF_2FA_REQUIRED: '0',
    });
  });
  afterAll(() => t.close());

  it('says so, offers only what PAYMENT_METHODS names, and lets only admins play the bank', async () => {
    const config = (await t.app.inject({ url: '/api/payments/config' })).json().data;
    expect(config).toMatchObject({ sandbox: true, methods: ['Cartão de Crédito', 'Pix'] });
    const f = checkoutFixtures(t);
    const user = await t.customer();
    const productId = await f.product('Coleira', 5, 3000);
    const cartId = await f.add(user, productId, 1);
    const paid = await f.pay(user, { cartId, paymentMethod: 'Pix', deliveryMethod: 'Retirada na loja' });
    const { txid } = paid.json().data.payment;
    const pay = (auth: { authorization: string }) =>
      t.app.inject({ method: 'POST', url: `/api/sandbox/pix/${txid}/pay`, headers: auth });
    expect((await pay(user.auth)).statusCode).toBe(404);
    expect((await pay((await t.admin()).auth)).statusCode).toBe(200);
  });

  it('refuses a method it does not offer', async () => {
    const f = checkoutFixtures(t);
    const user = await t.customer();
    const productId = await f.product('Petisco', 5, 3000);
    const addressId = await f.address(user);
    const cartId = await f.add(user, productId, 1);
    const res = await f.pay(user, { cartId, addressId, paymentMethod: 'Boleto' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Este método de pagamento não é oferecido pela loja.');
  });
});

describe('a production shop with only a card PSP (no PAYMENTS_SANDBOX)', () => {
  let t: TestContext;
  let psp: RunningCardStandIn;
  beforeAll(async () => {
    psp = await startCardStandIn({ ...CARD_PSP, webhookUrl: () => `${t.baseUrl}/api/webhooks/cards` });
    t = await createTestContext({
      NODE_ENV: 'production',
      PAYMENT_METHODS: 'credit,debit,boleto',
      CARD_PSP_URL: psp.url,
      CARD_PSP_ACCESS_TOKEN: CARD_PSP.accessToken,
      CARD_PSP_PUBLIC_KEY: CARD_PSP.publicKey,
      CARD_WEBHOOK_SECRET: CARD_PSP.webhookSecret,
      STAFF_2FA_REQUIRED: '0',
    });
  }, 120_000);
  afterAll(async () => {
    await t.close();
    await psp.stop();
  });

  const rows = async (table: typeof orders | typeof payments | typeof posSales | typeof subscriptions) =>
    (await t.db.select({ n: count() }).from(table))[0]?.n;

  it('mounts no sandbox at all: every stand-in and payer route is 404, even to the owner', async () => {
    const admin = await t.admin();
    const calls = [
      { method: 'POST', url: '/api/sandbox/pix/oauth/token' },
      { method: 'GET', url: '/api/sandbox/pix/mode' },
      { method: 'POST', url: '/api/sandbox/pix/any-txid-0123456789abcdef/pay', headers: admin.auth },
      { method: 'POST', url: '/api/sandbox/subscriptions/1/authorize', headers: admin.auth },
      { method: 'POST', url: '/api/sandbox/subscriptions/1/pay-cycle', headers: admin.auth },
      { method: 'POST', url: '/api/sandbox/cards/v1/card_tokens' },
      { method: 'POST', url: '/api/sandbox/cards/sandbox/3ds/1' },
    ] as const;
    for (const call of calls) expect((await t.app.inject(call)).statusCode, call.url).toBe(404);
    const config = (await t.app.inject({ url: '/api/payments/config' })).json().data;
    expect(config).toMatchObject({ sandbox: false, methods: ['Cartão de Débito', 'Cartão de Crédito', 'Boleto'] });
  });

  it('refuses Pix with a pt-BR 400 that changes nothing: web checkout, package, counter, plan', async () => {
    const f = checkoutFixtures(t);
    const b = bookingFixtures(t);
    const admin = await t.admin();
    const customer = await t.customer();
    const productId = await f.product('Coleira de produção', 5, 3000);
    const cartId = await f.add(customer, productId, 1);
    const before = {
      orders: await rows(orders),
      payments: await rows(payments),
      sales: await rows(posSales),
      subscriptions: await rows(subscriptions),
    };
    const refusedAs = (res: Awaited<ReturnType<typeof t.app.inject>>) => {
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'METHOD_NOT_OFFERED',
        message: 'Este método de pagamento não é oferecido pela loja.',
      });
    };

    refusedAs(await f.pay(customer, { cartId, paymentMethod: 'Pix', deliveryMethod: 'Retirada na loja' }));

    const pkg = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: admin.auth,
      payload: {
        name: '4 banhos',
        serviceId: await b.service(),
        size: 'Médio',
        credits: 4,
        validityDays: 45,
        price: 300,
      },
    });
    expect(pkg.statusCode, pkg.body).toBe(201);
    const petId = await b.pet(customer);
    refusedAs(
      await t.app.inject({
        method: 'POST',
        url: `/api/packages/${pkg.json().data.id}/buy`,
        headers: customer.auth,
        payload: { petId, paymentMethod: 'Pix' },
      }),
    );

    const [store] = await t.db.select({ id: stores.id }).from(stores).limit(1);
    const session = await t.app.inject({
      method: 'POST',
      url: '/api/pos/sessions',
      headers: admin.auth,
      payload: { storeId: store?.id, openingCash: 100 },
    });
    expect(session.statusCode, session.body).toBe(201);
    refusedAs(
      await t.app.inject({
        method: 'POST',
        url: '/api/pos/sales',
        headers: { ...admin.auth, 'idempotency-key': randomUUID() },
        payload: {
          sessionId: session.json().data.id,
          items: [{ productId, quantity: 1 }],
          payments: [{ method: 'Pix', amount: 30 }],
        },
      }),
    );

    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/plans',
      headers: admin.auth,
      payload: { name: 'Banho semanal', serviceId: await b.service(), size: 'Médio', frequency: 'SEMANAL', price: 80 },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    let first = addDays(businessMoment().date, 4);
    if (weekdayOf(first) === 0) first = addDays(first, 1);
    refusedAs(
      await t.app.inject({
        method: 'POST',
        url: `/api/plans/${plan.json().data.id}/subscribe`,
        headers: customer.auth,
        payload: {
          petId,
          weekday: weekdayOf(first),
          time: '10:00',
          employeeId: await b.employee(),
          paymentMethod: 'Pix Automático',
        },
      }),
    );

    expect({
      orders: await rows(orders),
      payments: await rows(payments),
      sales: await rows(posSales),
      subscriptions: await rows(subscriptions),
    }).toEqual(before);
    expect(await f.stockOf(productId)).toBe(5);
    expect(await f.cartLines(customer)).toEqual([[productId, 1]]);
    // What it does offer still takes money: the counter's cash.
    const cash = await t.app.inject({
      method: 'POST',
      url: '/api/pos/sales',
      headers: { ...admin.auth, 'idempotency-key': randomUUID() },
      payload: {
        sessionId: session.json().data.id,
        items: [{ productId, quantity: 1 }],
        payments: [{ method: 'Dinheiro', amount: 30 }],
      },
    });
    expect(cash.statusCode, cash.body).toBe(201);
    expect(cash.json().data.status).toBe('Concluída');
  });
});
