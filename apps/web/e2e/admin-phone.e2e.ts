import { describe, expect, test } from 'vitest';
import { createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';
import { newProduct } from './support/orders-api';

const { newPage } = setUpBrowser();

describe('administração no celular e buscas', () => {
  test('em 360 px o cabeçalho do admin tem menu, volta à loja e sair', async () => {
    const page = await newPage({ session: await loginAsAdmin(), viewport: PHONE });
    await page.goto('/adminProducts');
    await page.getByRole('heading', { level: 1, name: 'Produtos' }).waitFor();
    expect(await page.title()).toBe('Produtos · Administração | PetCare');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yIssues(page, '/adminProducts (360 px)');

    await page.getByRole('button', { name: 'Abrir menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    for (const name of ['Produtos', 'Funcionários', 'Vendas', 'Agendamentos', 'Mensagens', 'Usuários']) {
      await drawer.getByRole('link', { name }).waitFor();
    }
    await drawer.getByRole('link', { name: 'Ver a loja' }).click();
    await page.waitForURL('**/home');

    await page.goto('/adminUsers');
    await page.getByRole('heading', { level: 1, name: 'Usuários' }).waitFor();
    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('o admin busca usuários por nome sem acento e produtos pelo nome', async () => {
    const tag = Date.now().toString(36);
    const customer = await createCustomer({ name: `Joana Ávila ${tag}` });
    const product = await newProduct(3);
    const page = await newPage({ session: await loginAsAdmin() });

    await page.goto('/adminUsers');
    await page.getByLabel('Buscar usuários').fill(`joana avila ${tag}`);
    await page.getByRole('cell', { name: customer.email }).waitFor();
    await expect.poll(() => page.getByRole('main').getByRole('row').count()).toBe(2);
    await expectNoSeriousA11yIssues(page, '/adminUsers com busca');
    await page.getByLabel('Buscar usuários').fill(`ninguem ${tag}`);
    await page.getByText('Nenhum usuário encontrado.').waitFor();

    await page.goto('/adminProducts');
    await page.getByLabel('Buscar produtos').fill(product.name.toUpperCase());
    await page.getByRole('main').getByText(product.name, { exact: true }).waitFor();
    await page.getByText('Mostrando 1 de 1 produto').waitFor();
  });
});
