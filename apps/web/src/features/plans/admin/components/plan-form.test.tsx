import type { PlanView } from '@petshop/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, test, vi } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../../test/render';
import { PlanForm } from './plan-form';

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

const weekly: PlanView = {
  id: 3,
  name: 'Banho semanal',
  serviceId: 1,
  serviceName: 'Banho',
  size: 'Pequeno',
  frequency: 'SEMANAL',
  price: 220,
  active: true,
};

describe('PlanForm', { timeout: 15_000 }, () => {
  test('um plano novo vai com serviço, porte, frequência e preço por ciclo; salvo, avisa e fecha', async () => {
    const sent = serve({ status: 201, body: { data: {}, message: 'Plano cadastrado.' } });
    const onDone = vi.fn();
    renderWithQueries(
      <>
        <PlanForm onDone={onDone} />
        <Toaster />
      </>,
    );
    const person = userEvent.setup();
    screen.getByRole('form', { name: 'Novo plano' });
    await person.type(screen.getByLabelText('Nome'), 'Tosa quinzenal');
    await screen.findByRole('option', { name: 'Tosa' });
    await person.selectOptions(screen.getByLabelText('Serviço'), 'Tosa');
    await person.selectOptions(screen.getByLabelText('Frequência'), 'QUINZENAL');
    await person.type(screen.getByLabelText('Preço por ciclo'), '180,00');
    await person.click(screen.getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent).toEqual([
      {
        method: 'POST',
        url: '/api/plans',
        body: { name: 'Tosa quinzenal', serviceId: 2, size: 'Médio', frequency: 'QUINZENAL', price: 180, active: true },
      },
    ]);
    await screen.findByText('Plano cadastrado.');
  });

  test('editar manda o plano dele; um erro do servidor fica no formulário', async () => {
    const sent = serve({ status: 400, body: { message: 'Preço inválido.', code: 'VALIDATION' } });
    const onDone = vi.fn();
    renderWithQueries(<PlanForm plan={weekly} onDone={onDone} />);
    const person = userEvent.setup();
    screen.getByRole('form', { name: 'Editar Banho semanal' });
    await screen.findByRole('option', { name: 'Banho' });
    await person.click(screen.getByLabelText(/Ativo/));
    await person.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Preço inválido.');
    expect(sent[0]).toEqual({
      method: 'PUT',
      url: '/api/plans/3',
      body: { name: 'Banho semanal', serviceId: 1, size: 'Pequeno', frequency: 'SEMANAL', price: 220, active: false },
    });
    expect(onDone).not.toHaveBeenCalled();
    await person.click(screen.getByRole('button', { name: 'Cancelar' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });
});
