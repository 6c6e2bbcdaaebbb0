import { businessMoment } from '@petshop/domain';
import { describe, expect, test } from 'vitest';
import { createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';
import { paidOrder, waitingPixOrder } from './support/orders-api';

const { newPage } = setUpBrowser();

describe('pagamentos', () => {
  test('o dono vê o dinheiro do dia num só lugar, filtra por origem, método e status (360 px)', async () => {
    const { session } = await createCustomer();
    const card = await paidOrder(session.token);
    const pix = await waitingPixOrder(session.token);
    const admin = await loginAsAdmin();

    const page = await newPage({ session: admin, viewport: PHONE });
    await page.goto('/adminPayments');
    await page.getByRole('heading', { level: 1, name: 'Pagamentos' }).waitFor();
    const today = businessMoment().date;
    await page.getByLabel('De', { exact: true }).fill(today);
    await page.getByLabel('Até', { exact: true }).fill(today);
    await page.getByLabel('Origem', { exact: true }).selectOption({ label: 'Pedido' });
    await page.getByLabel('Método', { exact: true }).selectOption('Cartão de Crédito');

    const cardRow = page.getByRole('row', { name: new RegExp(`Pedido nº ${card.orderId}\\b`) });
    await cardRow.waitFor();
    expect(await cardRow.textContent()).toContain('Aprovado');
    expect(await page.getByRole('row', { name: new RegExp(`Pedido nº ${pix.orderId}\\b`) }).count()).toBe(0);
    // The period's totals are the ledger's, by method.
    await page.getByRole('definition').first().waitFor();

    await page.getByLabel('Método', { exact: true }).selectOption('Pix');
    await page.getByLabel('Status', { exact: true }).selectOption('Pendente');
    const pixRow = page.getByRole('row', { name: new RegExp(`Pedido nº ${pix.orderId}\\b`) });
    await pixRow.waitFor();
    expect(await pixRow.textContent()).toContain('Pendente');

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yIssues(page, '/adminPayments (360 px)');

    await page.getByLabel('Até', { exact: true }).fill('2020-01-01');
    await page.getByLabel('De', { exact: true }).fill('2020-01-01');
    await page.getByText('Nenhum pagamento com estes filtros.').waitFor();
  });

  test('um cliente que abre /adminPayments não vê pagamento nenhum', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session });
    await page.goto('/adminPayments');
    await page.waitForURL('**/error');
  });
});
