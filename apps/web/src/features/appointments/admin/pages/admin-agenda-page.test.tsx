import type { AgendaDay } from '@petshop/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderRoutes } from '../../../../test/render';
import { AdminAgendaPage } from './admin-agenda-page';

const MONDAY = '2026-11-23';

const day = (date: string, overrides: Partial<AgendaDay> = {}): AgendaDay => ({
  date,
  start: '08:00',
  end: '18:00',
  employers: [
    {
      id: 1,
      name: 'Marcos Pereira',
      position: 'Tosador',
      hours: { start: '09:00', end: '18:00' },
      appointments: [
        {
          id: 7,
          appointment_time: '10:00',
          end_time: '11:30',
          durationMinutes: 90,
          status: 'Agendado',
          next: ['Em atendimento', 'Não compareceu', 'Cancelado'],
          note: null,
          noteForCustomer: false,
          service: { id: 3, name: 'Banho e tosa' },
          price: 150,
          pet: { id: 5, name: 'Thor', size: 'Grande', allergies: 'Frango' },
          customer: { name: 'Carla Souza', phone: '11998765432' },
        },
      ],
    },
    { id: 2, name: 'Ana Lima', position: 'Banhista', hours: null, appointments: [] },
  ],
  ...overrides,
});

const { fetchMock } = installFetchStub();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const agendaCalls = () =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/admin/agenda'));

/** Answers the agenda with `days` for any date, and the status change with the updated appointment. */
function serve(days: (date: string, count: number) => AgendaDay[]) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/admin/agenda') {
      const count = Number(url.searchParams.get('days'));
      return json(200, { data: days(url.searchParams.get('date') ?? '', count) });
    }
    if (init?.method === 'PUT') return json(200, { data: {}, message: 'Status do agendamento atualizado.' });
    return json(404, { message: 'não encontrado', code: 'NOT_FOUND' });
  });
}

const renderAt = (path: string) =>
  renderRoutes(
    [
      {
        path: '/adminAgenda',
        element: (
          <>
            <AdminAgendaPage />
            <Toaster />
          </>
        ),
      },
    ],
    path,
  );

describe('AdminAgendaPage', () => {
  test('a column per employee; the 90-minute block starts on the 10:00 row and spans three rows', async () => {
    serve((date) => [day(date)]);
    renderAt(`/adminAgenda?date=${MONDAY}`);
    const block = await screen.findByRole('button', {
      name: '10:00 às 11:30, Thor (Grande), Banho e tosa, R$ 150,00, alergia: Frango, Agendado',
    });
    const item = block.closest('li') as HTMLElement;
    // The allergy and the price are on the block itself, not only in its dialog.
    expect(within(block).getByText('Alergia: Frango')).toBeTruthy();
    expect(within(block).getByText(/R\$ 150,00/)).toBeTruthy();
    expect(item.style.getPropertyValue('--row')).toBe('4');
    expect(item.style.getPropertyValue('--span')).toBe('3');
    expect(
      within(item)
        .getByRole('link', { name: /Ligar para Carla Souza/ })
        .getAttribute('href'),
    ).toBe('tel:+5511998765432');
    expect(screen.getByRole('heading', { name: 'Segunda-feira, 23/11/2026' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Marcos Pereira 09:00–18:00' })).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Ana Lima Folga' })).toBeTruthy();
    expect(agendaCalls()).toEqual([`/api/admin/agenda?date=${MONDAY}&days=1`]);
  });

  test('moves between days and to the week of the date (Monday to Sunday)', async () => {
    serve((date, count) => Array.from({ length: count }, () => day(date)));
    renderAt('/adminAgenda?date=2026-11-25');
    await screen.findByRole('heading', { name: 'Quarta-feira, 25/11/2026' });
    await userEvent.click(screen.getByRole('button', { name: 'Próximo dia' }));
    await screen.findByRole('heading', { name: 'Quinta-feira, 26/11/2026' });
    await userEvent.click(screen.getByRole('button', { name: 'Semana' }));
    await screen.findByRole('heading', { name: 'Semana de 23/11/2026 a 29/11/2026' });
    expect(agendaCalls()).toEqual([
      '/api/admin/agenda?date=2026-11-25&days=1',
      '/api/admin/agenda?date=2026-11-26&days=1',
      `/api/admin/agenda?date=${MONDAY}&days=7`,
    ]);
  });

  test('checks in from the block: PUT /appointments/{id}/status, then the agenda reloads', async () => {
    serve((date) => [day(date)]);
    renderAt(`/adminAgenda?date=${MONDAY}`);
    await userEvent.click(await screen.findByRole('button', { name: /^10:00 às 11:30, Thor/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Thor · Banho e tosa' });
    expect(within(dialog).getByText('Carla Souza', { exact: false })).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Concluir atendimento' })).toBeNull();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Iniciar atendimento' }));
    await screen.findByText('Status do agendamento atualizado.');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/appointments/7/status');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ status: 'Em atendimento' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(agendaCalls()).toHaveLength(2);
  });

  test('a day nobody works says so; a failed load offers to try again', async () => {
    serve((date) => [day(date, { start: null, end: null, employers: [day(date).employers[1] ?? []].flat() })]);
    renderAt('/adminAgenda?date=2026-11-29');
    await screen.findByText('Ninguém trabalha neste dia e não há agendamentos.');

    fetchMock.mockResolvedValue(json(500, { message: 'Erro interno.', code: 'INTERNAL' }));
    await userEvent.click(screen.getByRole('button', { name: 'Dia anterior' }));
    await screen.findByText('Erro interno.');
    serve((date) => [day(date)]);
    await userEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByRole('button', { name: /^10:00 às 11:30, Thor/ });
  });
});
