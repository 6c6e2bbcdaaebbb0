import sharp from 'sharp';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';
import { revealRow } from './support/paginated-list';

const { newPage } = setUpBrowser();

describe('administração de produtos', () => {
  test('cadastra um produto que o cliente vê na loja, muda o preço e o exclui', async () => {
    const name = `Brinquedo Admin ${Date.now()}`;
    const page = await newPage({ session: await loginAsAdmin() });

    await page.goto('/adminProducts');
    await page.getByRole('heading', { name: 'Produtos', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Adicionar Produto' }).click();
    const addDialog = page.getByRole('dialog', { name: 'Adicionar Produto' });
    await addDialog.getByLabel('Nome').fill(name);
    await addDialog.getByLabel('Descrição').fill('Bolinha resistente para cães.');
    await addDialog.getByLabel('Preço (R$)').fill('29.90');
    await addDialog.getByLabel('Estoque').pressSequentially('1x5');
    await expect.poll(() => addDialog.getByLabel('Estoque').inputValue()).toBe('15');
    await addDialog.getByLabel('Categoria').selectOption({ index: 1 });
    await addDialog.getByLabel('Espécie').selectOption({ label: 'Cachorro' });
    await addDialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Produto cadastrado com sucesso!').waitFor();
    await addDialog.waitFor({ state: 'detached' });

    const row = await revealRow(page, name);
    await row.getByText('R$ 29,90').waitFor();
    await row.getByText('15', { exact: true }).waitFor();

    const customer = await createCustomer();
    const shop = await newPage({ session: customer.session });
    await shop.goto(`/products?q=${encodeURIComponent(name)}`);
    const card = shop.getByRole('link', { name: new RegExp(name) });
    await card.getByText('R$ 29,90').waitFor();

    await row.getByRole('button', { name: `Editar ${name}` }).click();
    const editDialog = page.getByRole('dialog', { name: 'Editar Produto' });
    // As a person edits a masked amount: select what is there, type the new one.
    await editDialog.getByLabel('Preço (R$)').click();
    await page.keyboard.press('ControlOrMeta+a');
    await editDialog.getByLabel('Preço (R$)').pressSequentially('24.5');
    await editDialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Produto atualizado com sucesso!').waitFor();
    await row.getByText('R$ 24,50').waitFor();

    await shop.reload();
    await card.getByText('R$ 24,50').waitFor();

    await row.getByRole('button', { name: `Excluir ${name}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar Exclusão' });
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Produto excluído com sucesso!').waitFor();
    await row.waitFor({ state: 'detached' });

    await shop.reload();
    await shop.getByText('Nenhum produto disponível.').waitFor();
  });

  test('a lista vira linhas empilhadas em 360 px', async () => {
    const page = await newPage({ session: await loginAsAdmin(), viewport: PHONE });
    await page.goto('/adminProducts');
    const firstRow = page.getByRole('row').nth(1);
    await firstRow.waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(PHONE.width);
    await firstRow.getByRole('button', { name: /^Editar / }).waitFor();
  });

  test('um cliente que abre /adminProducts vai para /error', async () => {
    const customer = await createCustomer();
    const page = await newPage({ session: customer.session });
    await page.goto('/adminProducts');
    await page.waitForURL('**/error');
  });

  test('em 360 px o admin envia a foto de um produto e a loja a mostra em WebP, no tamanho da tela', async () => {
    const admin = await loginAsAdmin();
    const name = `Caminha Foto ${Date.now()}`;
    const [category] = await api<{ id: number }[]>('/categories');
    const [species] = await api<{ id: number }[]>('/species');
    const product = await api<{ id: number }>('/products', {
      method: 'POST',
      token: admin.token,
      body: { name, price: 120, stock: 3, category_id: category?.id, species_id: species?.id, url: '' },
    });
    const photo = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#3a7d44' } })
      .jpeg()
      .toBuffer();

    const page = await newPage({ session: admin, viewport: PHONE });
    await page.goto('/adminProducts');
    const row = await revealRow(page, name);
    await row.getByRole('button', { name: `Editar ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Produto' });
    await dialog
      .getByLabel('Foto do produto')
      .setInputFiles({ name: 'caminha.jpg', mimeType: 'image/jpeg', buffer: photo });
    await expect
      .poll(() => dialog.getByLabel('URL da imagem').inputValue())
      .toMatch(/^\/uploads\/products\/.+-640\.webp$/);
    await expectNoSeriousA11yIssues(page, 'editar produto com foto');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Produto atualizado com sucesso!').waitFor();

    const shop = await newPage({ viewport: PHONE });
    await shop.goto(`/products/${product.id}`);
    const image = shop.getByRole('img', { name });
    await image.waitFor();
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);
    const current = await image.evaluate((img: HTMLImageElement) => img.currentSrc);
    expect(current).toMatch(/\/uploads\/products\/.+-(320|640|1280)\.webp$/);
    expect(await image.getAttribute('srcset')).toContain('1280w');
  });
});
