import type { AdminOrder, StoreView } from '@petshop/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../../test/render';
import { AdminSalesPage } from './admin-sales-page';

const order = (
  orderId: number,
  status: AdminOrder['status'],
  deliveryMethod: AdminOrder['deliveryMethod'] = 'Entrega',
): AdminOrder => ({
  orderId,
  userId: 40 + orderId,
  userName: `Cliente ${orderId}`,
  userEmail: `cliente${orderId}@exemplo.com.br`,
  totalValue: 150.9,
  status,
  orderDate: '2026-03-10T15:30:00.000Z',
  items: [{ productName: 'Coleira', quantity: 2 }],
  addresses:
    deliveryMethod === 'Entrega'
      ? {
          street: 'Rua Barão de Jaguara',
          number: '120',
          complement: 'Apto 3',
          district: 'Centro',
          city: 'Campinas',
          cep: '13010000',
        }
      : null,
  deliveryMethod,
  shippingPrice: deliveryMethod === 'Entrega' ? 15.9 : 0,
  storeId: 1,
  timeline: [
    { status: 'Processando', at: '2026-03-10T15:30:00.000Z' },
    ...(status === 'Processando' ? [] : [{ status, at: '2026-03-11T13:05:00.000Z' }]),
  ],
  paymentMethod: 'Pix',
  paymentStatus: 'Aprovado',
  refundDue: false,
  refundedValue: 0,
});

const store = (id: number, name: string, street: string, cep: string): StoreView => ({
  id,
  name,
  cep,
  street,
  number: '500',
  district: 'Pinheiros',
  state_id: 35,
  city_id: 3550308,
  city: { id: 3550308, name: 'São Paulo' },
  state: { id: 35, uf: 'SP' },
  phone: '1133334444',
  pickup: true,
  active: true,
  main: id === 1,
  hours: [1, 2, 3, 4, 5].map((weekday) => ({ weekday, start: '09:00', end: '19:00' })),
});
const MAIN_STORE = store(1, 'Loja principal', 'Avenida Paulista', '01310100');
const PINHEIROS = store(2, 'Loja Pinheiros', 'Rua dos Pinheiros', '05422010');

const { fetchMock } = installFetchStub();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function serve(orders: AdminOrder[]) {
  fetchMock.mockImplementation(async (input, init) => {
    if (init?.method === 'PUT')
      return json(200, { data: { id: 1, status: 'Enviado' }, message: 'Pedido marcado como enviado!' });
    if ((init?.method ?? 'GET') !== 'GET')
      return json(200, { data: { id: 1, status: 'Cancelado' }, message: 'Pedido cancelado com sucesso!' });
    if (String(input) === '/api/stores') return json(200, { data: [MAIN_STORE, PINHEIROS] });
    if (String(input).startsWith('/api/orders/all/users'))
      return json(200, { data: orders, meta: { total: orders.length, limit: 20, offset: 0 } });
    return json(404, { message: 'Não encontrado.', code: 'NOT_FOUND' });
  });
}

const renderPage = () =>
  renderWithQueries(
    <MemoryRouter>
      <AdminSalesPage />
      <Toaster />
    </MemoryRouter>,
  );

describe('AdminSalesPage', () => {
  test('cancelar só em Processando, excluir só em Cancelado e nunca pago', async () => {
    const unpaid = { ...order(2, 'Cancelado'), paymentStatus: 'Cancelado' as const };
    const refunded = { ...order(6, 'Cancelado'), paymentStatus: 'Reembolsado' as const, refundedValue: 150.9 };
    serve([order(1, 'Processando'), unpaid, order(3, 'Entregue'), refunded]);
    renderPage();
    await screen.findByRole('table', { name: 'Pedidos Realizados' });
    expect(screen.getByRole('button', { name: 'Cancelar pedido #1' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Excluir pedido #1' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Excluir pedido #2' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar pedido #2' })).toBeNull();
    // Paid, then cancelled and refunded: part of the books, never deleted (409 ORDER_PAID).
    expect(screen.queryByRole('button', { name: 'Excluir pedido #6' })).toBeNull();
    expect(screen.queryByRole('button', { name: /pedido #3/ })?.getAttribute('aria-label')).toBe('Ver pedido #3');
    expect(screen.getAllByText('R$ 150,90')).toHaveLength(4);
    expect(screen.getAllByText('Entrega', { selector: 'td' })).toHaveLength(4);
    expect(screen.getByRole('link', { name: 'Cliente 2' }).getAttribute('href')).toBe(
      '/adminUsers?q=cliente2%40exemplo.com.br',
    );
  });

  test('mostra método e status do pagamento e o estorno pendente; um pedido aguardando pagamento não é entregue', async () => {
    const waiting = { ...order(4, 'Aguardando pagamento'), paymentStatus: 'Pendente' as const };
    const refund = { ...order(5, 'Cancelado'), paymentStatus: 'Aprovado' as const, refundDue: true };
    serve([waiting, refund]);
    const person = userEvent.setup();
    renderPage();
    await screen.findByRole('table', { name: 'Pedidos Realizados' });
    expect(screen.getByText('Pix — Pendente')).toBeTruthy();
    expect(screen.getByText('Pix — Aprovado (estorno pendente)')).toBeTruthy();
    expect(screen.getByText('Aguardando pagamento', { selector: 'td' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar pedido #4' })).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Ver pedido #4' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido #4' });
    expect(within(dialog).getByText(/Pix — Pendente/)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Marcar como entregue' })).toBeNull();
  });

  test('o detalhe mostra usuário, itens, endereço, total e status', async () => {
    serve([order(1, 'Processando')]);
    const person = userEvent.setup();
    renderPage();
    await person.click(await screen.findByRole('button', { name: 'Ver pedido #1' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido #1' });
    expect(within(dialog).getByRole('link', { name: 'Cliente 1' }).getAttribute('href')).toBe(
      '/adminUsers?q=cliente1%40exemplo.com.br',
    );
    expect(within(dialog).getByText('Coleira')).toBeTruthy();
    expect(
      within(dialog).getByText(/Rua Barão de Jaguara, 120, Apto 3 — Centro — Campinas — CEP 13010-000/),
    ).toBeTruthy();
    expect(within(dialog).getByText('R$ 150,90')).toBeTruthy();
    expect(within(dialog).getByText('R$ 15,90')).toBeTruthy();
    expect(within(dialog).getByText('Entrega')).toBeTruthy();
    expect(within(dialog).getAllByText('10/03/2026 12:30')).toHaveLength(2);
    // The status table: a processing delivery can be shipped, nothing else.
    expect(within(dialog).getByRole('button', { name: 'Marcar como enviado' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Marcar como entregue' })).toBeNull();
    expect(within(dialog).queryByRole('button', { name: 'Pronto para retirada' })).toBeNull();
    await person.click(within(dialog).getByRole('button', { name: 'Marcar como enviado' }));
    const write = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(write?.[0]).toBe('/api/orders/1');
    expect(JSON.parse(String(write?.[1]?.body))).toEqual({ status: 'Enviado' });
  });

  test('retirada: a loja do pedido com endereço e horário, "Pronto para retirada" e depois só "Marcar como entregue"', async () => {
    serve([
      { ...order(2, 'Processando', 'Retirada na loja'), storeId: 2 },
      order(3, 'Pronto para retirada', 'Retirada na loja'),
    ]);
    const person = userEvent.setup();
    renderPage();
    await person.click(await screen.findByRole('button', { name: 'Ver pedido #2' }));
    const first = await screen.findByRole('dialog', { name: 'Pedido #2' });
    expect(within(first).getByText('O cliente retira o pedido na loja.')).toBeTruthy();
    // The store that hands it over, not the first or main one.
    const place = await within(first).findByText('Loja Pinheiros');
    expect(place.closest('address')?.textContent).toBe(
      'Loja PinheirosRua dos Pinheiros, 500 · Pinheiros · São Paulo/SP · CEP 05422-010' +
        'Horário: segunda-feira a sexta-feira, das 09:00 às 19:00',
    );
    expect(within(first).getByText('Grátis')).toBeTruthy();
    expect(within(first).getByRole('button', { name: 'Pronto para retirada' })).toBeTruthy();
    expect(within(first).queryByRole('button', { name: 'Marcar como enviado' })).toBeNull();
    await person.keyboard('{Escape}');
    await person.click(screen.getByRole('button', { name: 'Ver pedido #3' }));
    const ready = await screen.findByRole('dialog', { name: 'Pedido #3' });
    expect(within(ready).getByRole('button', { name: 'Marcar como entregue' })).toBeTruthy();
    expect(within(ready).queryByRole('button', { name: 'Pronto para retirada' })).toBeNull();
    expect(within(ready).getByRole('list', { name: 'Acompanhamento do pedido #3' }).textContent).toBe(
      'Processando10/03/2026 12:30Pronto para retirada11/03/2026 10:05',
    );
    expect(screen.queryByRole('button', { name: 'Cancelar pedido #3' })).toBeNull();
  });

  test('cancelar pede confirmação e chama a rota de admin', async () => {
    serve([order(5, 'Processando')]);
    const person = userEvent.setup();
    renderPage();
    await person.click(await screen.findByRole('button', { name: 'Cancelar pedido #5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancelar pedido' });
    within(dialog).getByText(
      'Tem certeza de que deseja cancelar o pedido #5? R$ 150,90 voltam ao cliente automaticamente.',
    );
    await person.click(within(dialog).getByRole('button', { name: 'Sim' }));
    await screen.findByText('Pedido cancelado com sucesso!');
    const write = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(write?.[0]).toBe('/api/orders/admin/cancel/5');
  });

  test('sem pedidos mostra "Nenhum pedido disponível."', async () => {
    serve([]);
    renderPage();
    await screen.findByText('Nenhum pedido disponível.');
  });

  test('"Reembolsar": o total por padrão, com motivo e confirmação; o histórico mostra cada status e o boleto se confirma à mão', async () => {
    const paid = { ...order(6, 'Entregue'), paymentMethod: 'Cartão de Crédito' as const };
    const boleto = {
      ...order(7, 'Cancelado'),
      paymentMethod: 'Boleto' as const,
      paymentStatus: 'Reembolso pendente' as const,
      refundedValue: 150.9,
    };
    const refunds: Record<number, unknown[]> = {
      6: [],
      7: [
        {
          id: 31,
          amount: 150.9,
          reason: 'Pedido cancelado',
          kind: 'manual',
          status: 'pendente',
          createdAt: '2026-03-11T13:00:00.000Z',
        },
      ],
    };
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      const method = init?.method ?? 'GET';
      if (url.startsWith('/api/orders/all/users'))
        return json(200, { data: [paid, boleto], meta: { total: 2, limit: 20, offset: 0 } });
      const history = /^\/api\/orders\/(\d+)\/refunds$/.exec(url);
      if (history && method === 'GET') return json(200, { data: refunds[Number(history[1])] ?? [] });
      if (url === '/api/orders/6/refund' && method === 'POST')
        return json(201, {
          data: {
            refund: {
              id: 32,
              amount: 150.9,
              reason: 'Produto com defeito',
              kind: 'card',
              status: 'concluido',
              createdAt: '2026-03-12T13:00:00.000Z',
            },
            payment: { id: 6, status: 'Reembolsado', refundedValue: 150.9 },
          },
          message: 'Reembolso feito! O cliente foi avisado.',
        });
      if (url === '/api/orders/7/refunds/31/confirm' && method === 'POST')
        return json(200, {
          data: {
            refund: { ...(refunds[7]?.[0] as object), status: 'concluido' },
            payment: { id: 7, status: 'Reembolsado', refundedValue: 150.9 },
          },
          message: 'Reembolso confirmado. O cliente foi avisado.',
        });
      return json(404, { message: 'Não encontrado.', code: 'NOT_FOUND' });
    });
    const person = userEvent.setup();
    renderPage();
    await person.click(await screen.findByRole('button', { name: 'Ver pedido #6' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pedido #6' });
    await within(dialog).findByText('Nenhum reembolso.');
    await person.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect((within(dialog).getByLabelText('Valor do reembolso') as HTMLInputElement).value).toBe('R$ 150,90');
    await person.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Informe o motivo do reembolso.');
    await person.type(within(dialog).getByLabelText('Motivo'), 'Produto com defeito');
    await person.click(within(dialog).getByRole('button', { name: 'Reembolsar' }));
    const confirm = await screen.findByRole('dialog', { name: 'Reembolsar R$ 150,90 do pedido #6?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await person.click(within(confirm).getByRole('button', { name: 'Reembolsar' }));
    await screen.findByText('Reembolso feito! O cliente foi avisado.');
    const write = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    // The whole rest: no amount, the server refunds exactly what is left.
    expect(JSON.parse(String(write?.[1]?.body))).toEqual({ reason: 'Produto com defeito' });
    expect(new Headers(write?.[1]?.headers).get('idempotency-key')).toMatch(/^reembolso-/);
    await person.keyboard('{Escape}');

    await person.click(screen.getByRole('button', { name: 'Ver pedido #7' }));
    const cancelled = await screen.findByRole('dialog', { name: 'Pedido #7' });
    const list = await within(cancelled).findByRole('list', { name: 'Reembolsos do pedido #7' });
    expect(within(list).getByText('Reembolso pendente')).toBeTruthy();
    expect(within(list).getByText(/Transferência manual/)).toBeTruthy();
    // Nothing more may go back: the whole amount is under way.
    expect(within(cancelled).queryByRole('button', { name: 'Reembolsar' })).toBeNull();
    await person.click(within(list).getByRole('button', { name: 'Confirmar transferência' }));
    await screen.findByText('Reembolso confirmado. O cliente foi avisado.');
  });
});
