import type { CustomerOrder } from '@petshop/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderRoutes } from '../../../test/render';
import { OrdersCard } from './orders-card';

const order = (
  id: number,
  status: CustomerOrder['status'],
  items: CustomerOrder['items'] = [],
  paymentStatus: CustomerOrder['paymentStatus'] = 'Aprovado',
): CustomerOrder => ({
  id,
  // 02:30 UTC is still the 21st in São Paulo.
  orderDate: '2026-11-22T02:30:00.000Z',
  status,
  totalValue: 59.8,
  paymentMethod: 'Pix',
  paymentId: id,
  paymentStatus,
  items,
  deliveryMethod: 'Entrega',
  shippingPrice: 15.9,
  storeId: 1,
  timeline: [
    { status: 'Processando', at: '2026-11-22T02:30:00.000Z' },
    ...(status === 'Processando' ? [] : [{ status, at: '2026-11-23T15:05:00.000Z' }]),
  ],
});

const { fetchMock } = installFetchStub();

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** Answers GET /orders with `orders`, and every other call with `other`. */
function serve(orders: CustomerOrder[], other: () => Response = () => json(200, { data: null, message: 'OK' })) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url.endsWith('/api/orders') && (init?.method ?? 'GET') === 'GET') return json(200, { data: orders });
    return other();
  });
}

const renderCard = () =>
  renderRoutes(
    [
      {
        path: '/user',
        element: (
          <>
            <OrdersCard />
            <Toaster />
          </>
        ),
      },
    ],
    '/user',
  );

const calls = () => fetchMock.mock.calls.map(([input, init]) => `${init?.method ?? 'GET'} ${String(input)}`);

describe('OrdersCard', () => {
  test('cada pedido é um cartão com número, selo de status, data, itens e total, que leva à página do pedido; cancelar só em processamento', async () => {
    serve([
      order(8, 'Processando', [{ productName: 'Ração', quantity: 2, price: 29.9 }]),
      order(7, 'Cancelado', [], 'Reembolsado'),
      order(6, 'Entregue'),
    ]);
    renderCard();
    const eight = await screen.findByRole('link', { name: /^Pedido #8/ });
    expect(eight.getAttribute('href')).toBe('/orders/8');
    expect(eight.textContent).toBe('Pedido #8Processando21/11/2026 · 2 itens · PixR$ 59,80');
    const seven = screen.getByRole('link', { name: /^Pedido #7/ });
    // A refund shows as a second badge.
    expect([...seven.querySelectorAll('.order-badge')].map((badge) => badge.textContent)).toEqual([
      'Cancelado',
      'Reembolsado',
    ]);
    expect(screen.getByRole('button', { name: 'Cancelar pedido #8' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancelar pedido #7' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cancelar pedido #6' })).toBeNull();
  });

  test('um pedido aguardando pagamento mostra o status, reabre o QR Code do Pix e pode ser cancelado', async () => {
    const waiting: CustomerOrder = {
      ...order(9, 'Aguardando pagamento'),
      paymentStatus: 'Pendente',
      txid: 'a'.repeat(30),
      pixCode: '00020101021226830014br.gov.bcb.pix',
      pixQrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
      expiresAt: new Date(Date.now() + 600_000).toISOString(),
    };
    serve([waiting, order(8, 'Processando')], () => json(404, { message: 'Não encontrado.', code: 'NOT_FOUND' }));
    const person = userEvent.setup();
    renderCard();
    expect((await screen.findByRole('link', { name: /^Pedido #9/ })).textContent).toContain('Aguardando pagamento');
    expect(screen.getByRole('button', { name: 'Cancelar pedido #9' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Pagar pedido #8' })).toBeNull();
    await person.click(screen.getByRole('button', { name: 'Pagar pedido #9' }));
    const dialog = await screen.findByRole('dialog', { name: 'Pagamento com Pix' });
    expect(dialog.querySelector('.charge-dialog__order')?.textContent).toBe('Pedido #9 — R$ 59,80');
    expect(
      within(dialog)
        .getByRole('img', { name: /QR Code do Pix/ })
        .getAttribute('src'),
    ).toBe(waiting.pixQrCode);
    expect((within(dialog).getByLabelText('Pix copia e cola') as HTMLTextAreaElement).value).toBe(waiting.pixCode);
    expect(within(dialog).getByText(/Tempo para pagar/).textContent).toMatch(/(09:5\d|10:00)/);
    // Not in sandbox mode (404): no simulated payment.
    expect(within(dialog).queryByRole('button', { name: /Simular pagamento/ })).toBeNull();
  });

  test('sem pedidos (ou 400) mostra "Você ainda não fez nenhum pedido."', async () => {
    fetchMock.mockResolvedValue(json(400, { message: 'x', code: 'BAD_REQUEST' }));
    renderCard();
    expect(await screen.findByText('Você ainda não fez nenhum pedido.')).toBeTruthy();
  });

  test('outra falha mostra "Erro ao buscar pedidos."', async () => {
    fetchMock.mockResolvedValue(json(500, { message: 'Erro interno.', code: 'INTERNAL_ERROR' }));
    renderCard();
    expect(await screen.findByText('Erro ao buscar pedidos.')).toBeTruthy();
  });

  test('cancelar pergunta, chama DELETE /orders/cancel/{id} e avisa a falha', async () => {
    serve([order(8, 'Processando')], () => json(409, { message: 'Conflito', code: 'INVALID_ORDER_STATUS' }));
    const person = userEvent.setup();
    renderCard();
    await person.click(await screen.findByRole('button', { name: 'Cancelar pedido #8' }));
    const dialog = await screen.findByRole('dialog', { name: 'Tem certeza de que deseja cancelar o pedido #8?' });
    await person.click(within(dialog).getByRole('button', { name: 'Sim' }));
    expect(await screen.findByText('Não foi possível cancelar o pedido.')).toBeTruthy();
    expect(calls()).toContain('DELETE /api/orders/cancel/8');
  });

  test('"Não" fecha sem chamar o servidor', async () => {
    serve([order(8, 'Processando')]);
    const person = userEvent.setup();
    renderCard();
    await person.click(await screen.findByRole('button', { name: 'Cancelar pedido #8' }));
    await person.click(screen.getByRole('button', { name: 'Não' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(calls()).toEqual(['GET /api/orders']);
  });
});
