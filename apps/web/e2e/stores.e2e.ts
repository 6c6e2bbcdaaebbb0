import { describe, expect, test } from 'vitest';
import { loginAsAdmin } from './support/api';
import { setUpBrowser } from './support/browser';
import { E2E_CEP } from './support/cep';

const { newPage } = setUpBrowser();

describe('lojas no painel', () => {
  test('o dono digita o CEP da loja: os 8 dígitos ficam e a rua é preenchida', async () => {
    const admin = await loginAsAdmin();
    const page = await newPage({ session: admin });
    await page.goto('/adminStores');
    await page.getByRole('button', { name: 'Adicionar loja' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar loja' });
    const cep = dialog.getByLabel('CEP');
    await cep.pressSequentially(E2E_CEP.cep);
    await dialog.getByText('Endereço preenchido pelo CEP. Confira e informe o número.').waitFor();
    await expect.poll(() => dialog.getByLabel('Rua').inputValue()).toBe(E2E_CEP.street);
    expect(await dialog.getByLabel('Bairro').inputValue()).toBe(E2E_CEP.neighborhood);
    expect(await cep.inputValue()).toBe('20040-002');
  });
});
