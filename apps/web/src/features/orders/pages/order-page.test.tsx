import type { CustomerOrderDetail } from '@petshop/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, test, vi } from 'vitest';
import { installFetchStub, renderRoutes } from '../../../test/render';
import { Component as OrderPage } from './order-page';

const detail = (patch: Partial<CustomerOrderDetail> = {}): CustomerOrderDetail => ({
  id: 41,
  orderDate: '2026-11-25T13:00:00.000Z',
  status: 'Processando',
  totalValue: 300,
  paymentMethod: 'Cartão de Crédito',
  items: [{ productId: 5, productName: 'Ração Premium 10 kg', quantity: 2, price: 150 }],
  deliveryMethod: 'Entrega',
  shippingPrice: 0,
  storeId: 1,
  timeline: [{ status: 'Processando', at: '2026-11-25T13:00:00.000Z' }],
  paymentId: 90,
  paymentStatus: 'Aprovado',
  installments: 3,
  cardBrand: 'master',
  cardLastFour: '6351',
  address: {
    street: 'Avenida Paulista',
    number: '1000',
    complement: 'Apto 12',
    district: 'Bela Vista',
    city: 'São Paulo',
    uf: 'SP',
    cep: '01310100',
  },
  refundedValue: 0,
  refunds: [],
  ...patch,
});

const { fetchMock } = installFetchStub();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function serve(
  order: CustomerOrderDetail | null,
  other: (url: string, method: string) => Response | undefined = () => undefined,
) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const answer = other(url, method);
    if (answer) return answer;
    if (url === '/api/orders/41/details')
      return order ? json(200, { data: order }) : json(404, { message: 'Pedido não encontrado.', code: 'NOT_FOUND' });
    return json(404, { message: 'x', code: 'NOT_FOUND' });
  });
}

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/orders/:id',
        element: (
          <>
            <OrderPage />
            <Toaster />
          </>
        ),
      },
      { path: '/payments', element: <p>Página de pagamento</p> },
    ],
    '/orders/41',
  );

describe('order page', () => {
  test('shows number, badge, items, 3x on the card with brand and last four, the address, next step and timeline', async () => {
    serve(detail());
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido #41' })).toBeTruthy();
    expect(screen.getByText('Processando', { selector: '.order-badge' })).toBeTruthy();
    expect(screen.getByRole('row', { name: 'Ração Premium 10 kg 2 R$ 150,00' })).toBeTruthy();
    expect(screen.getByText('Cartão de Crédito — em 3x de R$ 100,00 — Mastercard final 6351')).toBeTruthy();
    expect(screen.getByText(/Avenida Paulista, 1000, Apto 12/)).toBeTruthy();
    expect(screen.getByRole('status').textContent).toMatch(/^Pagamento confirmado\. Estamos separando/);
    expect(screen.getByRole('list', { name: 'Acompanhamento do pedido #41' })).toBeTruthy();
  });

  test("a pickup order shows the store's name, address and opening hours", async () => {
    const store = {
      id: 2,
      name: 'Loja Pinheiros',
      cep: '05422010',
      street: 'Rua dos Pinheiros',
      number: '500',
      district: 'Pinheiros',
      state_id: 35,
      city_id: 3550308,
      city: { id: 3550308, name: 'São Paulo' },
      state: { id: 35, uf: 'SP' },
      phone: '1133334444',
      pickup: true,
      active: true,
      main: false,
      hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '19:00' })),
    };
    serve(detail({ deliveryMethod: 'Retirada na loja', storeId: 2, address: null }), (url) =>
      url === '/api/stores' ? json(200, { data: [{ ...store, id: 1, name: 'Loja principal' }, store] }) : undefined,
    );
    renderPage();
    const place = await screen.findByText('Loja Pinheiros');
    expect(screen.getByRole('heading', { level: 2, name: 'Retirada' })).toBeTruthy();
    expect(place.closest('address')?.textContent).toBe(
      'Loja PinheirosRua dos Pinheiros, 500 · Pinheiros · São Paulo/SP · CEP 05422-010' +
        'Horário: segunda-feira a sexta-feira, das 09:00 às 19:00',
    );
  });

  test('a refunded, cancelled order shows the refund with its status and a second badge', async () => {
    serve(
      detail({
        status: 'Cancelado',
        paymentStatus: 'Reembolsado',
        refundedValue: 300,
        refunds: [{ id: 1, amount: 300, status: 'concluido', createdAt: '2026-11-25T14:00:00.000Z' }],
      }),
    );
    renderPage();
    const refunds = await screen.findByRole('list', { name: 'Reembolsos' });
    expect(within(refunds).getByRole('listitem').textContent).toBe('Reembolso de R$ 300,00Reembolsado25/11/2026 11:00');
    expect(screen.getByText('Reembolsado', { selector: '.order-badge' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Pedido cancelado. R$ 300,00 foram reembolsados.');
    expect(screen.queryByRole('button', { name: 'Cancelar pedido' })).toBeNull();
  });

  test('cancelling a paid order says the money comes back and calls DELETE /orders/cancel/{id}', async () => {
    serve(detail(), (url, method) =>
      method === 'DELETE' && url === '/api/orders/cancel/41'
        ? json(200, { data: { id: 41, status: 'Cancelado' }, message: 'Pedido cancelado com sucesso!' })
        : undefined,
    );
    const person = userEvent.setup();
    renderPage();
    await person.click(await screen.findByRole('button', { name: 'Cancelar pedido' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar o pedido #41?' });
    expect(within(dialog).getByText(/O valor de R\$ 300,00 volta para você/)).toBeTruthy();
    await person.click(within(dialog).getByRole('button', { name: 'Cancelar pedido' }));
    expect(await screen.findByText('Pedido cancelado com sucesso!')).toBeTruthy();
  });

  test('an expired Pix offers "Tentar novamente": its products go back into the cart, then /payments', async () => {
    serve(
      detail({ status: 'Cancelado', paymentStatus: 'Expirado', paymentMethod: 'Pix', installments: undefined }),
      (url, method) =>
        method === 'POST' && url === '/api/carts/add' ? json(200, { data: { cart: { id: 1 }, items: [] } }) : undefined,
    );
    const person = userEvent.setup();
    renderPage();
    await person.click(await screen.findByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Página de pagamento')).toBeTruthy();
    const add = fetchMock.mock.calls.find(([url]) => String(url) === '/api/carts/add');
    expect(JSON.parse(String(add?.[1]?.body))).toEqual({ productId: 5, quantity: 2 });
  });

  test('a missing order, or one of another customer, reads "Pedido não encontrado."', async () => {
    serve(null);
    renderPage();
    expect(await screen.findByText('Pedido não encontrado.')).toBeTruthy();
    await vi.waitFor(() => expect(screen.getByRole('link', { name: 'Ver meus pedidos' })).toBeTruthy());
  });

  test('3-D Secure: "Confirmar no banco" posts the challenge request to the bank, with the way back', async () => {
    serve(
      detail({
        status: 'Aguardando pagamento',
        paymentStatus: 'Pendente',
        challengeUrl: 'https://acs.example/3ds/77',
        challengeCreq: 'creq-abc',
      }),
    );
    renderPage();
    const button = await screen.findByRole('button', { name: 'Confirmar no banco' });
    const form = button.closest('form');
    expect(form?.getAttribute('action')).toBe('https://acs.example/3ds/77');
    expect(form?.getAttribute('method')).toBe('post');
    const fields = Object.fromEntries(new FormData(form ?? undefined));
    expect(fields).toEqual({ creq: 'creq-abc', return_url: '/orders/41' });
    expect(screen.getByRole('status').textContent).toBe(
      'Seu banco pede uma confirmação do pagamento: toque em "Confirmar no banco".',
    );
  });
});
