import { formatDate, formatMoney, type ReportSummary } from '@petshop/domain';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin, type Session } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';
import { approvedCard } from './support/card';

const { newPage } = setUpBrowser();

const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
const daysBefore = (date: string, days: number) =>
  new Date(Date.parse(`${date}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/** A customer buys two units of a demo product by card (paid at once), through the API. */
async function cardOrder() {
  const customer = await createCustomer();
  const token = customer.session.token;
  const [product] = await api<{ id: number }[]>('/products?limit=1');
  await api('/carts/add', { method: 'POST', token, body: { productId: product?.id, quantity: 2 } });
  const { cart } = await api<{ cart: { id: number } }>('/carts', { token });
  await api('/payments/pay', {
    method: 'POST',
    token,
    body: {
      cartId: cart.id,
      paymentMethod: 'Cartão de Crédito',
      deliveryMethod: 'Retirada na loja',
      card: await approvedCard(),
    },
  });
}

const summaryOf = (admin: Session, from: string, to: string) =>
  api<ReportSummary>(`/admin/reports/summary?from=${from}&to=${to}`, { token: admin.token });

/** How many pixels of a canvas are painted in `rgb`: the data was drawn, not only the axes. */
const paintedPixels = (page: Page, chartName: RegExp, rgb: [number, number, number]) =>
  page.getByRole('img', { name: chartName }).evaluate((canvas, [r, g, b]) => {
    const element = canvas as HTMLCanvasElement;
    const context = element.getContext('2d');
    if (!context || element.width === 0 || element.height === 0) return 0;
    const pixels = context.getImageData(0, 0, element.width, element.height).data;
    let count = 0;
    for (let i = 0; i < pixels.length; i += 4)
      if (pixels[i] === r && pixels[i + 1] === g && pixels[i + 2] === b) count += 1;
    return count;
  }, rgb);

async function expectDrawn(page: Page, chartName: RegExp, rgb: [number, number, number]) {
  const canvas = page.getByRole('img', { name: chartName });
  await canvas.waitFor();
  const box = await canvas.boundingBox();
  expect(box?.width).toBeGreaterThan(100);
  expect(box?.height).toBeGreaterThan(100);
  // Chart.js animates the first draw: wait until the series is on the canvas.
  await expect.poll(() => paintedPixels(page, chartName, rgb), { timeout: 10_000 }).toBeGreaterThan(50);
}

const PRIMARY: [number, number, number] = [0x2f, 0x6f, 0x5e];
const PROCESSING_BLUE: [number, number, number] = [0x3b, 0x6f, 0xb6];
const DONE_GREEN: [number, number, number] = [0x2e, 0x7d, 0x32];

describe('painel do admin', () => {
  test('o admin abre o painel: números, gráficos desenhados e as tabelas acessíveis com os mesmos valores', async () => {
    await cardOrder();
    const admin = await loginAsAdmin();
    const to = today();
    const expected = await summaryOf(admin, daysBefore(to, 29), to);

    const page = await newPage({ session: admin });
    await page.goto('/admin');
    // The hub's card, not the header's 'Painel' (which leads to this hub).
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Painel/ })
      .first()
      .click();
    await page.waitForURL('**/adminDashboard');
    await page.getByRole('heading', { name: 'Painel', level: 1 }).waitFor();
    expect(await page.getByRole('button', { name: '30 dias' }).getAttribute('aria-pressed')).toBe('true');

    const figures = page.locator('.dashboard-figures');
    await figures.waitFor();
    expect(await figures.locator('dt').allTextContents()).toEqual([
      'Receita total',
      'Produtos',
      'Serviços',
      'Pedidos pagos',
      'Ticket médio',
      'Não comparecimento',
    ]);
    const values = await figures.locator('.dashboard-figures__value').allTextContents();
    expect(values.slice(0, 5)).toEqual([
      formatMoney(expected.totalRevenue),
      formatMoney(expected.revenue.total),
      formatMoney(expected.servicesRevenue.total),
      String(expected.revenue.paidOrders),
      formatMoney(expected.revenue.averageTicket ?? -1),
    ]);

    await expectDrawn(page, /receita dos pedidos pagos por dia/, PRIMARY);
    await expectDrawn(page, /pedidos feitos no período por situação/, PROCESSING_BLUE);
    await expectDrawn(page, /produtos mais vendidos por unidades/, PRIMARY);

    const revenue = page.getByRole('table', { name: 'Receita por dia' });
    expect(await revenue.locator('tbody tr').count()).toBe(30);
    const todayRow = revenue.getByRole('row', { name: new RegExp(`^${formatDate(to)}`) });
    const todayFigures = expected.revenueByDay.at(-1);
    expect(await todayRow.getByRole('cell').allTextContents()).toEqual([
      formatMoney(todayFigures?.revenue ?? -1),
      String(todayFigures?.orders),
    ]);
    expect(todayFigures?.orders).toBeGreaterThan(0);

    const statuses = page.getByRole('table', { name: 'Pedidos por situação' });
    for (const { status, count } of expected.ordersByStatus) {
      expect(await statuses.getByRole('row', { name: status }).getByRole('cell').textContent()).toBe(String(count));
    }

    const top = page.getByRole('table', { name: 'Produtos mais vendidos por unidades vendidas' });
    const first = expected.topProductsByUnits[0];
    expect(await top.locator('tbody tr').first().locator('th').textContent()).toBe(first?.name);
    expect(await top.locator('tbody tr').first().getByRole('cell').allTextContents()).toEqual([
      String(first?.units),
      formatMoney(first?.revenue ?? -1),
    ]);
    await page.getByRole('group', { name: 'Ordenar produtos por' }).getByRole('button', { name: 'Receita' }).click();
    const byRevenue = page.getByRole('table', { name: 'Produtos mais vendidos por receita' });
    expect(await byRevenue.locator('tbody tr').first().locator('th').textContent()).toBe(
      expected.topProductsByRevenue[0]?.name,
    );

    const people = page.getByRole('table', { name: 'Agendamentos por funcionário' });
    if (expected.appointmentsByEmployee.some((employee) => employee.total > 0)) {
      expect(await people.locator('tbody tr').count()).toBe(expected.appointmentsByEmployee.length);
    } else {
      await page.getByText('Nenhum agendamento no período.').waitFor();
    }
  });

  test('atendimentos concluídos e faltas aparecem no gráfico por funcionário e na taxa de não comparecimento', async () => {
    const admin = await loginAsAdmin();
    const customer = await createCustomer();
    const token = customer.session.token;
    const services = await api<{ id: number; name: string }[]>('/services');
    const service = services.find((each) => each.name === 'Banho');
    const [employer] = await api<{ id: number }[]>(`/employers/service/${service?.id}`, { token });
    const pet = await api<{ id: number }>('/pets', {
      method: 'POST',
      token,
      body: { name: 'Thor', age: 4, specie: 'Cachorro', size: 'Pequeno' },
    });
    // A working day a little ahead, with two free times for this employee.
    let date = daysBefore(today(), -3);
    let free: string[] = [];
    for (let ahead = 3; free.length < 2; ahead += 1) {
      date = daysBefore(today(), -ahead);
      free = await api<string[]>(`/appointments/availability?employer_id=${employer?.id}&date=${date}`, { token });
    }
    const book = (time: string) =>
      api<{ id: number }>('/appointments', {
        method: 'POST',
        token,
        body: {
          service_id: service?.id,
          employer_id: employer?.id,
          pet_id: pet.id,
          appointment_date: date,
          appointment_time: time,
        },
      });
    const move = (id: number, status: string) =>
      api(`/appointments/${id}/status`, { method: 'PUT', token: admin.token, body: { status } });
    const done = await book(free[0] as string);
    await move(done.id, 'Em atendimento');
    await move(done.id, 'Concluído');
    const missed = await book(free[1] as string);
    await move(missed.id, 'Não compareceu');

    const from = today();
    const expected = await summaryOf(admin, from, date);
    expect(expected.noShow.finished).toBeGreaterThanOrEqual(2);
    const page = await newPage({ session: admin });
    await page.goto(`/adminDashboard?from=${from}&to=${date}`);
    await page.getByText(`${expected.noShow.noShows} de ${expected.noShow.finished} atendimentos terminados`).waitFor();
    // the service done is revenue beside the products, and in the total; the no-show is not
    expect(expected.servicesRevenue.done).toBeGreaterThanOrEqual(1);
    expect(expected.servicesRevenue.total).toBeGreaterThan(0);
    expect(expected.totalRevenue).toBeCloseTo(expected.revenue.total + expected.servicesRevenue.total, 2);
    const figure = (label: string) =>
      page.locator('.dashboard-figures__item').filter({ has: page.getByRole('term').filter({ hasText: label }) });
    expect(await figure('Serviços').locator('.dashboard-figures__value').textContent()).toBe(
      formatMoney(expected.servicesRevenue.total),
    );
    await figure('Serviços')
      .getByText(
        `${expected.servicesRevenue.done} atendimento${expected.servicesRevenue.done === 1 ? ' concluído' : 's concluídos'}`,
      )
      .waitFor();
    expect(await figure('Receita total').locator('.dashboard-figures__value').textContent()).toBe(
      formatMoney(expected.totalRevenue),
    );
    await expectDrawn(page, /agendamentos de cada funcionário/, DONE_GREEN);
    const people = page.getByRole('table', { name: 'Agendamentos por funcionário' });
    for (const employee of expected.appointmentsByEmployee.filter((each) => each.total > 0)) {
      expect(
        await people
          .getByRole('row', { name: new RegExp(`^${employee.name}`) })
          .getByRole('cell')
          .allTextContents(),
      ).toEqual([employee.total, ...employee.byStatus.map((row) => row.count)].map(String));
    }
  });

  test('um período sem movimento mostra os estados vazios; datas invertidas são recusadas', async () => {
    const page = await newPage({ session: await loginAsAdmin() });
    await page.goto('/adminDashboard');
    await page.getByRole('heading', { name: 'Receita por dia' }).waitFor();
    await page.getByRole('button', { name: 'Personalizado' }).click();
    const form = page.getByRole('form', { name: 'Período personalizado' });
    await form.getByLabel('De').fill('2020-01-07');
    await form.getByLabel('Até').fill('2020-01-01');
    await form.getByRole('button', { name: 'Aplicar' }).click();
    await form.getByText('A data final deve ser igual ou posterior à data inicial.').waitFor();

    await form.getByLabel('De').fill('2020-01-01');
    await form.getByLabel('Até').fill('2020-01-07');
    await form.getByRole('button', { name: 'Aplicar' }).click();
    await page.waitForURL('**/adminDashboard?from=2020-01-01&to=2020-01-07');
    await page.getByText('01/01/2020 a 07/01/2020').waitFor();
    await page.getByText('Nenhum pedido pago no período.').waitFor();
    await page.getByText('Nenhum pedido feito no período.').waitFor();
    await page.getByText('Nenhum produto vendido no período.').waitFor();
    await page.getByText('Nenhum agendamento no período.').waitFor();
    expect(await page.getByRole('img').count()).toBe(0);

    await page.getByRole('button', { name: '7 dias' }).click();
    await page.waitForURL(`**/adminDashboard?from=${daysBefore(today(), 6)}&to=${today()}`);
    expect(await page.getByRole('button', { name: '7 dias' }).getAttribute('aria-pressed')).toBe('true');
  });

  test('um produto com estoque baixo leva ao formulário de edição dele', async () => {
    const admin = await loginAsAdmin();
    const [category] = await api<{ id: number }[]>('/categories');
    const [species] = await api<{ id: number }[]>('/species');
    const name = `Ração do painel ${Date.now()}`;
    const product = await api<{ id: number }>('/products', {
      method: 'POST',
      token: admin.token,
      body: { name, price: 42.5, stock: 5, category_id: category?.id, species_id: species?.id, url: '' },
    });
    try {
      const page = await newPage({ session: admin, viewport: PHONE });
      await page.goto('/adminDashboard');
      const lowStock = page.getByRole('table', { name: 'Estoque baixo (até 5 unidades)' });
      const row = lowStock.getByRole('row', { name: new RegExp(name) });
      expect(await row.getByRole('cell').nth(1).textContent()).toContain('5');
      await row.getByRole('link', { name: `Editar ${name}` }).click();
      await page.waitForURL(`**/adminProducts?edit=${product.id}`);
      const dialog = page.getByRole('dialog', { name: 'Editar Produto' });
      expect(await dialog.getByLabel('Nome').inputValue()).toBe(name);
      expect(await dialog.getByLabel('Estoque').inputValue()).toBe('5');
    } finally {
      await api(`/products/${product.id}`, { method: 'DELETE', token: admin.token });
    }
  });

  test('em 360 px nada transborda, os gráficos têm tamanho e o axe não acha problema sério', async () => {
    await cardOrder();
    const page = await newPage({ session: await loginAsAdmin(), viewport: PHONE });
    await page.goto('/adminDashboard');
    await expectDrawn(page, /receita dos pedidos pagos por dia/, PRIMARY);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBe(0);
    for (const canvas of await page.getByRole('img').all()) {
      const box = await canvas.boundingBox();
      expect(box?.width).toBeGreaterThan(250);
      expect(box?.width).toBeLessThanOrEqual(PHONE.width);
    }
    await page.getByRole('button', { name: 'Personalizado' }).click();
    await expectNoSeriousA11yIssues(page, 'painel do admin em 360 px');
  });

  test('uma falha ao carregar mostra o erro e "Tentar novamente" carrega o painel', async () => {
    const page = await newPage({ session: await loginAsAdmin() });
    await page.route(/\/api\/admin\/reports\/summary/, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: '', code: 'X' }) }),
    );
    await page.goto('/adminDashboard');
    await page.getByText('Não foi possível carregar o painel. Verifique sua conexão e tente novamente.').waitFor({
      timeout: 20_000,
    });
    await page.unroute(/\/api\/admin\/reports\/summary/);
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await page.getByRole('heading', { name: 'Receita por dia' }).waitFor();
  });
});
