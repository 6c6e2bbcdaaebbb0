import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { createCustomer } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';
import { addToCart, newProduct, paidOrder } from './support/orders-api';

const { newPage } = setUpBrowser();

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('no celular (360 px)', () => {
  test('a /home mostra produtos e a lista de serviços', async () => {
    const page = await newPage({ viewport: PHONE });
    await page.goto('/home');
    const products = page.getByRole('region', { name: 'Produtos' });
    await products.getByRole('listitem').first().waitFor();
    expect(await products.getByRole('listitem').first().isVisible()).toBe(true);
    expect(await products.getByRole('link', { name: 'Ver todos os produtos' }).getAttribute('href')).toBe('/products');
    const services = page.getByRole('region', { name: 'Serviços' });
    const firstService = services.getByRole('link').first();
    await firstService.waitFor();
    expect(await firstService.getAttribute('href')).toMatch(/^\/services\/\d+$/);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yIssues(page, '/home (360 px)');
  });

  test('o resumo do pagamento e os itens do pedido viram linhas empilhadas, sem nada cortado', async () => {
    const customer = await createCustomer();
    const { token } = customer.session;
    const { orderId } = await paidOrder(token, 1);
    const product = await newProduct(5, 1234.56);
    await addToCart(token, product.id, 2);

    const page = await newPage({ session: customer.session, viewport: PHONE });
    await page.goto('/payments');
    const summary = page.getByRole('region', { name: 'Resumo do pedido' });
    const line = summary.getByRole('row').filter({ hasText: product.name });
    await line.waitFor();
    // Each value sits beside its column name (the cell's data-label, drawn by CSS), inside the screen.
    for (const [label, value] of [
      ['Preço Unitário', 'R$ 1.234,56'],
      ['Valor Total', 'R$ 2.469,12'],
    ]) {
      const cell = line.locator(`td[data-label="${label}"]`);
      expect(await cell.textContent(), label).toContain(value);
      expect(await cell.isVisible(), label).toBe(true);
      const box = await cell.boundingBox();
      expect((box?.x ?? 0) + (box?.width ?? 0), label).toBeLessThanOrEqual(360);
      expect(await cell.evaluate((el) => getComputedStyle(el, '::before').content), label).toBe(`"${label}"`);
    }
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yIssues(page, '/payments (360 px)');

    await page.goto('/user');
    await page
      .getByRole('region', { name: 'Meus Pedidos' })
      .getByRole('link', { name: new RegExp(`^Pedido #${orderId}(?!\\d)`) })
      .click();
    await page.locator('td[data-label="Quantidade"]').first().waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yIssues(page, '/orders/{id}, itens do pedido (360 px)');
  });

  test('o aviso de "Adicionar ao carrinho" aparece embaixo e não cobre o cabeçalho nem "Comprar"', async () => {
    const customer = await createCustomer();
    const product = await newProduct(5);
    const page = await newPage({ session: customer.session, viewport: PHONE });
    await page.goto(`/products/${product.id}`);
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Produto adicionado ao carrinho!' });
    await toast.waitFor();
    await expect.poll(async () => Number(await toast.evaluate((t) => getComputedStyle(t).opacity))).toBe(1);
    const toastBox = await toast.boundingBox();
    const buyBox = await page.getByRole('button', { name: 'Comprar' }).boundingBox();
    const headerBox = await page.locator('header').first().boundingBox();
    console.info(
      `toast ${JSON.stringify(toastBox)} comprar ${JSON.stringify(buyBox)} header ${JSON.stringify(headerBox)}`,
    );
    expect(toastBox && buyBox && headerBox).toBeTruthy();
    if (!toastBox || !buyBox || !headerBox) return;
    const overlap = (a: typeof toastBox, b: typeof toastBox) => a.y < b.y + b.height && b.y < a.y + a.height;
    expect(overlap(toastBox, buyBox)).toBe(false);
    expect(overlap(toastBox, headerBox)).toBe(false);
    expect(toastBox.y).toBeGreaterThan(PHONE.height / 2);
    await expectNoSeriousA11yIssues(page, '/products/{id} com aviso (360 px)');
  });
});

describe('falhas', () => {
  test('uma falha ao listar produtos oferece tentar de novo e mantém o cabeçalho', async () => {
    const page = await newPage({ viewport: PHONE });
    let fail = true;
    await page.route(/\/api\/products\?/, (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Erro interno do servidor.', code: 'INTERNAL_ERROR' }),
          })
        : route.fallback(),
    );
    await page.goto('/products');
    await page.getByText('Não foi possível carregar os produtos.', { exact: false }).waitFor({ timeout: 30_000 });
    expect(await page.getByText('Nenhum produto disponível.').count()).toBe(0);
    await page.getByRole('banner').getByRole('link', { name: 'PetCare' }).waitFor();
    await expectNoSeriousA11yIssues(page, '/products com falha');
    fail = false;
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByRole('main').getByRole('listitem').first().waitFor();
  });

  test('uma falha do carrinho em /payments não mostra "Error:" e oferece tentar de novo', async () => {
    const customer = await createCustomer();
    const product = await newProduct(5);
    await addToCart(customer.session.token, product.id, 1);
    const page = await newPage({ session: customer.session, viewport: PHONE });
    let fail = true;
    await page.route(/\/api\/carts$/, (route) =>
      fail
        ? route.fulfill({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ message: 'Erro interno do servidor.', code: 'INTERNAL_ERROR' }),
          })
        : route.fallback(),
    );
    await page.goto('/payments');
    await page.getByText('Não foi possível carregar o resumo do seu pedido.', { exact: false }).waitFor({
      timeout: 30_000,
    });
    expect(await page.getByText(/Error:/).count()).toBe(0);
    fail = false;
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByRole('region', { name: 'Resumo do pedido' }).getByText(product.name).waitFor();
  });
});
