import type { PackageView } from '@petshop/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, test, vi } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../../test/render';
import { PackageForm } from './package-form';

const { fetchMock } = installFetchStub();

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** GET /services, and the save answering `saved`; what was sent is in the returned list. */
function serve(saved: { status: number; body: unknown }) {
  const sent: { method: string; url: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://x'), init);
    const url = new URL(request.url);
    if (url.pathname === '/api/services') {
      return json(200, {
        data: [
          { id: 1, name: 'Banho' },
          { id: 2, name: 'Tosa' },
        ],
      });
    }
    sent.push({ method: request.method, url: url.pathname, body: await request.json() });
    return json(saved.status, saved.body);
  });
  return sent;
}

const bath: PackageView = {
  id: 5,
  name: '4 banhos',
  serviceId: 1,
  serviceName: 'Banho',
  size: 'Médio',
  credits: 4,
  validityDays: 45,
  price: 300,
  active: true,
};

describe('PackageForm', { timeout: 15_000 }, () => {
  test('um pacote novo vai com o serviço, todos os portes, créditos, validade e preço; salvo, avisa e fecha', async () => {
    const sent = serve({ status: 201, body: { data: {}, message: 'Pacote cadastrado.' } });
    const onDone = vi.fn();
    renderWithQueries(
      <>
        <PackageForm onDone={onDone} />
        <Toaster />
      </>,
    );
    const person = userEvent.setup();
    const form = screen.getByRole('form', { name: 'Novo pacote' });
    expect(form).toBeTruthy();
    await person.type(screen.getByLabelText('Nome'), '4 tosas');
    await screen.findByRole('option', { name: 'Tosa' });
    await person.selectOptions(screen.getByLabelText('Serviço'), 'Tosa');
    await person.type(screen.getByLabelText('Preço'), '250,00');
    await person.click(screen.getByLabelText(/Ativo/));
    await person.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/packages',
        body: { name: '4 tosas', serviceId: 2, size: null, credits: 4, validityDays: 45, price: 250, active: false },
      },
    ]);
    await screen.findByText('Pacote cadastrado.');
  });

  test('editar manda o porte escolhido ao pacote dele; um erro do servidor fica no formulário', async () => {
    const sent = serve({ status: 400, body: { message: 'Preço inválido.', code: 'VALIDATION' } });
    const onDone = vi.fn();
    renderWithQueries(<PackageForm pkg={bath} onDone={onDone} />);
    const person = userEvent.setup();
    screen.getByRole('form', { name: 'Editar 4 banhos' });
    await screen.findByRole('option', { name: 'Banho' });
    await person.selectOptions(screen.getByLabelText('Porte'), 'Grande');
    await person.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Preço inválido.');
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: '/api/packages/5',
      body: { name: '4 banhos', serviceId: 1, size: 'Grande', credits: 4, validityDays: 45, price: 300, active: true },
    });
    expect(onDone).not.toHaveBeenCalled();
    await person.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
