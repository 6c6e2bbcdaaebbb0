import { addDays, businessMoment, cnpjCheckDigits, formatCnpj } from '@petshop/domain';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, call, loginAsAdmin } from './support/api';
import { DESKTOP, setUpBrowser } from './support/browser';
import { newProduct, stockOf } from './support/orders-api';

const { newPage } = setUpBrowser();

/** A CNPJ in the Receita Federal's alphanumeric format, of this run only (suppliers' CNPJs are unique). */
function alphanumericCnpj() {
  const letters = 'ABCDEFGHJKLMNPQRSTUVWXYZ';
  const pick = () => letters[Math.floor(Math.random() * letters.length)];
  const base = `${String(Date.now() % 100).padStart(2, '0')}${pick()}${pick()}${pick()}345${'0001'}`.slice(0, 12);
  return formatCnpj(`${base}${cnpjCheckDigits(base)}`);
}

const tab = (page: Page, name: string) => page.getByRole('tab', { name, exact: true }).click();

describe('o estoque', () => {
  test('ajuste com motivo, movimentações, fornecedor com CNPJ alfanumérico, compra com lote recebida uma vez, vencimentos e sugestões', async () => {
    const product = await newProduct(10, 19.9);
    const session = await loginAsAdmin();
    const [main] = (await api<{ id: number; name: string }[]>('/stores')).sort((a, b) => a.id - b.id);
    if (!main) throw new Error('no store');
    const page = await newPage({ session, viewport: DESKTOP });
    await page.goto('/adminStock', { timeout: 60_000 });
    await page.getByRole('heading', { level: 1, name: 'Estoque' }).waitFor({ timeout: 60_000 });

    // A loss of two units, with its reason and a note.
    await tab(page, 'Ajuste');
    const adjust = page.getByRole('form', { name: 'Ajuste de estoque' });
    await adjust.getByLabel('Loja').selectOption({ label: main.name });
    await adjust.getByLabel('Produto').selectOption({ label: product.name });
    await adjust.getByLabel('Entrada ou saída').selectOption({ label: 'Saída' });
    await adjust.getByLabel('Quantidade').fill('2');
    await adjust.getByLabel('Motivo').selectOption({ label: 'Perda' });
    await adjust.getByLabel('Observação').fill('Saco rasgado no depósito');
    await adjust.getByRole('button', { name: 'Registrar ajuste' }).click();
    await page.getByText('Agora: 8 un.', { exact: false }).waitFor();
    expect(await stockOf(product.id)).toBe(8);

    // The ledger shows why: the initial stock and the loss.
    await tab(page, 'Movimentações');
    await page.getByLabel('Produto').selectOption({ label: product.name });
    const movements = page.getByRole('table', { name: 'Movimentações de estoque' });
    await page.getByText('Mostrando 2 de 2 movimentações').waitFor();
    const loss = movements.getByRole('row').filter({ hasText: 'Saco rasgado no depósito' });
    await loss.getByText('Perda', { exact: true }).waitFor();
    await loss.getByText('-2', { exact: true }).waitFor();

    // A supplier whose CNPJ carries letters.
    const cnpj = alphanumericCnpj();
    const supplierName = `Distribuidora Pet ${Date.now()}`;
    await tab(page, 'Fornecedores');
    const supplierForm = page.getByRole('form', { name: 'Novo fornecedor' });
    await supplierForm.getByLabel('Nome').fill(supplierName);
    await supplierForm.getByLabel('CNPJ').fill(cnpj.toLowerCase());
    await supplierForm.getByLabel('Contato').fill('vendas@distribuidora.com.br');
    await supplierForm.getByRole('button', { name: 'Cadastrar fornecedor' }).click();
    const supplierRow = page
      .getByRole('table', { name: 'Fornecedores' })
      .getByRole('row')
      .filter({ hasText: supplierName });
    await supplierRow.getByText(cnpj, { exact: true }).waitFor();

    // A purchase order with a lot expiring in 20 days: drafted, sent, received.
    const expiresOn = addDays(businessMoment().date, 20);
    await tab(page, 'Pedidos de compra');
    const orderForm = page.getByRole('form', { name: 'Novo pedido de compra' });
    await orderForm.getByLabel('Fornecedor').selectOption({ label: supplierName });
    await orderForm.getByLabel('Loja que recebe').selectOption({ label: main.name });
    await orderForm.getByLabel('Produto 1').selectOption({ label: product.name });
    await orderForm.getByLabel('Quantidade').fill('12');
    await orderForm.getByLabel('Custo unitário').fill('7,50');
    await orderForm.getByLabel('Lote').fill('L-2611');
    await orderForm.getByLabel('Validade').fill(expiresOn);
    await orderForm.getByRole('button', { name: 'Criar pedido (rascunho)' }).click();
    const orderRow = page
      .getByRole('table', { name: 'Pedidos de compra' })
      .getByRole('row')
      .filter({ hasText: supplierName });
    await orderRow.getByText('Rascunho', { exact: true }).waitFor();
    const orderId = Number((await orderRow.getByText(/^#\d+$/).textContent())?.slice(1));
    await orderRow.getByRole('button', { name: `Enviar pedido #${orderId}` }).click();
    await orderRow.getByText('Enviado', { exact: true }).waitFor();
    await orderRow.getByRole('button', { name: `Receber pedido #${orderId}` }).click();
    await orderRow.getByText('Recebido', { exact: true }).waitFor();
    expect(await stockOf(product.id)).toBe(20);
    // Received once: the button is gone, and the API refuses a second receipt.
    expect(await orderRow.getByRole('button', { name: `Receber pedido #${orderId}` }).count()).toBe(0);
    const again = await call(`/purchase-orders/${orderId}/receive`, { method: 'POST', token: session.token });
    expect(again.status).toBe(409);
    expect(await stockOf(product.id)).toBe(20);

    await tab(page, 'Vencendo em 30 dias');
    const lot = page
      .getByRole('table', { name: 'Lotes vencendo em 30 dias' })
      .getByRole('row')
      .filter({ hasText: 'L-2611' });
    await lot.getByText(product.name).waitFor();
    await lot.getByText('Vence em 20 dia(s)').waitFor();
    await lot.getByText(`12 un. (pedido #${orderId})`).waitFor();

    // A minimum of 50 at the main store, set on the screen: the suggestions propose buying.
    await tab(page, 'Sugestões');
    const storeChoice = page.getByLabel('Loja');
    if (await storeChoice.count()) await storeChoice.selectOption({ label: main.name });
    const minimumForm = page.getByRole('form', { name: 'Estoque mínimo' });
    await minimumForm.getByLabel('Produto').selectOption({ label: product.name });
    await minimumForm.getByLabel('Estoque mínimo').fill('50');
    await minimumForm.getByRole('button', { name: 'Salvar mínimo' }).click();
    await page.getByText(`Estoque mínimo salvo. ${product.name}: 50 un.`).waitFor();
    const suggestion = page
      .getByRole('table', { name: 'Sugestões de compra' })
      .getByRole('row')
      .filter({ hasText: product.name });
    await suggestion.waitFor();
    // 20 on the shelf against a minimum of 50.
    expect(await suggestion.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['20', '50']));
  }, 240_000);
});
