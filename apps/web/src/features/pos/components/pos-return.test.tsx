import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test, vi } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../test/render';
import { PosReturn } from './pos-return';

const { fetchMock } = installFetchStub();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const payment = {
  received: null,
  installments: null,
  nsu: null,
  authorizationCode: null,
  status: 'Aprovado',
  pix: null,
};
const line = { serviceId: null, packageId: null, productId: null, petId: null };
/** Sale #12: 3 bags (one came back already) and a bath; R$ 30,00 cash (R$ 20,00 given back) and R$ 70,00 debit. */
const sale = {
  id: 12,
  sessionId: 3,
  storeId: 1,
  status: 'Concluída',
  customerId: null,
  cpf: null,
  items: [
    {
      ...line,
      id: 1,
      kind: 'produto',
      productId: 7,
      name: 'Ração Premium',
      quantity: 3,
      unitPrice: 20,
      total: 60,
      returnedQuantity: 1,
    },
    {
      ...line,
      id: 2,
      kind: 'servico',
      serviceId: 4,
      petId: 9,
      name: 'Banho',
      quantity: 1,
      unitPrice: 40,
      total: 40,
      returnedQuantity: 0,
    },
    {
      ...line,
      id: 3,
      kind: 'pacote',
      packageId: 5,
      petId: 9,
      name: 'Pacote 4 banhos',
      quantity: 1,
      unitPrice: 0,
      total: 0,
      returnedQuantity: 1,
    },
  ],
  subtotal: 100,
  discount: 0,
  total: 100,
  change: 0,
  payments: [
    { ...payment, id: 1, method: 'Dinheiro', amount: 30, refunded: 20 },
    { ...payment, id: 2, method: 'Cartão de Débito', amount: 70, refunded: 0 },
  ],
  createdAt: '2026-11-26T13:00:00Z',
  completedAt: '2026-11-26T13:00:00Z',
};
const returned = {
  id: 40,
  saleId: 12,
  total: 80,
  items: [
    { saleItemId: 2, kind: 'servico', productId: null, quantity: 1, amount: 40 },
    { saleItemId: 1, kind: 'produto', productId: 7, quantity: 2, amount: 40 },
  ],
  refunds: [
    { method: 'Dinheiro', amount: 10 },
    { method: 'Cartão de Débito', amount: 70 },
  ],
  createdAt: '2026-11-26T14:00:00Z',
};

interface Call {
  method: string;
  url: string;
  key: string | undefined;
  body: unknown;
}

function serve(returns: Response[] = [json(201, { data: returned, message: 'Devolução registrada.' })]) {
  const calls: Call[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    const method = init?.method ?? 'GET';
    const headers = (init?.headers ?? {}) as Record<string, string>;
    calls.push({
      method,
      url,
      key: headers['idempotency-key'],
      body: init?.body ? JSON.parse(String(init.body)) : null,
    });
    if (method === 'GET' && url === '/api/pos/sales/12') return json(200, { data: sale });
    if (method === 'POST' && url === '/api/pos/sales/12/returns')
      return returns.shift() ?? json(201, { data: returned, message: 'Devolução registrada.' });
    return json(404, { message: 'Venda não encontrada.', code: 'NOT_FOUND' });
  });
  return calls;
}

async function findSale(person: ReturnType<typeof userEvent.setup>, number = '12') {
  await person.type(screen.getByLabelText('Número da venda'), `${number}{Enter}`);
}

describe('Devolução no caixa', () => {
  test('never more than sold minus returned; confirms the money back per method and prints the receipt', async () => {
    const calls = serve();
    const onBack = vi.fn();
    const person = userEvent.setup();
    renderWithQueries(<PosReturn onBack={onBack} />);
    await findSale(person);
    const lines = await screen.findByRole('list', { name: 'Itens da venda para devolver' });
    // The package came back already: nothing to tick.
    expect(within(lines).getByText('Já devolvido')).toBeTruthy();
    expect(within(lines).queryByLabelText('Devolver Pacote 4 banhos inteiro')).toBeNull();
    const more = within(lines).getByRole('button', { name: 'Uma unidade a mais de Ração Premium' });
    await person.click(more);
    await person.click(more);
    // 3 sold, 1 back already: 2 at most.
    expect(more).toHaveProperty('disabled', true);
    const units = within(lines).getByLabelText('Devolver unidades de Ração Premium (até 2)') as HTMLInputElement;
    expect(units.value).toBe('2');
    await person.clear(units);
    await person.type(units, '9');
    expect(units.value).toBe('2');
    await person.click(within(lines).getByLabelText('Devolver Banho inteiro'));
    expect(screen.getByText('A devolver: R$ 80,00')).toBeTruthy();

    await person.click(screen.getByRole('button', { name: 'Revisar devolução' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar a devolução da venda #12' });
    const methods = within(dialog).getByRole('list', { name: 'Valor devolvido por forma de pagamento' });
    // Cash has only R$ 10,00 left to give back; the debit card takes the rest.
    expect(within(methods).getByText('Dinheiro: R$ 10,00')).toBeTruthy();
    expect(within(methods).getByText('Cartão de Débito: R$ 70,00')).toBeTruthy();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await person.click(within(dialog).getByRole('button', { name: 'Confirmar devolução' }));

    const receipt = await screen.findByRole('region', { name: 'Comprovante de devolução' });
    expect(within(receipt).getByText('Total devolvido: R$ 80,00')).toBeTruthy();
    expect(within(receipt).getByText('Dinheiro: R$ 10,00')).toBeTruthy();
    expect(within(receipt).getByText(/1 × Banho/)).toBeTruthy();
    expect(within(receipt).getByText(/2 × Ração Premium/)).toBeTruthy();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({ items: [{ productId: 7, quantity: 2 }, { saleItemId: 2 }] });
    expect(post?.key).toMatch(/^[\w.:-]{8,100}$/);
    await person.click(screen.getByRole('button', { name: 'Voltar ao caixa' }));
    expect(onBack).toHaveBeenCalled();
  });

  test('a refusal shows the server message; the retry sends the same key', async () => {
    const calls = serve([
      json(409, {
        message:
          '"Pacote 4 banhos": créditos deste pacote já foram usados ou venceram, então ele não pode ser devolvido.',
        code: 'PACKAGE_CREDITS_USED',
      }),
    ]);
    const person = userEvent.setup();
    renderWithQueries(<PosReturn onBack={() => {}} />);
    await findSale(person);
    await person.click(await screen.findByRole('button', { name: 'Uma unidade a mais de Ração Premium' }));
    await person.click(screen.getByRole('button', { name: 'Revisar devolução' }));
    const dialog = await screen.findByRole('dialog');
    await person.click(within(dialog).getByRole('button', { name: 'Confirmar devolução' }));
    await within(dialog).findByText(/créditos deste pacote já foram usados/);
    await person.click(within(dialog).getByRole('button', { name: 'Tentar de novo' }));
    await screen.findByRole('region', { name: 'Comprovante de devolução' });
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect(posts[1]?.key).toBe(posts[0]?.key);
  });

  test('nothing picked: no review; a sale not found shows the message and a retry', async () => {
    const calls = serve();
    const person = userEvent.setup();
    renderWithQueries(<PosReturn onBack={() => {}} />);
    await findSale(person, '99');
    await screen.findByText('Venda não encontrada.');
    const gets = () => calls.filter((c) => c.url === '/api/pos/sales/99').length;
    expect(gets()).toBe(1);
    await person.click(screen.getByRole('button', { name: 'Tentar de novo' }));
    await waitFor(() => expect(gets()).toBe(2));
    await person.clear(screen.getByLabelText('Número da venda'));
    await findSale(person);
    await screen.findByRole('list', { name: 'Itens da venda para devolver' });
    expect(screen.getByRole('button', { name: 'Revisar devolução' })).toHaveProperty('disabled', true);
  });
});
