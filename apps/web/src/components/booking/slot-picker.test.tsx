import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../test/render';
import { SlotPicker } from './slot-picker';

const { fetchMock } = installFetchStub();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const picker = (employeeId: number | undefined, date: string) => (
  <SlotPicker
    employeeId={employeeId}
    date={date}
    time=""
    onDateChange={() => {}}
    onTimeChange={() => {}}
    askFirst="Escolha profissional e data"
    empty="Nenhum horário livre neste dia"
  />
);

describe('the slot picker of both booking forms', () => {
  test('asks for the professional and the day first, then lists the free times', async () => {
    fetchMock.mockResolvedValue(json(200, { data: ['09:00', '09:30'] }));
    renderWithQueries(picker(undefined, '2030-05-10'));
    expect(screen.getByRole('option', { name: 'Escolha profissional e data' })).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    renderWithQueries(picker(4, '2030-05-10'));
    await screen.findByRole('option', { name: '09:30' });
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/appointments/availability?employer_id=4&date=2030-05-10');
  });

  test('a day with no free time says so', async () => {
    fetchMock.mockResolvedValue(json(200, { data: [] }));
    renderWithQueries(picker(4, '2030-05-10'));
    await screen.findByRole('option', { name: 'Nenhum horário livre neste dia' });
    expect(screen.getByLabelText('Horário')).toHaveProperty('disabled', true);
  });

  test('times that failed to load say so and load again on the retry', async () => {
    fetchMock.mockResolvedValueOnce(json(500, { message: 'Erro interno.', code: 'INTERNAL' }));
    fetchMock.mockResolvedValue(json(200, { data: ['10:00'] }));
    const person = userEvent.setup();
    renderWithQueries(picker(4, '2030-05-10'));
    await screen.findByRole('option', { name: 'Erro ao carregar os horários' });
    await person.click(screen.getByRole('button', { name: 'Tentar carregar os horários novamente' }));
    await screen.findByRole('option', { name: '10:00' });
    await waitFor(() => expect(screen.queryByRole('button', { name: /Tentar carregar/ })).toBeNull());
  });
});
