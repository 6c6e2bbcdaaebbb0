import type { CustomerOrder } from '@petshop/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../test/render';
import { type Charge, ChargeDialog } from './charge-dialog';

const charge: Charge = {
  paymentId: 7,
  txid: 'a'.repeat(30),
  pixCode: '00020101021226830014br.gov.bcb.pix',
  pixQrCode: 'data:image/svg+xml;base64,PHN2Zy8+',
  expiresAt: new Date(Date.now() + 90_000).toISOString(),
};

const order = (status: CustomerOrder['status'], paymentStatus: CustomerOrder['paymentStatus']): CustomerOrder => ({
  id: 3,
  orderDate: '2026-11-22T12:00:00.000Z',
  status,
  totalValue: 10,
  paymentMethod: 'Pix',
  deliveryMethod: 'Retirada na loja',
  shippingPrice: 0,
  storeId: 1,
  timeline: [{ status, at: '2026-11-22T12:00:00.000Z' }],
  paymentId: 7,
  paymentStatus,
  items: [],
});

const { fetchMock } = installFetchStub();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** The order as the server has it now; the sandbox answers per `sandbox`; the simulated payment settles it. */
function serve(initial: CustomerOrder, sandbox: boolean) {
  let current = initial;
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (url === '/api/orders/7') return json(200, { data: current });
    if (url === '/api/sandbox/pix/mode')
      return sandbox ? json(200, { data: { sandbox: true } }) : json(404, { message: 'x', code: 'NOT_FOUND' });
    if (url.endsWith('/pay') && init?.method === 'POST') {
      current = order('Processando', 'Aprovado');
      return json(200, { data: { txid: charge.txid, status: 'CONCLUIDA' }, message: 'Pagamento simulado.' });
    }
    return json(404, { message: 'x', code: 'NOT_FOUND' });
  });
}

const renderDialog = (onPaid = vi.fn(), onRetry?: () => void, shown: Charge = charge) => {
  renderWithQueries(
    <ChargeDialog
      charge={shown}
      orderId={3}
      amount={10}
      message="Pedido criado!"
      onPaid={onPaid}
      onClose={vi.fn()}
      onRetry={onRetry}
    />,
  );
  return onPaid;
};

describe('ChargeDialog', () => {
  test('mostra QR, copia e cola, contagem; no ambiente de testes simula o pagamento e segue até pago', async () => {
    serve(order('Aguardando pagamento', 'Pendente'), true);
    const person = userEvent.setup();
    const onPaid = renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'Pagamento com Pix' });
    expect(dialog.querySelector('.charge-dialog__order')?.textContent).toBe('Pedido #3 — R$ 10,00');
    expect(within(dialog).getByRole('status').textContent).toBe('Pedido criado!');
    expect(
      within(dialog)
        .getByRole('img', { name: /QR Code do Pix/ })
        .getAttribute('src'),
    ).toBe(charge.pixQrCode);
    expect(within(dialog).getByText(/Tempo para pagar/).textContent).toMatch(/01:(2\d|30)/);
    await person.click(await within(dialog).findByRole('button', { name: 'Simular pagamento (ambiente de testes)' }));
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toBe('Pagamento realizado com sucesso!'),
    );
    expect(within(dialog).queryByRole('img')).toBeNull();
    expect(onPaid).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledOnce(), { timeout: 3000 });
  });

  test('um Pix expirado diz que o prazo terminou e o pedido foi cancelado, e oferece "Tentar novamente"; sem ambiente de testes não há simulação', async () => {
    serve(order('Cancelado', 'Expirado'), false);
    const onRetry = vi.fn();
    const person = userEvent.setup();
    const onPaid = renderDialog(vi.fn(), onRetry);
    const dialog = await screen.findByRole('dialog', { name: 'Pagamento com Pix' });
    await vi.waitFor(() =>
      expect(within(dialog).getByRole('status').textContent).toBe(
        'O prazo para pagar este Pix terminou e o pedido foi cancelado.',
      ),
    );
    expect(within(dialog).queryByLabelText('Pix copia e cola')).toBeNull();
    expect(within(dialog).getByRole('button', { name: 'Ver pedido' })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: /Simular/ })).toBeNull();
    await person.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(onPaid).not.toHaveBeenCalled();
  });

  test('o boleto mostra a linha digitável agrupada como impressa, copia só os dígitos e baixa o PDF', async () => {
    const line = '23793381286000000000300000000402197250000010000';
    serve({ ...order('Aguardando pagamento', 'Pendente'), paymentMethod: 'Boleto' }, false);
    renderDialog(vi.fn(), undefined, {
      paymentId: 7,
      boletoCode: line,
      boletoUrl: 'https://psp.example/boleto/7.pdf',
      dueDate: '2026-11-28',
    });
    const dialog = await screen.findByRole('dialog', { name: 'Pagamento com boleto' });
    expect((within(dialog).getByLabelText('Linha digitável do boleto') as HTMLTextAreaElement).value).toBe(
      '23793.38128 60000.000003 00000.000402 1 97250000010000',
    );
    expect(within(dialog).getByRole('link', { name: 'Baixar boleto (PDF)' }).getAttribute('href')).toBe(
      'https://psp.example/boleto/7.pdf',
    );
    expect(dialog.querySelector('.charge-dialog__order')?.textContent).toBe('Pedido #3 — R$ 10,00');
    expect(within(dialog).getByText(/Vencimento/).textContent).toBe('Vencimento: 28/11/2026');
  });
});
