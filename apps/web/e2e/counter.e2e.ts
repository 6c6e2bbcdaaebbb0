import { ean13CheckDigit } from '@petshop/domain';
import { describe, expect, test } from 'vitest';
import { api, loginAsAdmin } from './support/api';
import { DESKTOP, setUpBrowser } from './support/browser';
import { stockOf } from './support/orders-api';

const { newPage } = setUpBrowser();

/** A product with an EAN-13 of its own, as the scanner reads it. */
async function scannable(stock: number, price: number) {
  const { token } = await loginAsAdmin();
  const [category] = await api<{ id: number }[]>('/categories');
  const [specie] = await api<{ id: number }[]>('/species');
  const first12 = `789${String(Date.now()).slice(-9)}`;
  const barcode = `${first12}${ean13CheckDigit(first12)}`;
  const product = await api<{ id: number; name: string }>('/products', {
    method: 'POST',
    token,
    body: {
      name: `Petisco do caixa ${Date.now()}`,
      price,
      stock,
      category_id: category?.id,
      species_id: specie?.id,
      url: '',
      barcode,
    },
  });
  return { ...product, barcode };
}

describe('o caixa', () => {
  test('abre o caixa, lê o código de barras duas vezes com o leitor e recebe em dinheiro e cartão', async () => {
    const product = await scannable(5, 12.5);
    const page = await newPage({ session: await loginAsAdmin(), viewport: DESKTOP });
    await page.goto('/pos');
    await page.getByRole('heading', { name: 'Abrir o caixa' }).waitFor();
    await page.getByLabel('Dinheiro na gaveta (R$)').fill('100');
    await page.getByRole('button', { name: 'Abrir caixa' }).click();

    // A USB scanner types the digits and Enter into the focused field.
    const scan = page.getByLabel('Código de barras ou código do produto');
    await scan.waitFor();
    for (let i = 0; i < 2; i += 1) {
      await scan.pressSequentially(product.barcode, { delay: 5 });
      await page.keyboard.press('Enter');
    }
    const items = page.getByRole('list', { name: 'Itens da venda' });
    await items.getByText(`2 × ${product.name}`).waitFor();
    await page.getByText('Total: R$ 25,00').waitFor();

    await page.getByLabel('Dinheiro recebido (R$)').fill('20');
    await page.getByLabel('Valor no cartão (R$)').fill('10');
    await page.getByLabel('NSU').fill('123456');
    await page.getByRole('button', { name: 'Finalizar venda' }).click();
    const receipt = page.getByRole('region', { name: 'Comprovante' });
    await receipt.getByText('Troco: R$ 5,00').waitFor();
    await receipt.getByText('(NSU 123456)', { exact: false }).waitFor();
    await receipt.getByText('Situação: Concluída').waitFor();
    expect(await stockOf(product.id)).toBe(3);
  });
});
