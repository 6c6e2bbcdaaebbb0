import type { Appointment } from '@petshop/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../test/render';
import { AppointmentsCard } from './appointments-card';

const { fetchMock } = installFetchStub();

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const appointment: Appointment = {
  id: 5,
  appointment_date: '2030-03-09',
  appointment_time: '14:30',
  pet_id: 7,
  service_id: 1,
  employer_id: 3,
  store_id: 1,
  status: 'Agendado',
  price: 60,
  durationMinutes: 30,
  note: null,
  noteForCustomer: false,
  service: { name: 'Banho' },
  employer: { name: 'Juliana' },
  pet: { name: 'Thor', size: 'Médio' },
};

const renderCard = () =>
  renderWithQueries(
    <>
      <AppointmentsCard />
      <Toaster />
    </>,
  );

describe('AppointmentsCard', () => {
  test('mostra Data e Hora dd/mm/aaaa HH:MM, serviço, funcionário e pet', async () => {
    fetchMock.mockResolvedValue(json(200, { data: [appointment] }));
    renderCard();
    const row = (await screen.findByRole('rowheader', { name: '09/03/2030 14:30' })).closest('tr');
    expect(row?.textContent).toContain('Banho');
    expect(row?.textContent).toContain('Juliana');
    expect(row?.textContent).toContain('Thor');
    expect(row?.textContent).toContain('Agendado');
    expect(row?.textContent).toContain('R$ 60,00');
    expect(screen.getByRole('columnheader', { name: 'Data e Hora' })).toBeTruthy();
  });

  test('lista vazia ou falha ao carregar: "Nenhum agendamento encontrado."', async () => {
    fetchMock.mockResolvedValue(json(500, { message: 'x', code: 'INTERNAL_ERROR' }));
    renderCard();
    await screen.findByText('Nenhum agendamento encontrado.');
  });

  test('cancelar pede confirmação, chama DELETE e mostra a mensagem do servidor', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'DELETE'
        ? json(200, { data: { ...appointment, status: 'Cancelado' }, message: 'Agendamento cancelado com sucesso!' })
        : json(200, { data: [appointment] }),
    );
    const person = userEvent.setup();
    renderCard();
    await person.click(await screen.findByRole('button', { name: 'Cancelar agendamento de 09/03/2030 14:30' }));
    // the dialog's code loads on the first tap: slow on a loaded machine
    const dialog = await screen.findByRole('dialog', { name: 'Confirmar Cancelamento' }, { timeout: 5000 });
    within(dialog).getByText('Você tem certeza que deseja cancelar este agendamento?');
    await person.click(within(dialog).getByRole('button', { name: 'Sim' }));
    await screen.findByText('Agendamento cancelado com sucesso!');
    expect(fetchMock.mock.calls.some(([url, init]) => url === '/api/appointments/5' && init?.method === 'DELETE')).toBe(
      true,
    );
  });

  test('falha ao cancelar sem mensagem: "Erro ao cancelar agendamento."', async () => {
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'DELETE' ? new Response('', { status: 500 }) : json(200, { data: [appointment] }),
    );
    const person = userEvent.setup();
    renderCard();
    await person.click(await screen.findByRole('button', { name: 'Cancelar agendamento de 09/03/2030 14:30' }));
    await person.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Sim' }));
    await screen.findByText('Erro ao cancelar agendamento.');
  });

  test('editar: envia data e horário; erro sem mensagem mostra "Erro ao atualizar agendamento."', async () => {
    fetchMock.mockImplementation(async (input, init) => {
      const url = String(input);
      if (init?.method === 'PUT') return new Response('', { status: 500 });
      if (url.startsWith('/api/appointments/availability')) return json(200, { data: ['10:00', '16:00'] });
      return json(200, { data: [appointment] });
    });
    const person = userEvent.setup();
    renderCard();
    await person.click(await screen.findByRole('button', { name: 'Editar agendamento de 09/03/2030 14:30' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Agendamento' });
    expect((within(dialog).getByLabelText('Data') as HTMLInputElement).value).toBe('2030-03-09');
    expect((within(dialog).getByLabelText('Horário') as HTMLSelectElement).value).toBe('14:30');
    await person.selectOptions(
      within(dialog).getByLabelText('Horário'),
      await within(dialog).findByRole('option', { name: '16:00' }),
    );
    await person.click(within(dialog).getByRole('button', { name: 'Confirmar' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Erro ao atualizar agendamento.');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/appointments/5');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ appointment_date: '2030-03-09', appointment_time: '16:00' });
  });
});
