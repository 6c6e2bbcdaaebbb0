import type { Employee } from '@petshop/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../../test/render';
import { AdminEmployeesPage } from './admin-employees-page';

const carla: Employee = {
  id: 4,
  name: 'Carla',
  phone: '11987654321',
  position: 'Tosadora',
  service_id: 2,
  store_id: 1,
};

const { fetchMock } = installFetchStub();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

function serve(employees: Employee[], services: 'ok' | 'fail' = 'ok') {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if ((init?.method ?? 'GET') === 'POST') return json(201, { data: carla, message: 'Funcionário cadastrado!' });
    if (url.startsWith('/api/employers'))
      return json(200, { data: employees, meta: { total: employees.length, limit: 20, offset: 0 } });
    if (url.startsWith('/api/services'))
      return services === 'ok'
        ? json(200, {
            data: [
              {
                id: 2,
                name: 'Tosa',
                description: '',
                price: 60,
                prices: { Pequeno: 60, Médio: 60, Grande: 60 },
                durationMinutes: 30,
              },
            ],
          })
        : json(500, { message: '', code: 'INTERNAL' });
    return json(404, { message: 'Não encontrado.', code: 'NOT_FOUND' });
  });
}

const renderPage = () =>
  renderWithQueries(
    <>
      <AdminEmployeesPage />
      <Toaster />
    </>,
  );

describe('AdminEmployeesPage', () => {
  test('lista nome, telefone com máscara e cargo', async () => {
    serve([carla]);
    renderPage();
    const row = (await screen.findByRole('rowheader', { name: 'Carla' })).closest('tr');
    if (!row) throw new Error('sem linha');
    expect(within(row).getByText('(11) 98765-4321')).toBeTruthy();
    expect(within(row).getByText('Tosadora')).toBeTruthy();
  });

  test('lista vazia mostra "Nenhum funcionário disponível."', async () => {
    serve([]);
    renderPage();
    await screen.findByText('Nenhum funcionário disponível.');
  });

  test('cadastra com telefone só em dígitos e service_id numérico', async () => {
    serve([]);
    const person = userEvent.setup();
    renderPage();
    await person.click(await screen.findByRole('button', { name: 'Adicionar Funcionário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar Funcionário' });
    await person.type(within(dialog).getByLabelText('Nome'), 'Carla');
    await person.type(within(dialog).getByLabelText('Telefone'), '11987654321');
    await person.type(within(dialog).getByLabelText('Cargo'), 'Tosadora');
    await within(dialog).findByRole('option', { name: 'Tosa' });
    await person.selectOptions(within(dialog).getByLabelText('Serviço'), '2');
    await person.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Funcionário cadastrado com sucesso!');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(post?.[0]).toBe('/api/employers');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      name: 'Carla',
      phone: '11987654321',
      position: 'Tosadora',
      service_id: 2,
    });
  });

  test('serviços que não carregam mostram "Erro ao carregar serviços."', async () => {
    serve([], 'fail');
    const person = userEvent.setup();
    renderPage();
    await person.click(await screen.findByRole('button', { name: 'Adicionar Funcionário' }));
    const dialog = await screen.findByRole('dialog', { name: 'Adicionar Funcionário' });
    await within(dialog).findByText('Erro ao carregar serviços.');
    expect(within(dialog).getByRole('option', { name: 'Nenhum serviço disponível' })).toBeTruthy();
  });
});
