import { describe, expect, test } from 'vitest';
import { createCustomer, loginAsAdmin } from './support/api';
import { setUpBrowser } from './support/browser';

const { newPage } = setUpBrowser();

const ACCESS_TEXT =
  'Cadastre-se ou faça login para acessar nossos serviços exclusivos e cuidar do seu pet com facilidade!';

describe('acesso às páginas protegidas', () => {
  test('um visitante em /user vê a tela de acesso restrito', async () => {
    const page = await newPage();
    await page.goto('/user');
    await page.getByText(ACCESS_TEXT).waitFor();
    expect(await page.getByRole('link', { name: 'Cadastrar' }).getAttribute('href')).toBe('/register?next=%2Fuser');
    await page.getByRole('main').getByRole('link', { name: 'Entrar' }).click();
    await page.waitForURL('**/login?next=%2Fuser');
  });

  test('um cliente que abre /admin é enviado para /error', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session });
    await page.goto('/admin');
    await page.waitForURL('**/error');
    await page.getByRole('link', { name: 'Voltar para o início' }).waitFor();
  });

  test('uma sessão expirada (401) é encerrada e leva a /error', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session: { ...session, token: `${session.token}x` } });
    await page.goto('/user');
    await page.waitForURL('**/error');
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).toBeNull();
  });

  test('o administrador acessa o painel a partir de /user', async () => {
    const session = await loginAsAdmin();
    const page = await newPage({ session });
    await page.goto('/user');
    await page.getByRole('link', { name: 'Acessar painel de administração' }).click();
    await page.waitForURL('**/admin');
    await page.getByRole('heading', { name: 'Painel de administração' }).waitFor();
    const cards = page.getByRole('main').getByRole('listitem').getByRole('link');
    expect(await cards.evaluateAll((links) => links.map((link) => link.getAttribute('href')))).toEqual([
      '/adminDashboard',
      '/adminProducts',
      '/adminStock',
      '/adminSales',
      '/adminPayments',
      '/adminShipping',
      '/adminStores',
      '/adminUsers',
      '/adminEmployers',
      '/adminAgenda',
      '/adminAppointments',
      '/adminMessages',
      '/adminAudit',
      '/user#two-factor',
      '/adminPlans',
      '/adminPackages',
    ]);
  });

  test('um cliente não vê o botão do painel de administração', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session });
    await page.goto('/user');
    await page.getByRole('heading', { level: 1, name: session.user.name }).waitFor();
    expect(await page.getByText('Acessar painel de administração').count()).toBe(0);
  });
});
