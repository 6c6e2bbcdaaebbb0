import { addDays, businessMoment } from '@petshop/domain';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';
import { approvedCard } from './support/card';

const { newPage } = setUpBrowser();

/** The customer buys one unit of a demo product by card, picked up at the store: 'Processando' at once. */
async function placeOrder(token: string) {
  const [product] = await api<{ id: number }[]>('/products?limit=1');
  await api('/carts/add', { method: 'POST', token, body: { productId: product?.id, quantity: 1 } });
  const { cart } = await api<{ cart: { id: number } }>('/carts', { token });
  const paid = await api<{ order: { id: number } }>('/payments/pay', {
    method: 'POST',
    token,
    body: {
      cartId: cart.id,
      paymentMethod: 'Cartão de Crédito',
      deliveryMethod: 'Retirada na loja',
      card: await approvedCard(),
    },
  });
  return paid.order.id;
}

describe('lista de vendas com filtros', () => {
  test("filtra por período, situação e cliente ('marcia vendas' acha 'Márcia de Vendas'), no servidor e na URL", async () => {
    const stamp = String(Date.now()).slice(-6);
    const name = `Márcia de Vendas ${stamp}`;
    const marcia = await createCustomer({ name });
    const kept = await placeOrder(marcia.session.token);
    const cancelled = await placeOrder(marcia.session.token);
    const other = await createCustomer({ name: `Outro Cliente ${stamp}` });
    const others = await placeOrder(other.session.token);
    const admin = await loginAsAdmin();
    await api(`/orders/admin/cancel/${cancelled}`, { method: 'DELETE', token: admin.token });
    const today = businessMoment().date;

    const page = await newPage({ session: admin });
    await page.goto('/adminSales');
    const form = page.getByRole('form', { name: 'Filtrar vendas' });
    await form.getByLabel('De').fill(today);
    await form.getByLabel('Até').fill(today);
    await form.getByLabel('Cliente').fill(`marcia vendas ${stamp}`);
    await form.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/customer=marcia/);
    const table = page.getByRole('table', { name: 'Pedidos Realizados' });
    const numbers = () => table.locator('tbody tr th').allTextContents();
    await expect.poll(numbers).toEqual([expect.stringContaining(`#${cancelled}`), expect.stringContaining(`#${kept}`)]);

    await form.getByLabel('Situação').selectOption('Cancelado');
    await form.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/status=Cancelado/);
    await expect.poll(numbers).toEqual([expect.stringContaining(`#${cancelled}`)]);

    // the URL keeps the filters: a reload shows the same list and the same fields
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      from: today,
      to: today,
      status: 'Cancelado',
      customer: `marcia vendas ${stamp}`,
    });
    await page.reload();
    await expect.poll(numbers).toEqual([expect.stringContaining(`#${cancelled}`)]);
    expect(await form.getByLabel('Cliente').inputValue()).toBe(`marcia vendas ${stamp}`);
    expect(await form.getByLabel('Situação').inputValue()).toBe('Cancelado');
    await expectNoSeriousA11yIssues(page, 'vendas filtradas');

    // yesterday had none of these; an end before the start is refused before asking the server
    await form.getByLabel('De').fill(addDays(today, -1));
    await form.getByLabel('Até').fill(addDays(today, -1));
    await form.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByText('Nenhum pedido com esses filtros.').waitFor();
    await form.getByLabel('De').fill(today);
    await form.getByRole('button', { name: 'Filtrar' }).click();
    await form.getByText('A data final deve ser igual ou posterior à data inicial.').waitFor();

    await form.getByRole('button', { name: 'Limpar filtros' }).click();
    await page.waitForURL((current) => current.search === '');
    await table
      .getByRole('row')
      .filter({ hasText: `#${others}` })
      .waitFor();
  });

  test('em 360 px os filtros cabem na tela e a lista vira cartões', async () => {
    const page = await newPage({ session: await loginAsAdmin(), viewport: PHONE });
    await page.goto('/adminSales?status=Processando');
    await page.getByRole('form', { name: 'Filtrar vendas' }).waitFor();
    expect(await page.getByLabel('Situação').inputValue()).toBe('Processando');
    await page
      .getByRole('table', { name: 'Pedidos Realizados' })
      .or(page.getByText('Nenhum pedido com esses filtros.'))
      .first()
      .waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yIssues(page, 'vendas filtradas em 360 px');
  });
});
