import { describe, expect, test } from 'vitest';
import { call, createCustomer } from './support/api';
import { PHONE, setUpBrowser } from './support/browser';
import { paidOrder, stockOf, waitingPixOrder } from './support/orders-api';

const { newPage } = setUpBrowser();

describe('meus pedidos', () => {
  test('ver itens e cancelar (o estoque volta); um pedido pago não se deleta', async () => {
    const customer = await createCustomer();
    const { orderId, product } = await paidOrder(customer.session.token, 3);
    expect(await stockOf(product.id)).toBe(7);

    const page = await newPage({ session: customer.session, viewport: PHONE });
    await page.goto('/user');
    const orders = page.getByRole('region', { name: 'Meus Pedidos' });
    const row = orders.getByRole('listitem').filter({ hasText: `Pedido: #${orderId} ` });
    await row.getByText('Status: Processando').waitFor();

    await row.getByRole('button', { name: /^Pedido:/ }).click();
    const items = page.getByRole('dialog', { name: `Itens do Pedido #${orderId}` });
    await items.getByRole('row').filter({ hasText: product.name }).getByText('R$ 42,50').waitFor();
    expect(await items.getByRole('button', { name: 'Deletar Pedido' }).count()).toBe(0);
    await page.keyboard.press('Escape');
    await items.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: `Cancelar pedido #${orderId}` }).click();
    const confirm = page.getByRole('dialog', { name: `Tem certeza de que deseja cancelar o pedido #${orderId}?` });
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Pedido cancelado com sucesso!').waitFor();
    await row.getByText('Status: Cancelado').waitFor();
    expect(await row.getByRole('button', { name: `Cancelar pedido #${orderId}` }).count()).toBe(0);
    expect(await stockOf(product.id)).toBe(10);

    // Paid, then cancelled: it stays in the shop's books, so it cannot be deleted.
    await row.getByRole('button', { name: /^Pedido:/ }).click();
    await items.waitFor();
    expect(await items.getByRole('button', { name: 'Deletar Pedido' }).count()).toBe(0);
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
    const orders = page.getByRole('region', { name: 'Meus Pedidos' });
    const row = orders.getByRole('listitem').filter({ hasText: `Pedido: #${orderId} ` });
    await row.getByText('Status: Cancelado').waitFor();
    await row.getByRole('button', { name: /^Pedido:/ }).click();
    await page
      .getByRole('dialog', { name: `Itens do Pedido #${orderId}` })
      .getByRole('button', { name: 'Deletar Pedido' })
      .click();
    await page.getByText('Pedido excluído com sucesso!').waitFor();
    await orders.getByText('Você ainda não fez nenhum pedido.').waitFor();
    expect((await call<unknown[]>('/orders', { token: customer.session.token })).data).toEqual([]);
  });

  test('"Não" mantém o pedido, que em processamento não pode ser deletado', async () => {
    const customer = await createCustomer();
    const { orderId } = await paidOrder(customer.session.token, 1);
    const page = await newPage({ session: customer.session });
    await page.goto('/user');
    const row = page.getByRole('region', { name: 'Meus Pedidos' }).getByRole('listitem');
    await row.getByRole('button', { name: `Cancelar pedido #${orderId}` }).click();
    await page.getByRole('button', { name: 'Não' }).click();
    await row.getByText('Status: Processando').waitFor();

    const refused = await call(`/orders/${orderId}`, { method: 'DELETE', token: customer.session.token });
    expect(refused.status).toBe(409);
  });
});
