import { describe, expect, inject, test } from 'vitest';
import { createCustomer } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';

const { newPage } = setUpBrowser();

interface CatalogProduct {
  id: number;
  name: string;
  description: string;
  categories: { name: string };
  species: { name: string };
}

/** The whole demo catalogue, in the order the shop lists it. */
async function catalogProducts(): Promise<CatalogProduct[]> {
  const response = await fetch(`${inject('baseUrl')}/api/products?limit=200`);
  if (!response.ok) throw new Error(`GET /products → ${response.status}`);
  return ((await response.json()) as { data: CatalogProduct[] }).data;
}

describe('catálogo', () => {
  test('a home mostra o banner, categorias, espécies com ícones e o carrossel de serviços', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session });
    await page.goto('/home');
    await page.getByRole('heading', { level: 1, name: 'PetCare' }).waitFor();
    await page.getByText('Tudo para o bem-estar do seu pet!').waitFor();

    const categories = page.getByRole('region', { name: 'Categorias' });
    expect(await categories.getByRole('link', { name: 'Rações' }).getAttribute('href')).toMatch(
      /^\/products\/category\/\d+$/,
    );
    const species = page.getByRole('region', { name: 'Espécies' });
    const dog = species.getByRole('link', { name: 'Cachorro' });
    expect(await dog.getAttribute('href')).toMatch(/^\/products\/specie\/\d+$/);
    expect(await species.locator('a svg').count()).toBe(7);

    const services = page.getByRole('region', { name: 'Serviços' });
    expect(await services.getByRole('link').first().getAttribute('href')).toMatch(/^\/services\/\d+$/);
    await services.getByRole('button', { name: 'Próximo serviço' }).waitFor();
    await services.getByRole('button', { name: 'Serviço anterior' }).waitFor();

    await dog.click();
    await page.waitForURL(/\/products\/specie\/\d+$/);
    await page.getByRole('heading', { level: 1, name: 'Cachorro' }).waitFor();
  });

  test('em 960 px ou menos o carrossel de serviços dá lugar à lista', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session, viewport: { width: 960, height: 800 } });
    await page.goto('/home');
    await page.getByRole('region', { name: 'Espécies' }).getByRole('link', { name: 'Gato' }).waitFor();
    const services = page.getByRole('region', { name: 'Serviços' });
    await services.getByRole('link').first().waitFor();
    expect(await services.count()).toBe(1);
    expect(await page.getByRole('button', { name: 'Próximo serviço' }).count()).toBe(0);
  });

  test('a busca sem acento acha "Ração", fica na URL e um termo em branco volta a todos', async () => {
    const { session } = await createCustomer();
    const page = await newPage({ session });
    await page.goto('/products');
    const box = page.getByPlaceholder('O que seu pet precisa?');
    await box.fill('racao');
    await box.press('Enter');
    await page.waitForURL('**/products?q=racao');
    const cards = page.getByRole('main').getByRole('listitem');
    await cards.first().waitFor();
    for (const name of await cards.allTextContents()) expect(name).toContain('Ração');

    await page.reload();
    await cards.first().waitFor();
    await expect.poll(() => page.getByPlaceholder('O que seu pet precisa?').inputValue()).toBe('racao');

    await page.getByRole('button', { name: 'Limpar busca' }).click();
    await page.waitForURL(/\/products$/);
    await page.getByRole('heading', { level: 1, name: 'Produtos' }).waitFor();

    await page.goBack();
    await page.waitForURL('**/products?q=racao');
    await expect.poll(() => page.getByPlaceholder('O que seu pet precisa?').inputValue()).toBe('racao');

    await page.getByPlaceholder('O que seu pet precisa?').fill('   ');
    await page.getByRole('button', { name: 'Buscar', exact: true }).click();
    await page.waitForURL(/\/products$/);

    await page.getByPlaceholder('O que seu pet precisa?').fill('xyzzy-nada');
    await page.keyboard.press('Enter');
    await page.getByText('Nenhum produto disponível.').waitFor();
  });

  test('"racao gato" acha as rações para gatos; categoria, espécie e ordem filtram e ficam na URL', async () => {
    const page = await newPage();
    await page.goto('/products');
    const box = page.getByPlaceholder('O que seu pet precisa?');
    await box.fill('racao gato');
    await box.press('Enter');
    await page.waitForURL('**/products?q=racao+gato');
    const cards = page.getByRole('main').getByRole('listitem');
    await cards.first().waitFor();
    const names = await cards.locator('.product-card__name').allTextContents();
    expect(names.length).toBeGreaterThanOrEqual(2);
    for (const name of names) expect(name).toMatch(/Ração.*Gatos/);

    await page.getByRole('combobox', { name: 'Ordenar por' }).selectOption({ label: 'Maior preço' });
    await page.waitForURL(/sort=price-desc/);
    await expect
      .poll(async () => {
        const prices = (await cards.allTextContents()).map((text) => {
          const match = /R\$\s*([\d.]+,\d{2})/.exec(text);
          return match?.[1] ? Number(match[1].replace(/\./g, '').replace(',', '.')) : Number.NaN;
        });
        return prices.every((price, index) => index === 0 || price <= (prices[index - 1] ?? 0));
      })
      .toBe(true);

    await page.getByRole('button', { name: 'Limpar busca' }).click();
    await page.waitForURL(/\/products\?sort=price-desc$/);
    await page.getByRole('combobox', { name: 'Categoria' }).selectOption({ label: 'Brinquedos' });
    await page.getByRole('combobox', { name: 'Espécie' }).selectOption({ label: 'Gato' });
    await page.waitForURL(/category=\d+&species=\d+&sort=price-desc/);
    await expect
      .poll(() => cards.locator('.product-card__name').allTextContents())
      .toContain('Varinha com Penas para Gatos');
    for (const name of await cards.locator('.product-card__name').allTextContents()) expect(name).not.toMatch(/Ração/);

    await page.reload();
    await cards.first().waitFor();
    expect(await page.getByRole('combobox', { name: 'Espécie' }).locator('option:checked').textContent()).toBe('Gato');
    await expectNoSeriousA11yIssues(page, '/products com filtros');
  });

  test('"Carregar mais" traz a próxima página de produtos', async () => {
    const { session } = await createCustomer();
    const total = (await catalogProducts()).length;
    expect(total).toBeGreaterThan(24);
    const page = await newPage({ session });
    await page.goto('/products');
    const cards = page.getByRole('main').getByRole('listitem');
    await page.getByText(`Mostrando 24 de ${total} produtos`).waitFor();
    expect(await cards.count()).toBe(24);

    await page.getByRole('button', { name: 'Carregar mais' }).click();
    await page.getByText(`Mostrando ${Math.min(48, total)} de ${total} produtos`).waitFor();
    expect(await cards.count()).toBe(Math.min(48, total));
    const images = cards.getByRole('img');
    expect(await images.first().getAttribute('loading')).toBe('lazy');
    expect(await images.first().getAttribute('width')).toBe('400');
  });

  test('o card leva ao produto pelo estado da navegação e o link direto também funciona', async () => {
    const { session } = await createCustomer();
    const products = await catalogProducts();
    const longOne = products.find((product) => product.description.length > 200);
    if (!longOne) throw new Error('the demo catalogue needs a description longer than 200 characters');

    const page = await newPage({ session });
    await page.goto('/products');
    const productRequests: string[] = [];
    page.on('request', (request) => {
      if (/\/api\/products\/\d+$/.test(request.url())) productRequests.push(request.url());
    });
    const first = products[0];
    if (!first) throw new Error('no products');
    await page.getByRole('link', { name: first.name }).first().click();
    await page.waitForURL(`**/products/${first.id}`);
    await page.getByRole('heading', { level: 1, name: first.name }).waitFor();
    expect(productRequests).toEqual([]);

    const fresh = await newPage({ session });
    await fresh.goto(`/products/${longOne.id}`);
    await fresh.getByRole('heading', { level: 1, name: longOne.name }).waitFor();
    await fresh.getByText(`Categoria: ${longOne.categories.name}`).waitFor();
    await fresh.getByText(`Espécie: ${longOne.species.name}`).waitFor();
    await fresh.getByRole('button', { name: 'Exibir mais' }).click();
    await fresh.getByText(longOne.description).waitFor();
    await fresh.getByRole('button', { name: 'Exibir menos' }).waitFor();

    await fresh.goto('/products/999999');
    await fresh.getByText('Produto não encontrado').waitFor();
  });

  test('em 360 px a home, a lista e o produto cabem na largura', async () => {
    const { session } = await createCustomer();
    const [product] = await catalogProducts();
    if (!product) throw new Error('no products');
    const page = await newPage({ session, viewport: PHONE });
    for (const [path, name] of [
      ['/home', 'PetCare'],
      ['/products', 'Produtos'],
      [`/products/${product.id}`, product.name],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(360);
    }
  });
});
