import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { DESKTOP, PHONE, setUpBrowser } from './support/browser';
import { newProduct } from './support/orders-api';

const { newPage } = setUpBrowser();

describe('entrada do painel no cabeçalho', () => {
  test('o admin vê "Painel" no cabeçalho da loja (e no menu do celular); o cliente não', async () => {
    const admin = await loginAsAdmin();
    const page = await newPage({ session: admin, viewport: DESKTOP });
    await page.goto('/home');
    const header = page.locator('header').first();
    await header.getByRole('link', { name: 'Painel' }).click();
    await page.waitForURL('**/admin');
    await expectNoSeriousA11yIssues(page, '/admin pelo cabeçalho');

    const phone = await newPage({ session: admin, viewport: PHONE });
    await phone.goto('/home');
    await phone.getByRole('button', { name: 'Abrir menu' }).click();
    await phone.getByRole('dialog').getByRole('link', { name: 'Painel' }).waitFor();
    await expectNoSeriousA11yIssues(phone, 'menu com Painel (360 px)');

    const customer = await createCustomer();
    const shop = await newPage({ session: customer.session, viewport: DESKTOP });
    await shop.goto('/home');
    await shop.locator('header').first().getByRole('link', { name: 'Produtos' }).waitFor();
    expect(await shop.locator('header').first().getByRole('link', { name: 'Painel' }).count()).toBe(0);
  });
});

describe('avisos (toasts)', () => {
  test('em 1280 px o aviso fica embaixo à direita, longe do cabeçalho', async () => {
    const customer = await createCustomer();
    const product = await newProduct(5);
    const page = await newPage({ session: customer.session, viewport: DESKTOP });
    await page.goto(`/products/${product.id}`);
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Produto adicionado ao carrinho!' });
    await toast.waitFor();
    await expect.poll(async () => Number(await toast.evaluate((t) => getComputedStyle(t).opacity))).toBe(1);
    const box = await toast.boundingBox();
    const header = await page.locator('header').first().boundingBox();
    const buy = await page.getByRole('button', { name: 'Comprar' }).boundingBox();
    if (!box || !header || !buy) throw new Error('no box');
    expect(box.y).toBeGreaterThan(header.y + header.height);
    expect(box.y).toBeGreaterThan(DESKTOP.height / 2);
    const overlaps =
      box.x < buy.x + buy.width &&
      buy.x < box.x + box.width &&
      box.y < buy.y + buy.height &&
      buy.y < box.y + box.height;
    expect(overlaps).toBe(false);
  });
});

describe('serviços para quem ainda não entrou', () => {
  test("a lista diz 'a partir de' e a página do serviço mostra o preço de cada porte, sem login", async () => {
    const admin = await loginAsAdmin();
    const name = `Banho por porte ${Date.now()}`;
    const service = await api<{ id: number }>('/services', {
      method: 'POST',
      token: admin.token,
      body: {
        name,
        description: 'Banho com secagem.',
        prices: { Pequeno: 60, Médio: 70, Grande: 90 },
        durationMinutes: 60,
      },
    });
    const page = await newPage({ viewport: PHONE });
    await page.goto('/services');
    const link = page.getByRole('link', { name: new RegExp(name) });
    await link.getByText('a partir de R$ 60,00').waitFor();
    await expectNoSeriousA11yIssues(page, '/services visitante (360 px)');
    await page.goto(`/services/${service.id}`);
    const sizes = page.getByRole('region', { name: 'Valor por porte' });
    for (const [size, price] of [
      ['Pequeno', 'R$ 60,00'],
      ['Médio', 'R$ 70,00'],
      ['Grande', 'R$ 90,00'],
    ] as const) {
      await sizes.getByText(size, { exact: true }).waitFor();
      await sizes.getByText(price).waitFor();
    }
    await page.getByRole('link', { name: 'Entrar para agendar' }).waitFor();
    await expectNoSeriousA11yIssues(page, '/services/{id} visitante (360 px)');
  });
});

describe('busca de usuários', () => {
  test("'maria silva' encontra 'Maria da Silva'", async () => {
    const stamp = Date.now().toString(36);
    const customer = await createCustomer({ name: `Maria da Silva Teste${stamp}` });
    const page = await newPage({ session: await loginAsAdmin(), viewport: DESKTOP });
    await page.goto('/adminUsers');
    await page.getByLabel('Buscar usuários').fill(`maria silva teste${stamp}`);
    await page.getByLabel('Buscar usuários').press('Enter');
    await page.getByRole('row').filter({ hasText: customer.email }).waitFor();
    await expectNoSeriousA11yIssues(page, '/adminUsers busca');
  });
});

describe('títulos das abas', () => {
  test('a aba de um produto tem o nome dele, também vindo da grade', async () => {
    const product = await newProduct(3);
    const page = await newPage({ viewport: DESKTOP });
    await page.goto(`/products/${product.id}`);
    await expect.poll(() => page.title()).toBe(`${product.name} | PetCare`);
    await page.goto(`/products?q=${encodeURIComponent(product.name)}`);
    await expect.poll(() => page.title()).toBe('Produtos | PetCare');
    await page.getByRole('link', { name: new RegExp(product.name) }).click();
    await page.waitForURL(`**/products/${product.id}`);
    await expect.poll(() => page.title()).toBe(`${product.name} | PetCare`);
  });
});
