import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';

const { newPage } = setUpBrowser();
const LIMIT_MESSAGE = 'Você pode adicionar no máximo 10 produtos ao carrinho.';

interface CatalogProduct {
  id: number;
  name: string;
  stock: number;
}

const catalogProducts = () => api<CatalogProduct[]>('/products?limit=200');

/** A product only this test uses, so its stock is known. */
async function newProduct(stock: number) {
  const { token } = await loginAsAdmin();
  const [category] = await api<{ id: number }[]>('/categories');
  const [specie] = await api<{ id: number }[]>('/species');
  return api<CatalogProduct>('/products', {
    method: 'POST',
    token,
    body: {
      name: `Produto de teste ${Date.now()} ${stock}`,
      description: 'Criado pelo teste do carrinho.',
      price: 19.9,
      stock,
      category_id: category?.id,
      species_id: specie?.id,
      url: '',
    },
  });
}

const cartLine = (page: Page, name: string) => page.getByRole('main').getByRole('listitem').filter({ hasText: name });
const plusOf = (page: Page, name: string) => page.getByRole('button', { name: `Aumentar quantidade de ${name}` });
const minusOf = (page: Page, name: string) => page.getByRole('button', { name: `Diminuir quantidade de ${name}` });

describe('carrinho', () => {
  test('home → categoria → produto → Comprar → carrinho: mais, menos e limpar', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session });
    await page.goto('/home');
    await page.getByRole('region', { name: 'Categorias' }).getByRole('link', { name: 'Rações' }).click();
    await page.waitForURL(/\/products\/category\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Rações' }).waitFor();

    const card = page.getByRole('main').getByRole('link').filter({ hasText: 'Ração' }).first();
    const name = (await card.getByRole('img').getAttribute('alt')) ?? '';
    expect(name).toContain('Ração');
    await card.click();
    await page.waitForURL(/\/products\/\d+$/);
    await page.getByRole('heading', { level: 1, name }).waitFor();
    const price =
      (await page
        .getByText(/^R\$ \d/)
        .first()
        .textContent()) ?? '';

    await page.getByRole('button', { name: 'Comprar' }).click();
    await page.getByText('Produto adicionado ao carrinho!').waitFor();
    await page.waitForURL('**/cart');

    const line = cartLine(page, name);
    await line.getByText('Quantidade: 1').waitFor();
    await page.getByText(`Total: ${price}`).waitFor();

    await plusOf(page, name).click();
    await line.getByText('Quantidade: 2').waitFor();
    expect(await page.getByText(/^Total:/).textContent()).not.toBe(`Total: ${price}`);

    await minusOf(page, name).click();
    await line.getByText('Quantidade: 1').waitFor();
    await page.getByText(`Total: ${price}`).waitFor();

    // Clearing asks first: 'Manter itens' keeps the cart as it was.
    await page.getByRole('button', { name: 'Limpar Carrinho' }).click();
    const confirm = page.getByRole('dialog', { name: 'Limpar o carrinho?' });
    await confirm.getByText('O item sairá do carrinho.').waitFor();
    await expectNoSeriousA11yIssues(page, '/cart, confirmar limpeza');
    await confirm.getByRole('button', { name: 'Manter itens' }).click();
    await confirm.waitFor({ state: 'detached' });
    await line.getByText('Quantidade: 1').waitFor();
    await page.getByRole('button', { name: 'Limpar Carrinho' }).click();
    await confirm.getByRole('button', { name: 'Limpar' }).click();
    await page.getByText('Seu carrinho está vazio.').waitFor();
    await page.getByText('Total: R$ 0,00').waitFor();
  });

  test('menos em 1 tira a linha; carrinho vazio não finaliza, com itens vai para /payments', async () => {
    const { session } = await createCustomer();
    const [first, second] = await catalogProducts();
    if (!first || !second) throw new Error('the demo catalogue needs products');
    await api('/carts/add', { method: 'POST', token: session.token, body: { productId: first.id, quantity: 1 } });
    await api('/carts/add', { method: 'POST', token: session.token, body: { productId: second.id, quantity: 2 } });

    const page = await newPage({ session });
    await page.goto('/cart');
    await minusOf(page, first.name).click();
    await cartLine(page, first.name).waitFor({ state: 'detached' });
    await cartLine(page, second.name).getByText('Quantidade: 2').waitFor();

    await page.getByRole('link', { name: 'Adicionar novo item' }).click();
    await page.waitForURL(/\/products$/);
    await page.goBack();

    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await page.waitForURL('**/payments');

    await page.goto('/cart');
    await page.getByRole('button', { name: 'Limpar Carrinho' }).click();
    await page.getByRole('dialog', { name: 'Limpar o carrinho?' }).getByRole('button', { name: 'Limpar' }).click();
    await page.getByText('Seu carrinho está vazio.').waitFor();
    const alert = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message());
        void dialog.dismiss();
      }),
    );
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    expect(await alert).toBe('Por favor, adicione algum item ao carrinho antes de finalizar a compra.');
    expect(new URL(page.url()).pathname).toBe('/cart');
  });

  test('no limite de 10 o botão de mais some e a página do produto avisa o limite', async () => {
    const { session } = await createCustomer();
    const products = (await catalogProducts()).filter((product) => product.stock >= 10);
    const [first, second] = products;
    if (!first || !second) throw new Error('the demo catalogue needs two products with stock of 10 or more');

    const page = await newPage({ session });
    await page.goto(`/products/${first.id}`);
    const plus = page.getByRole('button', { name: 'Aumentar quantidade' });
    for (let i = 0; i < 9; i++) await plus.click();
    expect(await plus.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Comprar' }).click();
    await page.waitForURL('**/cart');

    await cartLine(page, first.name).getByText('Quantidade: 10').waitFor();
    expect(await plusOf(page, first.name).count()).toBe(0);
    const hiddenPlus = page.getByRole('button', { name: `Aumentar quantidade de ${first.name}`, includeHidden: true });
    expect(await hiddenPlus.isVisible()).toBe(false);
    expect(await hiddenPlus.isDisabled()).toBe(true);

    await page.goto(`/products/${second.id}`);
    await page.getByRole('button', { name: 'Adicionar ao carrinho' }).click();
    await page.getByText(LIMIT_MESSAGE).waitFor();

    await page.goto('/cart');
    await minusOf(page, first.name).click();
    await cartLine(page, first.name).getByText('Quantidade: 9').waitFor();
    await plusOf(page, first.name).waitFor({ state: 'visible' });
  });

  test('sem estoque: a página do produto não vende e o carrinho mostra a mensagem do servidor', async () => {
    const { session } = await createCustomer();
    const soldOut = await newProduct(0);
    const lastOne = await newProduct(1);
    await api('/carts/add', { method: 'POST', token: session.token, body: { productId: lastOne.id, quantity: 1 } });

    const page = await newPage({ session });
    await page.goto(`/products/${soldOut.id}`);
    await page.getByText('Produto esgotado').waitFor();
    expect(await page.getByRole('button', { name: 'Comprar' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Adicionar ao carrinho' }).count()).toBe(0);

    await page.goto('/cart');
    await plusOf(page, lastOne.name).click();
    const toast = page.getByText(`Estoque insuficiente para "${lastOne.name}"`, { exact: false });
    await toast.waitFor();
    await cartLine(page, lastOne.name).getByText('Quantidade: 1').waitFor();
    // The toast rises above the fixed bar instead of covering its buttons.
    await page.waitForTimeout(500);
    const toastBox = await toast.boundingBox();
    const barBox = await page.getByRole('region', { name: 'Resumo do carrinho' }).boundingBox();
    if (!toastBox || !barBox) throw new Error('toast or bar not rendered');
    expect(toastBox.y + toastBox.height).toBeLessThanOrEqual(barBox.y);
  });

  test('em 360 px a barra fixa não cobre a última linha', async () => {
    const { session } = await createCustomer();
    const products = await catalogProducts();
    for (const product of products.slice(0, 4)) {
      await api('/carts/add', { method: 'POST', token: session.token, body: { productId: product.id, quantity: 1 } });
    }
    const page = await newPage({ session, viewport: PHONE });
    await page.goto('/cart');
    const last = page.getByRole('main').getByRole('listitem').last();
    await last.waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const lineBox = await last.boundingBox();
    const barBox = await page.getByRole('region', { name: 'Resumo do carrinho' }).boundingBox();
    if (!lineBox || !barBox) throw new Error('cart line or bar not rendered');
    expect(lineBox.y + lineBox.height).toBeLessThanOrEqual(barBox.y);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
