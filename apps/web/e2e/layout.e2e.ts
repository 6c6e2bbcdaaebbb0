import { describe, expect, test } from 'vitest';
import { createCustomer } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';

const { newPage } = setUpBrowser();

describe('layouts', () => {
  test('a página inicial leva ao catálogo e aos serviços e o cabeçalho do visitante abre o catálogo', async () => {
    const page = await newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: 'Tudo o que seu pet precisa em um só lugar!' }).waitFor();
    for (const section of ['Produtos', 'Atendimentos', 'Consultas']) {
      await page.getByRole('heading', { level: 2, name: section }).waitFor();
    }
    const nav = page.getByRole('navigation', { name: 'Principal' });
    const hrefs = { Produtos: '/products', Serviços: '/services', 'Meus pets': '/myPets' };
    for (const [name, href] of Object.entries(hrefs)) {
      expect(await nav.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    const account = page.getByRole('navigation', { name: 'Conta' });
    expect(await account.getByRole('link', { name: 'Carrinho' }).getAttribute('href')).toBe('/cart');
    expect(await account.getByRole('link', { name: 'Usuário' }).getAttribute('href')).toBe('/user');
    await expectNoSeriousA11yIssues(page, '/');
    const cards = { 'Ver produtos': '/products', 'Agendar banho e tosa': '/services', 'Agendar consulta': '/services' };
    for (const [name, href] of Object.entries(cards)) {
      expect(await page.getByRole('link', { name }).getAttribute('href')).toBe(href);
    }
    await page.getByRole('link', { name: 'Começar' }).click();
    await page.waitForURL('**/products');
    await page.getByRole('heading', { level: 1, name: 'Produtos' }).waitFor();
  });

  test('o cabeçalho do cliente destaca a página atual', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session });
    await page.goto('/user');
    await page.getByRole('heading', { level: 1, name: session.user.name }).waitFor();
    expect(await page.getByRole('link', { name: 'Usuário' }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('link', { name: /^Carrinho/ }).getAttribute('aria-current')).toBeNull();
    expect(await page.getByRole('button', { name: 'Abrir menu' }).isVisible()).toBe(false);
  });

  test('em 360 px o carrinho fica na barra e o menu lateral traz as seções e o Usuário', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session, viewport: PHONE });
    await page.goto('/user');
    await page.getByRole('heading', { level: 1, name: session.user.name }).waitFor();
    expect(await page.getByRole('link', { name: /^Carrinho/ }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'Usuário' }).count()).toBe(0);

    // While the drawer is open the rest of the page is hidden from assistive technology.
    const menu = page.getByRole('button', { name: 'Abrir menu', includeHidden: true });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    for (const name of ['Produtos', 'Serviços', 'Meus pets', 'Usuário']) {
      await drawer.getByRole('link', { name }).waitFor();
    }

    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'detached' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    // Focus goes back to the button that opened the drawer.
    expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Abrir menu');

    await menu.click();
    await drawer.getByRole('link', { name: 'Meus pets' }).click();
    await page.waitForURL('**/myPets');
    await drawer.waitFor({ state: 'detached' });
  });

  test('nada transborda na horizontal em 360 px', async () => {
    const { session } = await createCustomer();
    const visitor = await newPage({ viewport: PHONE });
    for (const path of ['/', '/home', '/products', '/login', '/register', '/user', '/error', '/nao-existe']) {
      await visitor.goto(path);
      await visitor.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await visitor.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
    const customer = await newPage({ session, viewport: PHONE });
    await customer.goto('/user');
    await customer.getByRole('heading', { level: 1, name: session.user.name }).waitFor();
    expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

describe('o código do painel', () => {
  test('um cliente navegando pela loja não baixa nada do painel de administração', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session });
    const scripts: string[] = [];
    page.on('response', async (response) => {
      if (response.url().endsWith('.js')) scripts.push(await response.text());
    });
    const requested: string[] = [];
    page.on('request', (request) => requested.push(request.url()));
    for (const [path, heading] of [
      ['/home', 'PetCare'],
      ['/products', 'Produtos'],
      ['/cart', 'Carrinho'],
      ['/user', 'Minha conta'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      expect(await page.title(), heading).toContain(heading);
    }
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(5);
    expect(requested.filter((url) => /\/assets\/(admin-|require-admin)/.test(url))).toEqual([]);
    const adminMarkers = ['adminDashboard', 'adminAgenda', 'Chart.js'];
    for (const text of scripts) for (const marker of adminMarkers) expect(text).not.toContain(marker);
  });
});
