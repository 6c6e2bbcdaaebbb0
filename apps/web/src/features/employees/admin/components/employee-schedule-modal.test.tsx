import { DEFAULT_EMPLOYEE_SCHEDULE, type Employee, type EmployeeSchedule } from '@petshop/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, test, vi } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../../test/render';
import { EmployeeScheduleModal } from './employee-schedule-modal';

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

/** GET answers `schedule` (or fails `failGets` times first); PUT answers `put`. */
function serve(schedule: EmployeeSchedule, put?: (body: EmployeeSchedule) => Response, failGets = 0) {
  let failures = failGets;
  fetchMock.mockImplementation(async (input, init) => {
    if (String(input) !== '/api/employers/4/schedule')
      return json(404, { message: 'Não encontrado.', code: 'NOT_FOUND' });
    if (init?.method === 'PUT') {
      const body = JSON.parse(String(init.body)) as EmployeeSchedule;
      return put ? put(body) : json(200, { data: body, message: 'Horários salvos com sucesso!' });
    }
    if (failures > 0) {
      failures -= 1;
      return json(500, { message: '', code: 'INTERNAL' });
    }
    return json(200, { data: schedule });
  });
}

const sentBody = () => {
  const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
  return put ? (JSON.parse(String(put[1]?.body)) as EmployeeSchedule) : undefined;
};

function renderModal(onClose = vi.fn()) {
  renderWithQueries(
    <>
      <EmployeeScheduleModal employee={carla} onClose={onClose} />
      <Toaster />
    </>,
  );
  return onClose;
}

describe('EmployeeScheduleModal', () => {
  test('mostra a semana padrão: segunda a sábado 08:00–18:00, domingo de folga, sem folgas marcadas', async () => {
    serve(DEFAULT_EMPLOYEE_SCHEDULE);
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Horários de Carla' });
    await within(dialog).findByText('Nenhuma folga marcada.');
    expect((within(dialog).getByLabelText('Segunda-feira: início') as HTMLSelectElement).value).toBe('08:00');
    expect((within(dialog).getByLabelText('Sábado: fim') as HTMLSelectElement).value).toBe('18:00');
    expect((within(dialog).getByLabelText('Domingo: folga') as HTMLInputElement).checked).toBe(true);
    expect((within(dialog).getByLabelText('Domingo: início') as HTMLSelectElement).disabled).toBe(true);
  });

  test('salva a semana e as folgas como o servidor espera, mostrando datas em dd/mm/aaaa', async () => {
    serve({ week: [{ weekday: 2, start: '09:00', end: '17:00' }], daysOff: ['2030-03-02'] });
    const person = userEvent.setup();
    const onClose = renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Horários de Carla' });
    await within(dialog).findByText('02/03/2030');
    expect((within(dialog).getByLabelText('Segunda-feira: folga') as HTMLInputElement).checked).toBe(true);
    await person.selectOptions(within(dialog).getByLabelText('Terça-feira: início'), '10:00');
    await person.selectOptions(within(dialog).getByLabelText('Terça-feira: fim'), '12:00');
    await person.click(within(dialog).getByLabelText('Sábado: folga'));
    await person.selectOptions(within(dialog).getByLabelText('Sábado: fim'), '24:00');
    await person.type(within(dialog).getByLabelText('Nova folga'), '2030-01-15');
    await person.click(within(dialog).getByRole('button', { name: 'Adicionar folga' }));
    await within(dialog).findByText('15/01/2030');
    await person.click(within(dialog).getByRole('button', { name: 'Remover folga de 02/03/2030' }));
    expect(within(dialog).queryByText('02/03/2030')).toBeNull();
    await person.click(within(dialog).getByRole('button', { name: 'Salvar horários' }));
    await screen.findByText('Horários salvos com sucesso!');
    expect(sentBody()).toEqual({
      week: [
        { weekday: 2, start: '10:00', end: '12:00' },
        { weekday: 6, start: '08:00', end: '24:00' },
      ],
      daysOff: ['2030-01-15'],
    });
    expect(onClose).toHaveBeenCalled();
  });

  test('recusa fim antes do início ao lado do dia, sem enviar nada', async () => {
    serve(DEFAULT_EMPLOYEE_SCHEDULE);
    const person = userEvent.setup();
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Horários de Carla' });
    await person.selectOptions(await within(dialog).findByLabelText('Quarta-feira: fim'), '07:00');
    await person.click(within(dialog).getByRole('button', { name: 'Salvar horários' }));
    expect(await within(dialog).findByText('O fim do expediente deve ser depois do início.')).toBeTruthy();
    expect(within(dialog).getByLabelText('Quarta-feira: fim').getAttribute('aria-invalid')).toBe('true');
    expect(sentBody()).toBeUndefined();
  });

  test('não adiciona a mesma folga duas vezes', async () => {
    serve({ week: [], daysOff: ['2030-01-15'] });
    const person = userEvent.setup();
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Horários de Carla' });
    await person.type(await within(dialog).findByLabelText('Nova folga'), '2030-01-15');
    await person.click(within(dialog).getByRole('button', { name: 'Adicionar folga' }));
    expect(await within(dialog).findByText('Esta folga já foi informada.')).toBeTruthy();
    expect(within(dialog).getAllByText('15/01/2030')).toHaveLength(1);
  });

  test('mostra a mensagem do servidor quando ele recusa', async () => {
    serve(DEFAULT_EMPLOYEE_SCHEDULE, () => json(404, { message: 'Funcionário não encontrado.', code: 'NOT_FOUND' }));
    const person = userEvent.setup();
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Horários de Carla' });
    await person.click(await within(dialog).findByRole('button', { name: 'Salvar horários' }));
    expect(await within(dialog).findByText('Funcionário não encontrado.')).toBeTruthy();
  });

  test('falha ao carregar mostra erro com "Tentar novamente", que recarrega', async () => {
    serve(DEFAULT_EMPLOYEE_SCHEDULE, undefined, 1);
    const person = userEvent.setup();
    renderModal();
    const dialog = await screen.findByRole('dialog', { name: 'Horários de Carla' });
    await within(dialog).findByText('Erro ao carregar os horários.');
    await person.click(within(dialog).getByRole('button', { name: 'Tentar novamente' }));
    await within(dialog).findByLabelText('Segunda-feira: início');
  });
});
