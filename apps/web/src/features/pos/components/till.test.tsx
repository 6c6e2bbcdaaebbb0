import type { PosSession } from '@petshop/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../test/render';
import { Till } from './till';

const { fetchMock } = installFetchStub();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const session: PosSession = {
  id: 3,
  storeId: 1,
  operatorId: 1,
  openingCash: 100,
  openedAt: '2026-12-01T12:00:00Z',
  closedAt: null,
  status: 'Aberto',
  movements: [],
  expected: { dinheiro: 100, pix: 0, credito: 0, debito: 0 },
  report: null,
  salesCount: 0,
};

function serve() {
  const posts: unknown[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (init?.method === 'POST') {
      posts.push(JSON.parse(String(init.body)));
      return json(400, { message: 'não devia chegar aqui', code: 'BAD_REQUEST' });
    }
    if (url === '/api/products/7') return json(200, { data: { id: 7, name: 'Ração Premium', price: 12.5 } });
    if (url === '/api/payments/config') return json(200, { data: { methods: ['Pix', 'Dinheiro'] } });
    return json(404, { message: 'Não encontrado.', code: 'NOT_FOUND' });
  });
  return posts;
}

describe('the till sale form', () => {
  test('an amount that is not a number gets the schema message and nothing is sent', async () => {
    const posts = serve();
    const person = userEvent.setup();
    renderWithQueries(<Till session={session} />);
    await person.type(screen.getByLabelText('Código de barras ou código do produto'), '7{Enter}');
    await screen.findByText('1 × Ração Premium');
    expect(screen.getByText('Total: R$ 12,50')).toBeTruthy();
    await person.type(screen.getByLabelText('Dinheiro recebido (R$)'), 'doze');
    await person.click(screen.getByRole('button', { name: 'Finalizar venda' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Informe o valor do pagamento.');
    await waitFor(() => expect(posts).toHaveLength(0));
  });
});
