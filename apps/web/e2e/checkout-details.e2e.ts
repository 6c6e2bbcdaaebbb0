import { describeStoreWeek, type StoreView } from '@petshop/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';
import { fillCard } from './support/card';
import { addToCart, newAddress, newProduct } from './support/orders-api';

const { newPage } = setUpBrowser();

/** Room Chromium keeps at the right of a native select for its arrow (about 20 px at 16 px type). */
const ARROW_ROOM = 24;

/** The chosen option's text as wide as the select's font draws it, against the room the select gives it. */
const selectText = (select: Locator) =>
  select.evaluate((element: HTMLSelectElement) => {
    const style = getComputedStyle(element);
    const context = document.createElement('canvas').getContext('2d');
    if (!context) throw new Error('no canvas');
    context.font = style.font;
    const text = element.selectedOptions[0]?.text ?? '';
    return {
      text,
      needed: Math.ceil(context.measureText(text).width),
      room: element.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight),
    };
  });

async function openPayment(page: Page) {
  await page.goto('/payments');
  await page.getByRole('button', { name: 'Fazer Pagamento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Pagamento' });
  await dialog.getByLabel('Método de pagamento').waitFor();
  return dialog;
}

describe('pagamento no celular (360 px)', () => {
  test("o método de pagamento cabe inteiro: 'Selecione' e cada opção", async () => {
    const customer = await createCustomer();
    await addToCart(customer.session.token, (await newProduct(5, 20)).id, 1);
    const page = await newPage({ session: customer.session, viewport: PHONE });
    const dialog = await openPayment(page);
    const select = dialog.getByLabel('Método de pagamento');
    const options = await select.locator('option:not([disabled])').allTextContents();
    expect(options.length).toBeGreaterThan(0);
    for (const option of ['', ...options]) {
      if (option) await select.selectOption({ label: option });
      const shown = await selectText(select);
      expect(shown.text).toBe(option || 'Selecione');
      expect(
        shown.needed,
        `'${shown.text}' precisa de ${shown.needed} px; o campo dá ${shown.room} px`,
      ).toBeLessThanOrEqual(shown.room - ARROW_ROOM);
    }
    await expectNoSeriousA11yIssues(page, '/payments, método de pagamento (360 px)');
  });

  test('com um só endereço salvo, ele já vem escolhido e o frete calculado', async () => {
    const customer = await createCustomer();
    await newAddress(customer.session.token);
    await addToCart(customer.session.token, (await newProduct(5, 20)).id, 1);
    const page = await newPage({ session: customer.session, viewport: PHONE });
    const dialog = await openPayment(page);
    const addresses = dialog.getByRole('group', { name: 'Endereço de entrega' }).getByRole('radio');
    await expect.poll(() => addresses.count()).toBe(1);
    await expect.poll(() => addresses.first().isChecked()).toBe(true);
    await expect.poll(async () => (await dialog.textContent()) ?? '').not.toContain('Escolha um endereço');
  });

  test('os endereços de entrega aparecem inteiros e o escolhido é o do pedido', async () => {
    const customer = await createCustomer();
    const { token } = customer.session;
    await newAddress(token);
    // About 90 characters on one line: what a select cut at 360 px.
    await api('/addresses', {
      method: 'POST',
      token,
      body: {
        street: 'Rua Desembargador Eliseu Guilherme',
        number: '1234',
        complement: 'Bloco B, Apartamento 1502',
        district: 'Jardim Paulista',
        cep: '04004030',
        state_id: 35,
        city_id: 3550308,
      },
    });
    await addToCart(token, (await newProduct(5, 20)).id, 1);
    const page = await newPage({ session: customer.session, viewport: PHONE });
    const dialog = await openPayment(page);
    const group = dialog.getByRole('group', { name: 'Endereço de entrega' });
    const cards = group.locator('label');
    expect(await cards.allInnerTexts()).toEqual([
      'Avenida Paulista, 1578, Sala 5\nBela Vista\nSão Paulo/SP · CEP 01310-200',
      'Rua Desembargador Eliseu Guilherme, 1234, Bloco B, Apartamento 1502\nJardim Paulista\nSão Paulo/SP · CEP 04004-030',
    ]);
    // Every line inside its card and the card inside the dialog: nothing cut, nothing to scroll sideways.
    const fits = await cards.evaluateAll((labels) =>
      labels.flatMap((label) =>
        [label, ...label.querySelectorAll('span')].map((element) => {
          const box = element.getBoundingClientRect();
          const parent = (label.closest('[role="dialog"]') ?? document.body).getBoundingClientRect();
          return element.scrollWidth <= element.clientWidth + 1 && box.left >= parent.left && box.right <= parent.right;
        }),
      ),
    );
    expect(fits.every(Boolean)).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yIssues(page, '/payments, endereços de entrega (360 px)');

    const second = group.getByRole('radio', { name: /^Rua Desembargador Eliseu Guilherme/ });
    await second.focus();
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('ArrowDown');
    expect(await second.isChecked()).toBe(true);
    await dialog.getByLabel('Método de pagamento').selectOption('Cartão de Crédito');
    await fillCard(dialog);
    await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
    await page.waitForURL('**/orders/*', { timeout: 10_000 });
    await page
      .locator('.order-page__address')
      .getByText(/^Rua Desembargador Eliseu Guilherme, 1234, Bloco B/)
      .waitFor();
    expect(await page.locator('.order-page__address').innerText()).toContain('CEP 04004-030');
  });

  test('retirada: a loja escolhida com endereço e horário no pagamento e no pedido', async () => {
    const admin = await loginAsAdmin();
    const [main] = (await api<StoreView[]>('/stores')).filter((store) => store.main);
    if (!main) throw new Error('no main store');
    // The main store of a fresh install has no address yet: the owner fills it in.
    await api(`/stores/${main.id}`, {
      method: 'PUT',
      token: admin.token,
      body: {
        name: main.name,
        street: 'Rua Teodoro Sampaio',
        number: '744',
        district: 'Pinheiros',
        cep: '05406000',
        state_id: 35,
        city_id: 3550308,
        phone: main.phone ?? '1133334444',
        pickup: true,
        active: true,
      },
    });
    const store = (await api<StoreView[]>('/stores')).find((each) => each.id === main.id);
    if (!store) throw new Error('main store gone');
    const address = 'Rua Teodoro Sampaio, 744 · Pinheiros · São Paulo/SP · CEP 05406-000';
    const hours = `Horário: ${describeStoreWeek(store.hours)}`;

    const customer = await createCustomer();
    await addToCart(customer.session.token, (await newProduct(5, 20)).id, 2);
    const page = await newPage({ session: customer.session, viewport: PHONE });
    const dialog = await openPayment(page);
    await dialog
      .getByRole('group', { name: 'Forma de entrega' })
      .getByRole('radio', { name: /^Retirada na loja/ })
      .check();
    await dialog.getByText(main.name, { exact: true }).waitFor();
    await dialog.getByText(address, { exact: true }).waitFor();
    await dialog.getByText(hours, { exact: true }).waitFor();
    await dialog.getByLabel('Método de pagamento').selectOption('Cartão de Crédito');
    await fillCard(dialog);
    await expectNoSeriousA11yIssues(page, '/payments retirada com endereço e horário (360 px)');
    await dialog.getByRole('button', { name: 'Confirmar Pagamento' }).click();
    await page.waitForURL('**/orders/*', { timeout: 10_000 });

    const pickup = page.getByRole('region', { name: 'Retirada' });
    await pickup.getByText(address, { exact: true }).waitFor();
    await pickup.getByText(hours, { exact: true }).waitFor();
    await pickup.getByText(main.name, { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yIssues(page, '/orders/{id} retirada (360 px)');
  });
});
