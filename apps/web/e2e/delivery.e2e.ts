import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';
import { fillCard } from './support/card';
import { addToCart, newAddress, newProduct } from './support/orders-api';
import { revealRow } from './support/paginated-list';

const { newPage } = setUpBrowser();

const STEP = /^(.+?)(\d{2}\/\d{2}\/\d{4} \d{2}:\d{2})$/;

/** The customer pays the cart on /payments at 360 px with a debit card. */
async function checkout(page: Page, delivery: 'Entrega' | 'Retirada na loja') {
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Fazer Pagamento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pagamento' });
  const group = dialog.getByRole('group', { name: 'Forma de entrega' });
  expect(await group.getByRole('radio', { name: /^Entrega/ }).isChecked()).toBe(true);
  if (delivery === 'Entrega') {
    await dialog.getByRole('group', { name: 'Endereço de entrega' }).getByRole('radio').first().check();
    // R$ 40,00 of products plus R$ 15,90 to São Paulo, in 3 days.
    await dialog.getByText('R$ 15,90 · entrega em até 3 dias').waitFor();
    await dialog.getByText('R$ 55,90').waitFor();
  } else {
    await group.getByRole('radio', { name: /^Retirada na loja/ }).check();
    await dialog.getByText('Retire seu pedido na loja, sem custo de frete.', { exact: false }).waitFor();
    await dialog.getByText('Grátis', { exact: true }).waitFor();
    expect(await dialog.getByRole('group', { name: 'Endereço de entrega' }).count()).toBe(0);
  }
  await dialog.getByLabel('Método de pagamento').selectOption('Cartão de Crédito');
  await fillCard(dialog);
  await expectNoSeriousA11yIssues(page, `/payments (${delivery})`);
  await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
  await page.waitForURL('**/orders/*', { timeout: 10_000 });
}

/** The admin opens the order in Vendas and takes the one action offered by `label`. */
async function adminMoves(page: Page, orderId: number, label: string, notOffered: string[]) {
  await page.goto('/adminSales');
  const row = await revealRow(page, `#${orderId}`);
  await row.getByRole('button', { name: `Ver pedido #${orderId}` }).click();
  const detail = page.getByRole('dialog', { name: `Pedido #${orderId}` });
  await detail.getByRole('button', { name: label }).waitFor();
  for (const other of notOffered) expect(await detail.getByRole('button', { name: other }).count()).toBe(0);
  return detail;
}

async function customerTimeline(page: Page, orderId: number) {
  await page.goto(`/orders/${orderId}`);
  const dialog = page.locator('.order-page');
  const steps = dialog.getByRole('list', { name: `Acompanhamento do pedido #${orderId}` }).getByRole('listitem');
  await steps.first().waitFor();
  return { dialog, steps: (await steps.allTextContents()).map((text) => STEP.exec(text)?.slice(1)) };
}

const ownOrders = (token: string) =>
  api<{ id: number; totalValue: number; shippingPrice: number; deliveryMethod: string }[]>('/orders', { token });

describe('entrega ou retirada, no celular', () => {
  test('entrega: frete de SP no total, Enviado e Entregue pelo admin, e o cliente vê a linha do tempo', async () => {
    const customer = await createCustomer();
    const { token } = customer.session;
    const product = await newProduct(5, 20);
    await newAddress(token);
    await addToCart(token, product.id, 2);

    const shop = await newPage({ session: customer.session, viewport: PHONE });
    await checkout(shop, 'Entrega');
    const [order] = await ownOrders(token);
    expect(order).toMatchObject({ totalValue: 55.9, shippingPrice: 15.9, deliveryMethod: 'Entrega' });
    const orderId = order?.id ?? 0;

    const admin = await newPage({ session: await loginAsAdmin(), viewport: PHONE });
    const detail = await adminMoves(admin, orderId, 'Marcar como enviado', [
      'Marcar como entregue',
      'Pronto para retirada',
    ]);
    await detail.getByText(/Avenida Paulista, 1578, Sala 5 — Bela Vista — São Paulo — CEP 01310-200/).waitFor();
    await expectNoSeriousA11yIssues(admin, '/adminSales (detalhe do pedido)');
    await detail.getByRole('button', { name: 'Marcar como enviado' }).click();
    await admin.getByText('Pedido marcado como enviado!').first().waitFor();
    const shipped = await adminMoves(admin, orderId, 'Marcar como entregue', ['Marcar como enviado']);
    await shipped.getByRole('button', { name: 'Marcar como entregue' }).click();
    await admin.getByText('Pedido marcado como entregue!').first().waitFor();
    const delivered = await revealRow(admin, `#${orderId}`);
    await delivered.getByText('Entregue').waitFor();

    const { dialog, steps } = await customerTimeline(shop, orderId);
    expect(steps.map((step) => step?.[0])).toEqual(['Processando', 'Enviado', 'Entregue']);
    const today = new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date());
    for (const step of steps) expect(step?.[1]).toMatch(new RegExp(`^${today.replaceAll('/', '\\/')} `));
    await dialog.getByText('R$ 15,90').waitFor();
    await dialog.getByText('R$ 55,90').waitFor();
    await expectNoSeriousA11yIssues(shop, 'Meus Pedidos (linha do tempo)');
    expect(await shop.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  test('retirada: sem frete e sem endereço, e o admin marca "Pronto para retirada"', async () => {
    const customer = await createCustomer();
    const { token } = customer.session;
    const product = await newProduct(5, 20);
    await addToCart(token, product.id, 2);

    const shop = await newPage({ session: customer.session, viewport: PHONE });
    await checkout(shop, 'Retirada na loja');
    const [order] = await ownOrders(token);
    expect(order).toMatchObject({ totalValue: 40, shippingPrice: 0, deliveryMethod: 'Retirada na loja' });
    const orderId = order?.id ?? 0;

    const admin = await newPage({ session: await loginAsAdmin(), viewport: PHONE });
    const detail = await adminMoves(admin, orderId, 'Pronto para retirada', [
      'Marcar como enviado',
      'Marcar como entregue',
    ]);
    await detail.getByText('O cliente retira o pedido na loja.').waitFor();
    await detail.getByRole('button', { name: 'Pronto para retirada' }).click();
    await admin.getByText('Pedido pronto para retirada!').first().waitFor();
    await adminMoves(admin, orderId, 'Marcar como entregue', ['Pronto para retirada', 'Marcar como enviado']);

    const { steps } = await customerTimeline(shop, orderId);
    expect(steps.map((step) => step?.[0])).toEqual(['Processando', 'Pronto para retirada']);
  });

  test('o admin muda a tabela de fretes no celular e a cotação segue', async () => {
    const admin = await loginAsAdmin();
    const before = await api<{ rates: { uf: string; price: number; days: number }[]; freeAbove: number | null }>(
      '/admin/shipping',
      { token: admin.token },
    );
    const page = await newPage({ session: admin, viewport: PHONE });
    try {
      await page.goto('/adminShipping');
      await page.getByRole('heading', { name: 'Fretes' }).waitFor();
      const price = page.getByLabel('Frete para AC (R$)');
      await price.waitFor();
      await expectNoSeriousA11yIssues(page, '/adminShipping');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      const days = page.getByLabel('Prazo para AC (dias)');
      await days.fill('0');
      await page.getByRole('button', { name: 'Salvar tabela' }).click();
      await page.getByText('O prazo deve ser de ao menos 1 dia.').waitFor();
      await days.fill('21');
      await price.click();
      await page.keyboard.press('ControlOrMeta+a');
      await price.pressSequentially('44.9');
      await page.getByRole('button', { name: 'Salvar tabela' }).click();
      await page.getByText('Tabela de fretes atualizada com sucesso!').first().waitFor();
      // Acre's CEPs start at 69900.
      expect(await api('/shipping/quote?cep=69900000&subtotal=10')).toEqual({ price: 44.9, days: 21 });
    } finally {
      await api('/admin/shipping', { method: 'PUT', token: admin.token, body: before });
    }
  });
});
