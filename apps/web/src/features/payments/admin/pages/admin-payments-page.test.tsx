import { type LedgerPayment, type LedgerPaymentsMeta, ROLES } from '@petshop/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { saveSession } from '../../../../lib/session';
import { installFetchStub, renderRoutes } from '../../../../test/render';
import { AdminPaymentsPage } from './admin-payments-page';

const { fetchMock } = installFetchStub();

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const cash: LedgerPayment = {
  id: 41,
  owner: { kind: 'pos_sale', id: 12 },
  storeId: 1,
  method: 'Dinheiro',
  amount: 30,
  status: 'Parcialmente reembolsado',
  refunded: 10,
  createdAt: '2026-11-20T13:00:00.000Z',
  settledAt: '2026-11-20T13:00:00.000Z',
};
const card: LedgerPayment = {
  id: 42,
  owner: { kind: 'pos_sale', id: 12 },
  storeId: 1,
  method: 'Cartão de Crédito',
  amount: 20,
  status: 'Aprovado',
  refunded: 0,
  nsu: '5150',
  installments: 3,
  createdAt: '2026-11-20T13:00:00.000Z',
};

const meta = (total: number): LedgerPaymentsMeta => ({
  total,
  limit: 20,
  offset: 0,
  totals: { Pix: 0, 'Cartão de Crédito': 20, 'Cartão de Débito': 0, Boleto: 0, 'Pix Automático': 0, Dinheiro: 30 },
  refunded: 10,
});

/** GET /admin/payments answers `answer(query)`; GET /admin/stores one store; every query is kept. */
function serve(answer: (query: URLSearchParams) => Response) {
  const queries: URLSearchParams[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://x'), init);
    const url = new URL(request.url);
    if (url.pathname === '/api/admin/stores') return json(200, { data: [{ id: 1, name: 'Loja principal' }] });
    if (url.pathname === '/api/admin/payments') {
      queries.push(url.searchParams);
      return answer(url.searchParams);
    }
    return json(404, { message: 'não encontrado', code: 'NOT_FOUND' });
  });
  return queries;
}

const signIn = () =>
  saveSession({ id: 1, name: 'Dona', email: 'dono@petshop.test', cpf: '', phone: '', role: ROLES.admin }, 'token');
const open = () => renderRoutes([{ path: '/adminPayments', element: <AdminPaymentsPage /> }], '/adminPayments');

describe('Pagamentos', { timeout: 15_000 }, () => {
  test('lists each payment with its origin, money in reais, NSU and the totals by method', async () => {
    signIn();
    serve(() => json(200, { data: [cash, card], meta: meta(2) }));
    open();
    const table = await screen.findByRole('table', { name: 'Pagamentos' });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(within(rows[1] as HTMLElement).getByText('Venda no balcão nº 12')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('R$ 30,00')).toBeTruthy();
    expect(within(rows[1] as HTMLElement).getByText('R$ 10,00')).toBeTruthy();
    expect(within(rows[2] as HTMLElement).getByText('NSU 5150 · 3x')).toBeTruthy();
    const totals = screen.getByLabelText('Totais do período');
    expect(within(totals).getByText('Dinheiro').nextSibling?.textContent).toBe('R$ 30,00');
    expect(within(totals).getByText('Cartão de Crédito').nextSibling?.textContent).toBe('R$ 20,00');
    expect(within(totals).queryByText('Boleto')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('Mostrando 2 de 2 pagamentos');
  });

  test('sends the filters the server understands', async () => {
    signIn();
    const queries = serve(() => json(200, { data: [cash], meta: meta(1) }));
    open();
    await screen.findByRole('table', { name: 'Pagamentos' });
    const person = userEvent.setup();
    await person.selectOptions(screen.getByLabelText('Método'), 'Dinheiro');
    await person.selectOptions(screen.getByLabelText('Origem'), 'pos_sale');
    await screen.findByRole('option', { name: 'Loja principal' });
    await person.selectOptions(screen.getByLabelText('Loja'), '1');
    await waitFor(() => {
      const last = queries.at(-1);
      expect(last?.get('method')).toBe('Dinheiro');
      expect(last?.get('ownerKind')).toBe('pos_sale');
      expect(last?.get('storeId')).toBe('1');
      expect(last?.has('status')).toBe(false);
    });
  });

  test('says when nothing matches, and shows the error with a retry', async () => {
    signIn();
    let fail = true;
    serve(() =>
      fail
        ? json(500, { message: 'Falha ao ler o livro.', code: 'X' })
        : json(200, { data: [], meta: { ...meta(0), refunded: 0 } }),
    );
    open();
    expect(await screen.findByText('Falha ao ler o livro.')).toBeTruthy();
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Nenhum pagamento com estes filtros.')).toBeTruthy();
  });
});
