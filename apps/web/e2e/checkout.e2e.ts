import { isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { formatCpf } from '@petshop/domain';
import { describe, expect, test } from 'vitest';
import { call, createCustomer } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';
import { fillCard } from './support/card';
import { addToCart, newAddress, newProduct, stockOf, waitingPixOrder } from './support/orders-api';

const { newPage } = setUpBrowser();

describe('pagamento', () => {
  test('carrinho → Finalizar compra → Pix → QR Code e copia e cola → pagamento simulado → /user em Processando', async () => {
    const customer = await createCustomer();
    const { token } = customer.session;
    const product = await newProduct(5, 42.5);
    await newAddress(token);
    await addToCart(token, product.id, 2);

    const page = await newPage({ session: customer.session });
    await page.goto('/cart');
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    await page.waitForURL('**/payments');

    const table = page.getByRole('table');
    await table.getByRole('row').filter({ hasText: product.name }).getByText('R$ 85,00').waitFor();
    await page.getByRole('columnheader', { name: 'Preço Unitário' }).waitFor();
    await page.getByText('Valor do pedido').waitFor();
    const data = page.getByRole('region', { name: 'Confirme seus dados' });
    await data.getByText(formatCpf(customer.cpf)).waitFor();
    await data.getByText(customer.email).waitFor();

    await page.getByRole('button', { name: 'Fazer Pagamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pagamento' });
    await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
    await dialog
      .getByRole('alert')
      .filter({ hasText: 'Por favor, selecione um endereço e um método de pagamento para o pagamento.' })
      .waitFor();

    await dialog.getByRole('group', { name: 'Endereço de entrega' }).getByRole('radio').first().check();
    await dialog.getByText('R$ 100,90').waitFor();
    await dialog.getByLabel('Método de pagamento').selectOption('Pix');
    // A double click pays once (one Idempotency-Key per attempt).
    await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).dblclick();
    const pix = page.getByRole('dialog', { name: 'Pagamento com Pix' });
    await pix.getByText('Pedido criado! Ele aguarda o pagamento do Pix para ser processado.').waitFor();
    await pix.getByText(/^Pedido #\d+ — R\$ 100,90$/).waitFor();
    // Not paid until the bank says so.
    expect(await page.getByText('Pagamento realizado com sucesso!').count()).toBe(0);
    const qr = pix.getByRole('img', { name: /QR Code do Pix/ });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/^data:image\/(svg\+xml|png)/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth > 0)).toBe(true);
    const code = await pix.getByLabel('Pix copia e cola').inputValue();
    expect(isValidPixPayload(code)).toBe(true);
    // R$ 85,00 of products plus R$ 15,90 to São Paulo.
    expect(code).toContain('5406100.90');
    expect(await pix.getByText(/Tempo para pagar: \d\d:\d\d/).count()).toBe(1);
    expect(await stockOf(product.id)).toBe(3);

    await pix.getByRole('button', { name: 'Simular pagamento (ambiente de testes)' }).click();
    await pix.getByText('Pagamento realizado com sucesso!').waitFor();
    // Paid: the order's own page, not a toast.
    await page.waitForURL('**/orders/*', { timeout: 5_000 });
    await page.getByRole('heading', { level: 1, name: /^Pedido #\d+$/ }).waitFor();
    await page.locator('.order-badge', { hasText: 'Processando' }).waitFor();
    await page.locator('.order-page').getByText('Pix', { exact: true }).waitFor();
    await page.locator('.order-page').getByText('R$ 100,90').waitFor();
  });

  test('Pix no celular que não é pago expira: mensagem de prazo encerrado e pedido Cancelado, estoque de volta', async () => {
    const customer = await createCustomer();
    const { token } = customer.session;
    const product = await newProduct(4, 10);
    await newAddress(token);
    await addToCart(token, product.id, 1);

    const page = await newPage({ session: customer.session, viewport: PHONE });
    await page.goto('/payments');
    await page.getByRole('button', { name: 'Fazer Pagamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pagamento' });
    await dialog.getByRole('group', { name: 'Endereço de entrega' }).getByRole('radio').first().check();
    await dialog.getByLabel('Método de pagamento').selectOption('Pix');
    await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
    const pix = page.getByRole('dialog', { name: 'Pagamento com Pix' });
    await pix.getByRole('img', { name: /QR Code do Pix/ }).waitFor();
    await pix.getByRole('button', { name: 'Simular pagamento (ambiente de testes)' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yIssues(page, 'diálogo do Pix (360 px)');
    expect(await stockOf(product.id)).toBe(3);

    // The e2e server issues Pix that expire in 30 s; the expiry job runs every 10 s.
    await pix.getByText('O prazo para pagar este Pix terminou e o pedido foi cancelado.').waitFor({ timeout: 75_000 });
    expect(await pix.getByRole('img').count()).toBe(0);
    expect(await stockOf(product.id)).toBe(4);
    // 'Tentar novamente': the products are back in the cart, ready to pay again.
    await pix.getByRole('button', { name: 'Tentar novamente' }).click();
    await pix.waitFor({ state: 'detached' });
    await page.getByText(product.name).first().waitFor();
    const cart = await call<{ items: { productId: number; quantity: number }[] }>('/carts', { token });
    expect(cart.data.items.map((item) => [item.productId, item.quantity])).toEqual([[product.id, 1]]);
    await page.getByRole('button', { name: 'Fazer Pagamento' }).isEnabled();
  }, 120_000);

  test('Meus Pedidos: um pedido aguardando o Pix reabre o QR Code e pode ser cancelado', async () => {
    const customer = await createCustomer();
    const { token } = customer.session;
    const { product, orderId, pixCode } = await waitingPixOrder(token, 2);
    expect(await stockOf(product.id)).toBe(8);

    const page = await newPage({ session: customer.session });
    await page.goto('/user');
    const orders = page.getByRole('region', { name: 'Meus Pedidos' });
    await orders
      .getByRole('link', { name: new RegExp(`^Pedido #${orderId}(?!\\d)`) })
      .locator('.order-badge', { hasText: 'Aguardando pagamento' })
      .waitFor();

    await orders.getByRole('button', { name: `Pagar pedido #${orderId}` }).click();
    const pix = page.getByRole('dialog', { name: 'Pagamento com Pix' });
    await pix.getByRole('img', { name: /QR Code do Pix/ }).waitFor();
    expect(await pix.getByLabel('Pix copia e cola').inputValue()).toBe(pixCode);
    await pix.getByRole('button', { name: 'Fechar' }).first().click();
    await pix.waitFor({ state: 'detached' });

    await orders.getByRole('button', { name: `Cancelar pedido #${orderId}` }).click();
    await page
      .getByRole('dialog', { name: `Tem certeza de que deseja cancelar o pedido #${orderId}?` })
      .getByRole('button', { name: 'Sim' })
      .click();
    await orders.locator('.order-badge', { hasText: 'Cancelado' }).waitFor();
    expect(await orders.getByRole('button', { name: `Pagar pedido #${orderId}` }).count()).toBe(0);
    expect(await stockOf(product.id)).toBe(10);
  });

  test('cartão em 3x no celular: pagamento e ida para a página do pedido em 2 segundos', async () => {
    const customer = await createCustomer();
    const { token } = customer.session;
    const product = await newProduct(3, 60);
    await newAddress(token);
    await addToCart(token, product.id, 1);

    const page = await newPage({ session: customer.session, viewport: PHONE });
    await page.goto('/payments');
    await page.getByRole('button', { name: 'Fazer Pagamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pagamento' });
    await dialog.getByRole('group', { name: 'Endereço de entrega' }).getByRole('radio').first().check();
    await dialog.getByLabel('Método de pagamento').selectOption('Cartão de Crédito');
    await fillCard(dialog, 'APRO', '3x');
    await expectNoSeriousA11yIssues(page, '/payments (cartão, 360 px)');
    await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
    await page.getByText('Pagamento realizado com sucesso!').waitFor();
    await page.waitForURL('**/orders/*', { timeout: 5_000 });
    await page.locator('.order-badge', { hasText: 'Processando' }).waitFor();
    await page.getByText(/^Cartão de Crédito — em 3x de R\$ [\d,]+ — Mastercard final 6351$/).waitFor();
    await page.getByText(product.name).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await expectNoSeriousA11yIssues(page, '/orders/{id} após o cartão (360 px)');
  });

  test('cartão recusado: o motivo em português e o carrinho como estava', async () => {
    const customer = await createCustomer();
    const { token } = customer.session;
    const product = await newProduct(3, 10);
    await newAddress(token);
    await addToCart(token, product.id, 2);

    const page = await newPage({ session: customer.session });
    await page.goto('/payments');
    await page.getByRole('button', { name: 'Fazer Pagamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pagamento' });
    await dialog.getByRole('group', { name: 'Endereço de entrega' }).getByRole('radio').first().check();
    await dialog.getByLabel('Método de pagamento').selectOption('Cartão de Crédito');
    await fillCard(dialog, 'FUND');
    await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
    await page
      .getByText(/Saldo insuficiente\./)
      .first()
      .waitFor();
    expect(await stockOf(product.id)).toBe(3);
    const cart = await call<{ items: { quantity: number }[] }>('/carts', { token });
    expect(cart.data.items.map((item) => item.quantity)).toEqual([2]);
  });

  test('sem endereço, o diálogo leva ao cadastro em /user', async () => {
    const customer = await createCustomer();
    const product = await newProduct(3, 10);
    await addToCart(customer.session.token, product.id, 1);
    const page = await newPage({ session: customer.session });
    await page.goto('/payments');
    await page.getByRole('button', { name: 'Fazer Pagamento' }).click();
    const dialog = page.getByRole('dialog', { name: 'Pagamento' });
    await dialog.getByText('Você ainda não tem endereços cadastrados.').waitFor();
    await dialog.getByRole('link', { name: 'Cadastrar endereço' }).click();
    await page.waitForURL('**/user');
  });

  test('com o carrinho vazio não há como pagar', async () => {
    const customer = await createCustomer();
    const address = await newAddress(customer.session.token);
    const page = await newPage({ session: customer.session });

    await page.goto('/cart');
    await page.getByText('Seu carrinho está vazio.').waitFor();
    // window.alert blocks the click until answered: answer it as it opens.
    const messages: string[] = [];
    page.once('dialog', (dialog) => {
      messages.push(dialog.message());
      void dialog.dismiss();
    });
    await page.getByRole('button', { name: 'Finalizar compra' }).click();
    expect(messages).toEqual(['Por favor, adicione algum item ao carrinho antes de finalizar a compra.']);
    expect(new URL(page.url()).pathname).toBe('/cart');

    await page.goto('/payments');
    await page.getByText('Seu carrinho está vazio.').waitFor();
    expect(await page.getByRole('button', { name: 'Fazer Pagamento' }).isDisabled()).toBe(true);

    const cart = await call<{ cart: { id: number } }>('/carts', { token: customer.session.token });
    const refused = await call('/payments/pay', {
      method: 'POST',
      token: customer.session.token,
      body: { cartId: cart.data.cart.id, addressId: address.id, paymentMethod: 'Pix' },
    });
    expect(refused.status).toBe(400);
  });
});
