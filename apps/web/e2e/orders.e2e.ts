import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { call, createCustomer } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';
import { paidOrder, stockOf, waitingPixOrder } from './support/orders-api';

const { newPage } = setUpBrowser();
const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The order's card in 'Meus Pedidos' (a link to its page), and its list item. */
function orderCard(page: Page, orderId: number) {
  const orders = page.getByRole('region', { name: 'Meus Pedidos' });
  const name = new RegExp(`^Pedido #${orderId}(?!\\d)`);
  const link = orders.getByRole('link', { name });
  // The inner locator of `has` is relative to the list item.
  return { orders, link, row: orders.getByRole('listitem').filter({ has: page.getByRole('link', { name }) }) };
}

describe('meus pedidos', () => {
  test('cartões com selo de status; a página do pedido mostra os itens e cancela (o estoque volta, o dinheiro também); um pedido pago não se deleta', async () => {
    const customer = await createCustomer();
    const { orderId, product } = await paidOrder(customer.session.token, 3);
    expect(await stockOf(product.id)).toBe(7);

    const page = await newPage({ session: customer.session, viewport: PHONE });
    await page.goto('/user');
    const { link } = orderCard(page, orderId);
    await link.locator('.order-badge', { hasText: 'Processando' }).waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);

    await link.click();
    await page.waitForURL(`**/orders/${orderId}`);
    await page.getByRole('heading', { level: 1, name: `Pedido #${orderId}` }).waitFor();
    await page.getByRole('row').filter({ hasText: product.name }).getByText('R$ 42,50').waitFor();
    expect(await page.getByRole('button', { name: 'Excluir pedido' }).count()).toBe(0);
    expect(await pageWidth(page)).toBeLessThanOrEqual(360);
    // Everything is inside a landmark, the sandbox notice above the header included.
    expect(await expectNoSeriousA11yIssues(page, '/orders/{id} (360 px)')).not.toContain('region');

    await page.getByRole('button', { name: 'Cancelar pedido' }).click();
    const confirm = page.getByRole('dialog', { name: `Cancelar o pedido #${orderId}?` });
    await confirm.getByText('volta para você', { exact: false }).waitFor();
    await confirm.getByRole('button', { name: 'Cancelar pedido' }).click();
    await page.getByText('Pedido cancelado com sucesso!').waitFor();
    await page.locator('.order-badge', { hasText: 'Cancelado' }).waitFor();
    // Paid by card: the whole amount goes back at the PSP at once.
    await page.locator('.order-badge', { hasText: 'Reembolsado' }).waitFor();
    await page.getByRole('list', { name: 'Reembolsos' }).getByText('Reembolsado').waitFor();
    expect(await page.getByRole('button', { name: 'Cancelar pedido' }).count()).toBe(0);
    expect(await stockOf(product.id)).toBe(10);

    // Paid, then cancelled: it stays in the shop's books, so it cannot be deleted.
    expect(await page.getByRole('button', { name: 'Excluir pedido' }).count()).toBe(0);
    const refused = await call(`/orders/${orderId}`, { method: 'DELETE', token: customer.session.token });
    expect(refused.status).toBe(409);
  });

  test('deletar um pedido cancelado que nunca foi pago', async () => {
    const customer = await createCustomer();
    const { orderId } = await waitingPixOrder(customer.session.token, 1);
    const cancelled = await call(`/orders/cancel/${orderId}`, { method: 'DELETE', token: customer.session.token });
    expect(cancelled.status).toBe(200);

    const page = await newPage({ session: customer.session, viewport: PHONE });
    await page.goto('/user');
    const { orders, link } = orderCard(page, orderId);
    await link.locator('.order-badge', { hasText: 'Cancelado' }).waitFor();
    await link.click();
    await page.getByRole('button', { name: 'Excluir pedido' }).click();
    await page.getByText('Pedido excluído com sucesso!').waitFor();
    await page.waitForURL('**/user');
    await orders.getByText('Você ainda não fez nenhum pedido.').waitFor();
    expect((await call<unknown[]>('/orders', { token: customer.session.token })).data).toEqual([]);
  });

  test('"Não" mantém o pedido, que em processamento não pode ser deletado', async () => {
    const customer = await createCustomer();
    const { orderId } = await paidOrder(customer.session.token, 1);
    const page = await newPage({ session: customer.session });
    await page.goto('/user');
    const { row } = orderCard(page, orderId);
    await row.getByRole('button', { name: `Cancelar pedido #${orderId}` }).click();
    await page.getByRole('button', { name: 'Não' }).click();
    await row.locator('.order-badge', { hasText: 'Processando' }).waitFor();

    const refused = await call(`/orders/${orderId}`, { method: 'DELETE', token: customer.session.token });
    expect(refused.status).toBe(409);
  });
});
