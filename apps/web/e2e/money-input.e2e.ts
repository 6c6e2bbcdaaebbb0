import { describe, expect, onTestFinished, test } from 'vitest';
import { api, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { setUpBrowser } from './support/browser';
import { revealRow } from './support/paginated-list';

const { newPage } = setUpBrowser();

describe('campos de dinheiro em um navegador em inglês (en-US)', () => {
  test("'39,90', '39.90' e 'R$ 39,90' viram R$ 39,90 no preço do produto, e é isso que se salva", async () => {
    const admin = await loginAsAdmin();
    const page = await newPage({ session: admin, locale: 'en-US' });
    expect(await page.evaluate(() => navigator.language)).toBe('en-US');
    await page.goto('/adminProducts');
    await page.getByRole('button', { name: 'Adicionar Produto' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar Produto' });
    const price = dialog.getByLabel('Preço (R$)');

    for (const typed of ['39,90', '39.90', 'R$ 39,90']) {
      await price.clear();
      await price.pressSequentially(typed);
      await price.blur();
      expect(await price.inputValue(), `digitado ${typed}`).toBe('R$ 39,90');
    }
    // Pasted at once, thousands included.
    await price.fill('R$ 1.234,56');
    expect(await price.inputValue()).toBe('R$ 1.234,56');
    await price.fill('39.90');
    expect(await price.inputValue()).toBe('R$ 39,90');

    const name = `Petisco en-US ${Date.now()}`;
    await dialog.getByLabel('Nome').fill(name);
    await dialog.getByLabel('Descrição').fill('Petisco de frango desidratado para cães.');
    await dialog.getByLabel('Estoque').fill('5');
    await dialog.getByLabel('Categoria').selectOption({ index: 1 });
    await dialog.getByLabel('Espécie').selectOption({ label: 'Cachorro' });
    await expectNoSeriousA11yIssues(page, 'preço do produto (en-US)');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Produto cadastrado com sucesso!').waitFor();
    const row = await revealRow(page, name);
    await row.getByText('R$ 39,90').waitFor();
    const found = await api<{ name: string; price: number }[]>(`/products/search/${encodeURIComponent(name)}`);
    expect(found.find((p) => p.name === name)?.price).toBe(39.9);
  });

  test('colar ou preencher por cima de R$ 10,00 guarda o valor colado, não o junta ao de antes', async () => {
    const admin = await loginAsAdmin();
    const categories = await api<{ id: number }[]>('/categories');
    const species = await api<{ id: number; name: string }[]>('/species');
    const name = `Coleira colada ${Date.now()}`;
    const product = await api<{ id: number }>('/products', {
      method: 'POST',
      token: admin.token,
      body: {
        name,
        description: 'Coleira de nylon ajustável.',
        price: 10,
        stock: 3,
        category_id: categories[0]?.id,
        species_id: species.find((s) => s.name === 'Cachorro')?.id,
        url: '/illustrations/products.svg',
      },
    });
    const page = await newPage({ session: admin, locale: 'en-US' });
    await page.goto('/adminProducts');
    const row = await revealRow(page, name);
    for (const [pasted, shown, saved] of [
      ['15.5', 'R$ 15,50', 15.5],
      ['R$ 1.234,56', 'R$ 1.234,56', 1234.56],
      ['7,25', 'R$ 7,25', 7.25],
    ] as const) {
      await row.getByRole('button', { name: `Editar ${name}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Editar Produto' });
      const price = dialog.getByLabel('Preço (R$)');
      await expect.poll(() => price.inputValue()).not.toBe('');
      // Playwright's fill replaces the whole text in one input event, as a paste over a selection
      // or the browser's autofill does.
      await price.fill(pasted);
      await price.blur();
      expect(await price.inputValue(), `colado ${pasted}`).toBe(shown);
      await dialog.getByRole('button', { name: 'Salvar' }).click();
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(async () => (await api<{ price: number }>(`/products/${product.id}`)).price).toBe(saved);
    }
  });

  test('a tabela de fretes mostra R$ 39,90 e aceita 39.90', async () => {
    const admin = await loginAsAdmin();
    const before = await api<object>('/admin/shipping', { token: admin.token });
    onTestFinished(async () => {
      await api('/admin/shipping', { method: 'PUT', token: admin.token, body: before });
    });
    const page = await newPage({ session: admin, locale: 'en-US' });
    await page.goto('/adminShipping');
    const sp = page.getByLabel('Frete para SP (R$)');
    await sp.waitFor();
    if (!(await page.getByLabel('Entregamos em SP').isChecked())) await page.getByLabel('Entregamos em SP').check();
    await sp.click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.press('Backspace');
    await expect.poll(() => sp.inputValue()).toBe('');
    await sp.pressSequentially('39.90');
    await sp.blur();
    expect(await sp.inputValue()).toBe('R$ 39,90');
    await page.getByRole('button', { name: 'Salvar tabela' }).click();
    await page.getByText('Tabela de fretes atualizada com sucesso!').waitFor();
    await page.reload();
    await expect.poll(() => page.getByLabel('Frete para SP (R$)').inputValue()).toBe('R$ 39,90');
    await expectNoSeriousA11yIssues(page, 'tabela de fretes (en-US)');
  });
});
