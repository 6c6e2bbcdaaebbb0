import { describe, expect, test } from 'vitest';
import { createCustomer } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';
import { newCustomer } from './support/fake-data';

const { newPage } = setUpBrowser();

describe('visitante', () => {
  test('em 360 px navega pelo catálogo, é chamado a entrar em "Comprar" e volta ao produto', async () => {
    const customer = await createCustomer();
    const page = await newPage({ viewport: PHONE });
    await page.goto('/');
    await page.getByRole('navigation', { name: 'Principal' }).getByRole('link', { name: 'Produtos' }).click();
    await page.waitForURL(/\/products$/);
    await page.getByRole('heading', { level: 1, name: 'Produtos' }).waitFor();
    expect(await page.title()).toBe('Produtos | PetCare');
    const first = page.getByRole('main').getByRole('listitem').first();
    await first.waitFor();
    expect(
      await page
        .getByRole('main')
        .getByText(/R\$\s?\d/)
        .count(),
    ).toBeGreaterThan(0);
    await expectNoSeriousA11yIssues(page, '/products (visitante)');

    await first.getByRole('link').first().click();
    await page.waitForURL(/\/products\/\d+$/);
    const productPath = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Comprar' }).waitFor();
    const name = await page.getByRole('heading', { level: 1 }).textContent();
    await expectNoSeriousA11yIssues(page, '/products/{id} (visitante)');

    await page.getByRole('button', { name: 'Comprar' }).click();
    await page.waitForURL(/\/login\?next=/);
    expect(new URL(page.url()).searchParams.get('next')).toBe(productPath);
    await page.getByText('Entre ou cadastre-se para comprar.').waitFor();
    await expectNoSeriousA11yIssues(page, '/login');

    await page.getByLabel('E-mail').fill(customer.email);
    await page.getByLabel('Senha', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(`**${productPath}`);
    await page.getByRole('heading', { level: 1, name: name ?? '' }).waitFor();

    // Back as a customer: the header's cart button counts what 'Comprar' adds, at 360 px too.
    const cart = page.getByRole('link', { name: /^Carrinho/ });
    await expect.poll(() => cart.getAttribute('aria-label')).toBe('Carrinho, vazio');
    await page.getByRole('button', { name: 'Comprar' }).click();
    await page.waitForURL('**/cart');
    await expect.poll(() => cart.getAttribute('aria-label')).toBe('Carrinho, 1 item');
    expect(await cart.isVisible()).toBe(true);
    expect(await page.title()).toBe('Carrinho | PetCare');
  });

  test('o cadastro leva ao login com o e-mail preenchido e volta à página de onde veio', async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto('/services');
    await page.getByRole('heading', { level: 1, name: 'Serviços' }).waitFor();
    await page.getByRole('main').getByRole('link').first().click();
    await page.waitForURL(/\/services\/\d+$/);
    const servicePath = new URL(page.url()).pathname;
    await expectNoSeriousA11yIssues(page, '/services/{id} (visitante)');
    await page.getByRole('link', { name: 'Cadastrar' }).click();
    await page.waitForURL(/\/register\?next=/);

    const customer = newCustomer();
    await page.getByLabel('E-mail').fill(customer.email);
    await page.getByLabel('CPF').pressSequentially(customer.cpf);
    await page.getByLabel('Nome').fill(customer.name);
    await page.getByLabel('Telefone').pressSequentially(customer.phone);
    await page.getByLabel('Senha', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Cadastrar' }).click();

    // Signed in at once, back on the service the visitor was booking.
    await page.waitForURL(`**${servicePath}`);
    await page.getByLabel('Pet').waitFor();
  });

  test('Meus pets, o carrinho e o usuário levam à tela de acesso restrito, cujo login volta à página', async () => {
    const customer = await createCustomer();
    const page = await newPage();
    await page.goto('/home');
    await page.getByRole('region', { name: 'Categorias' }).waitFor();
    await expectNoSeriousA11yIssues(page, '/home (visitante)');
    await page.getByRole('navigation', { name: 'Conta' }).getByRole('link', { name: 'Carrinho' }).click();
    await page.waitForURL('**/cart');
    await page.getByRole('heading', { name: 'Acesso restrito' }).waitFor();
    await page.getByRole('navigation', { name: 'Principal' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Entrar' }).click();
    await page.waitForURL(/\/login\?next=%2Fcart$/);
    await page.getByLabel('E-mail').fill(customer.email);
    await page.getByLabel('Senha', { exact: true }).fill(customer.password);
    await page.getByRole('button', { name: 'Entrar', exact: true }).click();
    await page.waitForURL(/\/cart$/);
    await page.getByRole('heading', { level: 1, name: 'Carrinho' }).waitFor();
  });
});
