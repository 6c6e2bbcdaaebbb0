import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../test/render';
import { PetFormModal } from './pet-form-modal';

const { fetchMock, answer } = installFetchStub();
const onClose = vi.fn();
const rex = {
  id: 7,
  name: 'Rex',
  age: 3,
  specie: 'Cachorro',
  size: 'Médio',
  allergies: '',
  notes: '',
  breed: null,
  birthDate: null,
  ageMonths: null,
} as const;

/** The dialog's code loads on its first opening: wait for it. */
const renderModal = async (pet?: typeof rex) => {
  renderWithQueries(
    <>
      <PetFormModal pet={pet} onClose={onClose} />
      <Toaster />
    </>,
  );
  await screen.findByRole('dialog');
};

beforeEach(() => onClose.mockReset());

describe('PetFormModal', () => {
  test('cadastro: espécie Cachorro e porte Médio por padrão; envia a idade como número', async () => {
    answer(201, { data: { ...rex, id: 1 } });
    const person = userEvent.setup();
    await renderModal();
    expect(screen.getByRole('dialog', { name: 'Cadastrar Pet' })).toBeTruthy();
    expect((screen.getByLabelText('Espécie') as HTMLSelectElement).value).toBe('Cachorro');
    expect((screen.getByLabelText('Porte') as HTMLSelectElement).value).toBe('Médio');
    await person.type(screen.getByLabelText('Nome'), 'Rex');
    await person.type(screen.getByLabelText('Idade'), '3');
    await person.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await screen.findByText('Pet cadastrado com sucesso!');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/pets');
    expect(JSON.parse(String(init?.body))).toEqual({ name: 'Rex', age: 3, specie: 'Cachorro', size: 'Médio' });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  test('com a data de nascimento a idade pode ficar em branco; a data vai ao servidor', async () => {
    answer(201, { data: { ...rex, id: 2, age: 0, ageMonths: 5, birthDate: '2026-07-01' } });
    const person = userEvent.setup();
    await renderModal();
    await person.type(screen.getByLabelText('Nome'), 'Pipoca');
    await person.selectOptions(screen.getByLabelText('Espécie'), 'Roedor');
    await person.type(screen.getByLabelText('Data de nascimento (opcional)'), '2026-07-01');
    await person.click(screen.getByRole('button', { name: 'Cadastrar' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls[0] ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Pipoca',
      specie: 'Roedor',
      size: 'Médio',
      birthDate: '2026-07-01',
    });
  });

  test('sem nome nem idade aponta os campos e não chama o servidor', async () => {
    const person = userEvent.setup();
    await renderModal();
    await person.click(screen.getByRole('button', { name: 'Cadastrar' }));
    expect(screen.getByText('Informe o nome do pet.')).toBeTruthy();
    expect(screen.getByText('Informe a idade ou a data de nascimento.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('edição: título "Atualizar Pet", PUT no pet e erro sem mensagem usa o texto de SPEC', async () => {
    answer(500, {});
    const person = userEvent.setup();
    await renderModal(rex);
    expect(screen.getByRole('dialog', { name: 'Atualizar Pet' })).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Atualizar' }));
    await screen.findByText('Erro ao salvar pet. Tente novamente.');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/pets/7');
    expect(init?.method).toBe('PUT');
    expect(onClose).not.toHaveBeenCalled();
  });
});
