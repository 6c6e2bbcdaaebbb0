import type { StaffAppointment } from '@petshop/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderRoutes } from '../../../../test/render';
import { AdminAppointmentsPage } from './admin-appointments-page';

const banho: StaffAppointment = {
  id: 9,
  appointment_date: '2099-05-20',
  appointment_time: '14:30',
  pet_id: 1,
  service_id: 1,
  employer_id: 2,
  store_id: 1,
  status: 'Agendado',
  price: 60,
  durationMinutes: 30,
  note: null,
  noteForCustomer: false,
  service: { name: 'Banho' },
  employer: { name: 'Carla' },
  pet: { name: 'Rex', size: 'Grande' },
  customer: { name: 'Ana Souza', phone: '11987654321' },
};

const { fetchMock, answer } = installFetchStub();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/adminAppointments',
        element: (
          <>
            <AdminAppointmentsPage />
            <Toaster />
          </>
        ),
      },
    ],
    '/adminAppointments',
  );

describe('AdminAppointmentsPage', () => {
  test('lista data e hora, serviço, funcionário, pet com porte e o cliente com telefone', async () => {
    answer(200, { data: [banho], meta: { total: 1, limit: 20, offset: 0 } });
    renderPage();
    const row = (await screen.findByRole('rowheader', { name: '20/05/2099 14:30' })).closest('tr');
    if (!row) throw new Error('sem linha');
    expect(within(row).getByText('Banho')).toBeTruthy();
    expect(within(row).getByText('Carla')).toBeTruthy();
    expect(within(row).getByText('Rex (Grande)')).toBeTruthy();
    expect(within(row).getByText('Ana Souza')).toBeTruthy();
    expect(within(row).getByRole('link', { name: '(11) 98765-4321' }).getAttribute('href')).toBe('tel:+5511987654321');
  });

  test('o telefone de uma conta excluída (zeros) não vira link: "sem telefone"', async () => {
    const deleted = { ...banho, id: 10, customer: { name: 'Conta excluída', phone: '0000000000' } };
    answer(200, { data: [deleted], meta: { total: 1, limit: 20, offset: 0 } });
    renderPage();
    const row = (await screen.findByRole('rowheader', { name: '20/05/2099 14:30' })).closest('tr');
    if (!row) throw new Error('sem linha');
    expect(within(row).getByText('sem telefone')).toBeTruthy();
    expect(within(row).queryByRole('link')).toBeNull();
    expect(within(row).queryByText('(00) 0000-0000')).toBeNull();
  });

  test('só um agendamento "Agendado" tem Editar e Cancelar, e os botões dizem o serviço e a hora', async () => {
    const done: StaffAppointment = { ...banho, id: 10, appointment_time: '16:00', status: 'Concluído' };
    answer(200, { data: [banho, done], meta: { total: 2, limit: 20, offset: 0 } });
    renderPage();
    const doneRow = (await screen.findByRole('rowheader', { name: '20/05/2099 16:00' })).closest('tr');
    if (!doneRow) throw new Error('sem linha');
    expect(within(doneRow).getByText('Concluído')).toBeTruthy();
    expect(within(doneRow).queryAllByRole('button')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Editar agendamento de Banho em 20/05/2099 14:30' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Cancelar agendamento de Banho em 20/05/2099 14:30' })).toBeTruthy();
  });

  test('falha ao carregar mostra "Erro ao carregar agendamentos."', async () => {
    answer(500, { message: 'Erro interno.', code: 'INTERNAL' });
    renderPage();
    await screen.findByText('Erro ao carregar agendamentos.');
  });

  test('remarca com data e horário; um horário ocupado mostra a mensagem do servidor', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'PUT'
        ? json(409, { message: 'Horário indisponível para este funcionário.', code: 'SLOT_TAKEN' })
        : json(200, { data: [banho], meta: { total: 1, limit: 20, offset: 0 } }),
    );
    const person = userEvent.setup();
    renderPage();
    await person.click(await screen.findByRole('button', { name: /^Editar agendamento/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Agendamento' });
    await person.selectOptions(within(dialog).getByLabelText('Horário'), '09:00');
    await person.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Horário indisponível para este funcionário.');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/appointments/9');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ appointment_date: '2099-05-20', appointment_time: '09:00' });
  });

  test('cancelar pede confirmação', async () => {
    answer(200, { data: [banho], meta: { total: 1, limit: 20, offset: 0 } });
    const person = userEvent.setup();
    renderPage();
    await person.click(await screen.findByRole('button', { name: /^Cancelar agendamento/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Cancelamento' });
    within(dialog).getByText('Você tem certeza que deseja cancelar este agendamento?');
  });
});
