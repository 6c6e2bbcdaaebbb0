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
