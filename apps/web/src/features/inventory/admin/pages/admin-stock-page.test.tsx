import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderRoutes } from '../../../../test/render';
import { AdminStockPage } from './admin-stock-page';

const { fetchMock } = installFetchStub();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const stores = [
  { id: 1, name: 'Loja principal' },
  { id: 2, name: 'Loja Centro' },
];
const products = [{ id: 7, name: 'Ração Premium', stock: 9 }];
const movements = [
  {
    id: 2,
    productId: 7,
    storeId: 1,
    delta: -2,
    reason: 'perda',
    ref: 'adjustment:1',
    note: 'Rasgado',
    userId: 1,
    at: '2026-11-25T13:00:00Z',
  },
  {
    id: 1,
    productId: 7,
    storeId: 1,
    delta: 11,
    reason: 'ajuste',
    ref: 'product:7',
    note: '',
    userId: 1,
    at: '2026-11-24T13:00:00Z',
  },
];
const purchaseOrders = [
  {
    id: 5,
    supplierId: 3,
    supplierName: 'Distribuidora Pet',
    storeId: 1,
    status: 'Enviado',
    total: 100,
    items: [
      { productId: 7, productName: 'Ração Premium', quantity: 10, unitCost: 10, lot: 'L1', expiresOn: '2026-12-10' },
    ],
    createdAt: '2026-11-25T10:00:00Z',
    sentAt: '2026-11-25T11:00:00Z',
    receivedAt: null,
    cancelledAt: null,
  },
];

interface Call {
  method: string;
  url: string;
  body: unknown;
}

function serve(options: { suppliersFail?: boolean; minimumFails?: boolean } = {}) {
  const calls: Call[] = [];
  let minimum = 0;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (method === 'POST' && url === '/api/stock/adjustments')
      return json(201, { data: { productId: 7, storeId: 1, quantity: 7 }, message: 'Ajuste de estoque registrado.' });
    if (method === 'POST' && url.startsWith('/api/purchase-orders/5/'))
      return json(200, {
        data: { ...purchaseOrders[0], status: 'Recebido' },
        message: 'Pedido recebido: estoque atualizado.',
      });
    if (method === 'PUT' && url === '/api/stock/minimums') {
      if (options.minimumFails)
        return json(400, { message: 'O estoque mínimo deve ser um número inteiro.', code: 'VALIDATION_ERROR' });
      const body = calls.at(-1)?.body as { minimum: number };
      minimum = body.minimum;
      return json(200, { data: body, message: 'Estoque mínimo salvo.' });
    }
    if (url.startsWith('/api/stock/suggestions'))
      return json(200, {
        data:
          minimum > 9
            ? [
                {
                  productId: 7,
                  productName: 'Ração Premium',
                  storeId: 1,
                  quantity: 9,
                  minimum,
                  weeklySales: 2,
                  suggested: minimum - 9 + 4,
                  averageCost: null,
                },
              ]
            : [],
      });
    if (url.startsWith('/api/stock/movements'))
      return json(200, { data: movements, meta: { total: movements.length, limit: 20, offset: 0 } });
    if (url.startsWith('/api/products'))
      return json(200, { data: products, meta: { total: 1, limit: 200, offset: 0 } });
    if (url === '/api/stores') return json(200, { data: stores });
    if (url === '/api/suppliers')
      return options.suppliersFail
        ? json(500, { message: 'Falha ao buscar fornecedores.', code: 'INTERNAL' })
        : json(200, { data: [{ id: 3, name: 'Distribuidora Pet', cnpj: '12.ABC.345/01DE-35', contact: '' }] });
    if (url === '/api/purchase-orders') return json(200, { data: purchaseOrders });
    return json(404, { message: 'Não encontrado.', code: 'NOT_FOUND' });
  });
  return calls;
}

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/adminStock',
        element: (
          <>
            <AdminStockPage />
            <Toaster />
          </>
        ),
      },
    ],
    '/adminStock',
  );

describe('Estoque', () => {
  test('lists the movements with product, store, signed quantity and reason; a store filter asks the server', async () => {
    const calls = serve();
    const person = userEvent.setup();
    renderPage();
    const table = await screen.findByRole('table', { name: 'Movimentações de estoque' });
    await waitFor(() => expect(within(table).getAllByText('Ração Premium')).toHaveLength(2));
    expect(within(table).getByText('-2')).toBeTruthy();
    expect(within(table).getByText('+11')).toBeTruthy();
    expect(within(table).getByText('Perda')).toBeTruthy();
    expect(screen.getByText('Mostrando 2 de 2 movimentações')).toBeTruthy();
    await person.selectOptions(screen.getByLabelText('Loja'), 'Loja Centro');
    await waitFor(() =>
      expect(calls.some((c) => c.url.includes('/api/stock/movements?') && c.url.includes('storeId=2'))).toBe(true),
    );
  });

  test('records a loss as a negative adjustment with its reason and note', async () => {
    const calls = serve();
    const person = userEvent.setup();
    renderPage();
    await person.click(screen.getByRole('tab', { name: 'Ajuste' }));
    const form = await screen.findByRole('form', { name: 'Ajuste de estoque' });
    await waitFor(() => expect(within(form).getAllByRole('option', { name: 'Loja principal' })).toHaveLength(1));
    await person.selectOptions(within(form).getByLabelText('Loja'), 'Loja principal');
    await person.selectOptions(within(form).getByLabelText('Produto'), 'Ração Premium');
    await person.type(within(form).getByLabelText('Quantidade'), '2');
    await person.selectOptions(within(form).getByLabelText('Motivo'), 'Perda');
    await person.type(within(form).getByLabelText('Observação'), 'Embalagem rasgada');
    await person.click(within(form).getByRole('button', { name: 'Registrar ajuste' }));
    await screen.findByText(/Ajuste de estoque registrado\. Agora: 7 un\./);
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      storeId: 1,
      productId: 7,
      delta: -2,
      reason: 'perda',
      note: 'Embalagem rasgada',
    });
  });

  test('a sent purchase order can be received or cancelled, not sent again', async () => {
    const calls = serve();
    const person = userEvent.setup();
    renderPage();
    await person.click(screen.getByRole('tab', { name: 'Pedidos de compra' }));
    const table = await screen.findByRole('table', { name: 'Pedidos de compra' });
    expect(within(table).queryByRole('button', { name: 'Enviar pedido #5' })).toBeNull();
    expect(within(table).getByRole('button', { name: 'Cancelar pedido #5' })).toBeTruthy();
    await person.click(within(table).getByRole('button', { name: 'Receber pedido #5' }));
    await screen.findByText('Pedido recebido: estoque atualizado.');
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/purchase-orders/5/receive')).toBe(true);
  });

  test('suppliers that fail to load show the error and a retry', async () => {
    serve({ suppliersFail: true });
    const person = userEvent.setup();
    renderPage();
    await person.click(screen.getByRole('tab', { name: 'Fornecedores' }));
    await screen.findByText('Falha ao buscar fornecedores.');
    serve();
    await person.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await screen.findByText('12.ABC.345/01DE-35');
  });

  test('a minimum saved for the chosen store shows in the suggestions at once', async () => {
    const calls = serve();
    const person = userEvent.setup();
    renderPage();
    await person.click(screen.getByRole('tab', { name: 'Sugestões' }));
    await person.selectOptions(await screen.findByLabelText('Loja'), 'Loja Centro');
    await screen.findByText('Nenhum produto abaixo do mínimo nesta loja.');
    const form = screen.getByRole('form', { name: 'Estoque mínimo' });
    await person.selectOptions(within(form).getByLabelText('Produto'), 'Ração Premium');
    await person.type(within(form).getByLabelText('Estoque mínimo'), '20');
    await person.click(within(form).getByRole('button', { name: 'Salvar mínimo' }));
    await screen.findByText('Estoque mínimo salvo. Ração Premium: 20 un.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ storeId: 2, productId: 7, minimum: 20 });
    const table = await screen.findByRole('table', { name: 'Sugestões de compra' });
    expect(within(table).getByText('20')).toBeTruthy();
    expect(within(table).getByText('15')).toBeTruthy();
    // Choosing the listed product again starts from its saved minimum.
    await person.selectOptions(within(form).getByLabelText('Produto'), '');
    await person.selectOptions(within(form).getByLabelText('Produto'), 'Ração Premium');
    expect((within(form).getByLabelText('Estoque mínimo') as HTMLInputElement).value).toBe('20');
  });

  test('a refused minimum shows the server message and keeps what was typed', async () => {
    serve({ minimumFails: true });
    const person = userEvent.setup();
    renderPage();
    await person.click(screen.getByRole('tab', { name: 'Sugestões' }));
    await person.selectOptions(await screen.findByLabelText('Loja'), 'Loja principal');
    const form = await screen.findByRole('form', { name: 'Estoque mínimo' });
    await person.selectOptions(within(form).getByLabelText('Produto'), 'Ração Premium');
    await person.type(within(form).getByLabelText('Estoque mínimo'), '5');
    await person.click(within(form).getByRole('button', { name: 'Salvar mínimo' }));
    await within(form).findByText('O estoque mínimo deve ser um número inteiro.');
    expect((within(form).getByLabelText('Estoque mínimo') as HTMLInputElement).value).toBe('5');
  });

  test('the tabs move with the arrow keys', async () => {
    serve();
    const person = userEvent.setup();
    renderPage();
    const first = screen.getByRole('tab', { name: 'Movimentações' });
    first.focus();
    await person.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Ajuste' }).getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('tab', { name: 'Ajuste' }));
  });
});
