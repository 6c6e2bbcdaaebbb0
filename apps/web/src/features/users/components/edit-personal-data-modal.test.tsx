import type { PublicUser } from '@petshop/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { getSession, saveSession } from '../../../lib/session';
import { installFetchStub, renderWithQueries } from '../../../test/render';
import { EditPersonalDataModal } from './edit-personal-data-modal';

const user: PublicUser = {
  id: 3,
  name: 'Ana',
  email: 'ana@exemplo.com.br',
  cpf: '52998224725',
  phone: '11987654321',
  role: 'customer',
};

const { fetchMock } = installFetchStub();
const onClose = vi.fn();

/** The dialog's code loads on its first opening: wait for it. */
const renderModal = async () => {
  renderWithQueries(
    <>
      <EditPersonalDataModal user={user} onClose={onClose} />
      <Toaster />
    </>,
  );
  await screen.findByRole('dialog');
};

beforeEach(() => {
  onClose.mockReset();
  saveSession(user, 'token');
});

describe('EditPersonalDataModal', () => {
  test('um campo vazio mostra "Todos os campos são obrigatórios." sem chamar o servidor', async () => {
    const person = userEvent.setup();
    await renderModal();
    await person.clear(screen.getByLabelText('Nome'));
    await person.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('Todos os campos são obrigatórios.')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('envia nome, e-mail, telefone e o CPF guardado, e atualiza o usuário guardado', async () => {
    const updated = { ...user, name: 'Ana Lima', phone: '21912345678' };
    fetchMock.mockResolvedValue(new Response(JSON.stringify({ data: updated }), { status: 200 }));
    const person = userEvent.setup();
    await renderModal();
    await person.clear(screen.getByLabelText('Nome'));
    await person.type(screen.getByLabelText('Nome'), 'Ana Lima');
    await person.clear(screen.getByLabelText('Telefone'));
    await person.type(screen.getByLabelText('Telefone'), '21912345678');
    await person.click(screen.getByRole('button', { name: 'Salvar' }));

    await screen.findByText('Dados atualizados com sucesso!');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/3');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ana Lima',
      email: 'ana@exemplo.com.br',
      phone: '21912345678',
      cpf: '52998224725',
    });
    expect(getSession().user?.name).toBe('Ana Lima');
    expect(onClose).toHaveBeenCalled();
  });

  test('e-mail duplicado (409) mostra a mensagem do servidor', async () => {
    fetchMock.mockResolvedValue(
      new Response(JSON.stringify({ message: 'Este e-mail já está cadastrado.', code: 'EMAIL_TAKEN' }), {
        status: 409,
      }),
    );
    const person = userEvent.setup();
    await renderModal();
    await person.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Este e-mail já está cadastrado.');
    expect(onClose).not.toHaveBeenCalled();
    expect(getSession().user?.name).toBe('Ana');
  });
});
