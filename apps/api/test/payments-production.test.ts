import { spawnSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig, repoRoot } from '../src/config';
import { createTestContext, TEST_SECRET, type TestContext } from './helper';
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
