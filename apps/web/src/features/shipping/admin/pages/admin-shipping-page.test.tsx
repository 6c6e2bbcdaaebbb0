import type { ShippingTable } from '@petshop/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, test, vi } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../../test/render';
import { AdminShippingPage } from './admin-shipping-page';

const table: ShippingTable = {
  rates: [
    { uf: 'RJ', price: 19.9, days: 5 },
    { uf: 'SP', price: 15.9, days: 3 },
  ],
  freeAbove: 199,
};

const { fetchMock } = installFetchStub();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function serve(put: () => Response) {
  fetchMock.mockImplementation(async (_input, init) => (init?.method === 'PUT' ? put() : json(200, { data: table })));
}

const sent = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init?.body)));

const renderPage = () =>
  renderWithQueries(
    <>
      <AdminShippingPage />
      <Toaster />
    </>,
  );

describe('AdminShippingPage', () => {
  test('mostra a tabela e salva só as UFs marcadas, com os valores digitados', async () => {
    serve(() => json(200, { data: table, message: 'Tabela de fretes atualizada com sucesso!' }));
    const person = userEvent.setup();
    renderPage();
    const sp = await screen.findByLabelText('Frete para SP (R$)');
    expect((sp as HTMLInputElement).value).toBe('R$ 15,90');
    expect(screen.getByLabelText('Frete para AC (R$)')).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Frete grátis a partir de (R$)')).toHaveProperty('value', 'R$ 199,00');
    await person.click(screen.getByLabelText('Entregamos em RJ'));
    await person.clear(sp);
    await person.type(sp, '12.5');
    await person.click(screen.getByLabelText('Entregamos em AC'));
    await person.type(screen.getByLabelText('Frete para AC (R$)'), '45');
    await person.type(screen.getByLabelText('Prazo para AC (dias)'), '20');
    await person.clear(screen.getByLabelText('Frete grátis a partir de (R$)'));
    await person.click(screen.getByRole('button', { name: 'Salvar tabela' }));
    expect(await screen.findByText('Tabela de fretes atualizada com sucesso!')).toBeTruthy();
    expect(sent()).toEqual([
      {
        rates: [
          { uf: 'AC', price: 45, days: 20 },
          { uf: 'SP', price: 12.5, days: 3 },
        ],
        freeAbove: null,
      },
    ]);
  });

  test('um prazo inválido fica ao lado da UF e nada é enviado; o erro do servidor também', async () => {
    serve(() =>
      json(400, {
        message: 'Dados inválidos.',
        code: 'VALIDATION_ERROR',
        details: [{ field: 'rates.1.price', message: 'Valor acima do permitido.' }],
      }),
    );
    const person = userEvent.setup();
    renderPage();
    const days = await screen.findByLabelText('Prazo para RJ (dias)');
    await person.clear(days);
    await person.type(days, '0');
    await person.click(screen.getByRole('button', { name: 'Salvar tabela' }));
    expect(await screen.findByText('O prazo deve ser de ao menos 1 dia.')).toBeTruthy();
    expect(screen.getByLabelText('Prazo para RJ (dias)').getAttribute('aria-invalid')).toBe('true');
    expect(sent()).toEqual([]);

    await person.clear(days);
    await person.type(days, '5');
    await person.click(screen.getByRole('button', { name: 'Salvar tabela' }));
    await vi.waitFor(() => expect(sent()).toHaveLength(1));
    expect(await screen.findByText('Valor acima do permitido.')).toBeTruthy();
    expect(screen.getByLabelText('Frete para SP (R$)').getAttribute('aria-invalid')).toBe('true');
  });
});
