import { addDays, businessToday, formatDate } from '@petshop/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../test/render';
import { VaccinesCard } from './vaccines-card';

const { fetchMock, answer } = installFetchStub();

describe('VaccinesCard', () => {
  test('datas em dd/mm/aaaa, com selo para a dose atrasada e a que vence em até 7 dias', async () => {
    const today = businessToday();
    answer(200, {
      data: [
        { id: 1, name: 'V10', appliedOn: addDays(today, -360), nextDueOn: addDays(today, 3) },
        { id: 2, name: 'Antirrábica', appliedOn: addDays(today, -400), nextDueOn: addDays(today, -2) },
        { id: 3, name: 'Giárdia', appliedOn: addDays(today, -30), nextDueOn: addDays(today, 60) },
      ],
    });
    renderWithQueries(<VaccinesCard petId={7} />);
    const list = await screen.findByRole('list', { name: 'Vacinas registradas' });
    const items = list.querySelectorAll('li');
    expect(items[0]?.textContent).toContain(`Aplicada em ${formatDate(addDays(today, -360))}`);
    expect(items[0]?.textContent).toContain('Vence em breve');
    expect(items[1]?.textContent).toContain('Atrasada');
    expect(items[2]?.textContent).not.toMatch(/Atrasada|Vence em breve/);
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/pets/7/vaccines');
  });

  test('recusa a próxima dose antes da aplicação sem chamar o servidor', async () => {
    answer(200, { data: [] });
    const person = userEvent.setup();
    renderWithQueries(<VaccinesCard petId={7} />);
    await screen.findByText('Nenhuma vacina registrada.');
    await person.type(screen.getByLabelText('Vacina'), 'V10');
    await person.type(screen.getByLabelText('Aplicada em'), '2024-01-10');
    await person.type(screen.getByLabelText('Próxima dose (opcional)'), '2023-12-01');
    await person.click(screen.getByRole('button', { name: 'Registrar vacina' }));
    expect(screen.getByText('A próxima dose deve ser depois da data de aplicação.')).toBeTruthy();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
