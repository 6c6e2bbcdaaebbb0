import { describe, expect, test } from 'vitest';
import { api, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';
import { newProduct } from './support/orders-api';

const { newPage } = setUpBrowser();

describe('auditoria', () => {
  test('a mudança de preço de um produto aparece com antes e depois, filtrada pelo registro (360 px)', async () => {
    const product = await newProduct(5, 40);
    const admin = await loginAsAdmin();
    const [category] = await api<{ id: number }[]>('/categories');
    const [specie] = await api<{ id: number }[]>('/species');
    await api(`/products/${product.id}`, {
      method: 'PUT',
      token: admin.token,
      body: {
        name: product.name,
        description: 'Criado pelo teste de pedidos.',
        price: 45.9,
        stock: 5,
        category_id: category?.id,
        species_id: specie?.id,
        url: '',
      },
    });

    const page = await newPage({ session: admin, viewport: PHONE });
    await page.goto('/adminAudit');
    await page.getByRole('heading', { level: 1, name: 'Auditoria' }).waitFor();
    await page.getByLabel('Tipo de registro').selectOption('product');
    await page.getByLabel('Nº do registro').fill(String(product.id));
    await page.getByText('Mostrando 2 de 2 alterações').waitFor();

    const change = page.getByRole('article', { name: `Alterou · Produto nº ${product.id}` });
    const price = change.getByRole('row', { name: /Preço/ });
    await price.getByText('R$ 40,00').waitFor();
    await price.getByText('R$ 45,90').waitFor();
    await page.getByRole('article', { name: `Criou · Produto nº ${product.id}` }).waitFor();

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yIssues(page, '/adminAudit (360 px)');

    // Who made the change, by any part of their name, accents and case aside.
    const firstName = admin.user.name.split(' ')[0] ?? admin.user.name;
    await page.getByLabel('Quem alterou').fill(firstName.toUpperCase());
    await page.getByText('Mostrando 2 de 2 alterações').waitFor();
    await page.getByLabel('Quem alterou').fill('Ninguém Comestenome');
    await page.getByText('Nenhuma alteração com estes filtros.').waitFor();
    await page.getByLabel('Quem alterou').fill('');
    await page.getByText('Mostrando 2 de 2 alterações').waitFor();

    await page.getByLabel('Até').fill('2020-01-01');
    await page.getByText('Nenhuma alteração com estes filtros.').waitFor();
  });
});
