import { gzipSync } from 'node:zlib';
import { ean13CheckDigit } from '@petshop/domain';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, loginAsAdmin } from './support/api';
import { DESKTOP, PHONE, setUpBrowser } from './support/browser';
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

/**
 * The till of the admin: opened with R$ 100,00 unless an earlier test left it open. `onFirstScreen`
 * runs once the till's first screen shows, before any field is used.
 */
async function openTill(page: Page, onFirstScreen?: () => Promise<void>) {
  await page.goto('/pos', { timeout: 60_000 });
  const opening = page.getByRole('heading', { name: 'Abrir o caixa' });
  const scan = page.getByLabel('Código de barras ou código do produto');
  await opening.or(scan).first().waitFor({ timeout: 60_000 });
  await onFirstScreen?.();
  if (await opening.isVisible()) {
    await page.getByLabel('Dinheiro na gaveta (R$)').fill('100');
    await page.getByRole('button', { name: 'Abrir caixa' }).click();
  }
  await scan.waitFor();
  return scan;
}

describe('o caixa', () => {
  test('abre o caixa, lê o código de barras duas vezes com o leitor e recebe em dinheiro e cartão', async () => {
    const product = await scannable(5, 12.5);
    const page = await newPage({ session: await loginAsAdmin(), viewport: DESKTOP });
    const scripts: string[] = [];
    page.on('requestfinished', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    // The till's first load: its JavaScript, gzip -9 of each file as built (docs/performance.md), on
    // its first screen; a form's schemas and zod come with the form's first use (docs/decisions/0124).
    let kb = 0;
    const scan = await openTill(page, async () => {
      const bytes = await Promise.all(
        scripts.map(async (url) => gzipSync(Buffer.from(await (await fetch(url)).arrayBuffer()), { level: 9 }).length),
      );
      kb = bytes.reduce((sum, n) => sum + n, 0) / 1024;
      console.log(`/pos first load: ${scripts.length} scripts, ${kb.toFixed(1)} KB of JavaScript (gzip -9)`);
    });
    expect(kb).toBeGreaterThan(20);
    // About 58 KB: a dialog library fetched before any dialog opens would pass this (docs/decisions/0108).
    expect(kb, '/pos first load (KB gzip -9)').toBeLessThan(64);
    // A USB scanner types the digits and Enter into the focused field.
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
  }, 180_000);

  test('parte em dinheiro e parte em Pix: o QR ocupa a tela, o banco paga e o comprovante sai', async () => {
    const product = await scannable(4, 30);
    const page = await newPage({ session: await loginAsAdmin(), viewport: DESKTOP });
    const scan = await openTill(page);
    await scan.pressSequentially(product.barcode, { delay: 5 });
    await page.keyboard.press('Enter');
    await page.getByRole('list', { name: 'Itens da venda' }).getByText(`1 × ${product.name}`).waitFor();
    await page.getByText('Total: R$ 30,00').waitFor();

    await page.getByLabel('Dinheiro recebido (R$)').fill('10');
    await page.getByLabel('Valor no Pix (R$)').fill('20');
    await page.getByRole('button', { name: 'Finalizar venda' }).click();

    // The customer scans the QR from the screen: it fills the viewport, the sale waits for the bank.
    const pix = page.getByRole('dialog', { name: 'Pix do caixa' });
    const qr = pix.getByRole('img', { name: 'QR Code do Pix' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/(svg\+xml|png)/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    const box = await pix.boundingBox();
    expect(box).toMatchObject({ x: 0, y: 0, width: DESKTOP.width, height: DESKTOP.height });
    expect((await qr.boundingBox())?.width ?? 0).toBeGreaterThan(DESKTOP.width / 3);
    expect(await pix.getByText(/br\.gov\.bcb\.pix/).count()).toBe(1);
    // Its units are held while the Pix waits.
    expect(await stockOf(product.id)).toBe(3);
    expect(await page.getByRole('region', { name: 'Comprovante' }).count()).toBe(0);

    await pix.getByRole('button', { name: 'Simular pagamento (ambiente de testes)' }).click();
    const receipt = page.getByRole('region', { name: 'Comprovante' });
    await receipt.getByText('Situação: Concluída').waitFor({ timeout: 30_000 });
    await receipt.getByText('Pix: R$ 20,00').waitFor();
    await receipt.getByText('Dinheiro: R$ 10,00').waitFor();
    await receipt.getByText('Total: R$ 30,00').waitFor();
    expect(await pix.count()).toBe(0);
    expect(await stockOf(product.id)).toBe(3);
  }, 180_000);
  test('devolução no caixa a 360 px: acha a venda pelo número, devolve uma unidade em dinheiro e não deixa devolver mais que o vendido', async () => {
    const product = await scannable(5, 10);
    const page = await newPage({ session: await loginAsAdmin(), viewport: PHONE });
    const scan = await openTill(page);
    for (let i = 0; i < 2; i += 1) {
      await scan.pressSequentially(product.barcode, { delay: 5 });
      await page.keyboard.press('Enter');
    }
    await page.getByRole('list', { name: 'Itens da venda' }).getByText(`2 × ${product.name}`).waitFor();
    await page.getByLabel('Dinheiro recebido (R$)').fill('20');
    await page.getByRole('button', { name: 'Finalizar venda' }).click();
    const receipt = page.getByRole('region', { name: 'Comprovante' });
    await receipt.getByText('Situação: Concluída').waitFor({ timeout: 30_000 });
    const saleId = (await receipt.getByText(/^Venda #\d+/).textContent())?.match(/#(\d+)/)?.[1] ?? '';
    expect(await stockOf(product.id)).toBe(3);
    await page.getByRole('button', { name: 'Nova venda' }).click();

    const giveBack = async (units: number) => {
      await page.getByRole('button', { name: 'Devolução', exact: true }).click();
      await page.getByLabel('Número da venda').fill(saleId);
      await page.keyboard.press('Enter');
      const more = page
        .getByRole('list', { name: 'Itens da venda para devolver' })
        .getByRole('button', { name: `Uma unidade a mais de ${product.name}` });
      for (let i = 0; i < units; i += 1) await more.click();
      return more;
    };
    await giveBack(1);
    await page.getByRole('button', { name: 'Revisar devolução' }).click();
    const dialog = page.getByRole('dialog', { name: `Confirmar a devolução da venda #${saleId}` });
    await dialog.getByText('Dinheiro: R$ 10,00').waitFor();
    await dialog.getByRole('button', { name: 'Confirmar devolução' }).click();
    const back = page.getByRole('region', { name: 'Comprovante de devolução' });
    await back.getByText('Total devolvido: R$ 10,00').waitFor({ timeout: 30_000 });
    await back.getByText('Dinheiro: R$ 10,00').waitFor();
    expect(await stockOf(product.id)).toBe(4);
    // Nothing of the screen runs past the phone's width.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await page.getByRole('button', { name: 'Voltar ao caixa' }).click();

    // Of the two sold, one came back: one more at most.
    const more = await giveBack(1);
    expect(await more.isDisabled()).toBe(true);
    await page.getByText('já devolvido: 1', { exact: false }).waitFor();
    expect(await stockOf(product.id)).toBe(4);
  }, 180_000);
});
