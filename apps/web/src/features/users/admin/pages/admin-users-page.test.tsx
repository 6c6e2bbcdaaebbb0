import type { PublicUser } from '@petshop/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { saveSession } from '../../../../lib/session';
import { installFetchStub, renderWithQueries } from '../../../../test/render';
import { AdminUsersPage } from './admin-users-page';

const admin: PublicUser = { id: 1, name: 'Admin', email: 'admin@exemplo.com.br', cpf: '', phone: '', role: 'admin' };
const ana: PublicUser = {
  id: 3,
  name: 'Ana',
  email: 'ana@exemplo.com.br',
  cpf: '52998224725',
  phone: '11987654321',
  role: 'customer',
};

const { fetchMock } = installFetchStub();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

beforeEach(() => {
  saveSession(admin, 'token');
  fetchMock.mockImplementation(async (_input, init) =>
    init?.method === 'PUT'
      ? json(200, { data: { ...ana, name: 'Ana Lima' }, message: 'Dados atualizados com sucesso!' })
      : json(200, { data: [admin, ana], meta: { total: 2, limit: 20, offset: 0 } }),
  );
});

const renderPage = (path = '/adminUsers') =>
  renderWithQueries(
    <MemoryRouter initialEntries={[path]}>
      <AdminUsersPage />
      <Toaster />
    </MemoryRouter>,
  );

describe('AdminUsersPage', () => {
  test('lista nome e e-mail; o próprio admin não tem botão de excluir', async () => {
    renderPage();
    await screen.findByRole('rowheader', { name: 'Ana' });
    expect(screen.getByText('ana@exemplo.com.br')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Excluir Ana' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Excluir Admin' })).toBeNull();
  });

  test('edita enviando só nome, telefone e e-mail', async () => {
    const person = userEvent.setup();
    renderPage();
    await person.click(await screen.findByRole('button', { name: 'Editar Ana' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Usuário' });
    await person.clear(within(dialog).getByLabelText('Nome'));
    await person.type(within(dialog).getByLabelText('Nome'), 'Ana Lima');
    await person.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Dados atualizados com sucesso!');
    const put = fetchMock.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(put?.[0]).toBe('/api/user/3');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({
      name: 'Ana Lima',
      phone: '11987654321',
      email: 'ana@exemplo.com.br',
    });
  });

  test('busca pelo termo do link (?q=) e pelo que o admin digita', async () => {
    const person = userEvent.setup();
    renderPage('/adminUsers?q=ana%40exemplo.com.br');
    await screen.findByText('Ana');
    expect((screen.getByLabelText('Buscar usuários') as HTMLInputElement).value).toBe('ana@exemplo.com.br');
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
        '/api/user?q=ana%40exemplo.com.br&limit=20&offset=0',
      ),
    );
    await person.clear(screen.getByLabelText('Buscar usuários'));
    await person.type(screen.getByLabelText('Buscar usuários'), 'Lima');
    await vi.waitFor(() =>
      expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/user?q=Lima&limit=20&offset=0'),
    );
  });

  test('redefine a verificação em duas etapas de outro membro da equipe após confirmar; clientes não têm o botão', async () => {
    const bia: PublicUser = { ...ana, id: 4, name: 'Bia', email: 'bia@exemplo.com.br', role: 'manager' };
    fetchMock.mockImplementation(async (_input, init) =>
      init?.method === 'DELETE'
        ? json(200, { message: 'Verificação em duas etapas redefinida. A pessoa vai configurá-la de novo ao entrar.' })
        : json(200, { data: [admin, ana, bia], meta: { total: 3, limit: 20, offset: 0 } }),
    );
    const person = userEvent.setup();
    renderPage();
    const button = await screen.findByRole('button', { name: 'Redefinir a verificação em duas etapas de Bia' });
    expect(screen.queryByRole('button', { name: 'Redefinir a verificação em duas etapas de Ana' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Redefinir a verificação em duas etapas de Admin' })).toBeNull();
    await person.click(button);
    const dialog = await screen.findByRole('dialog', { name: 'Redefinir a verificação em duas etapas?' });
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    await person.click(within(dialog).getByRole('button', { name: 'Redefinir' }));
    await screen.findByText('Verificação em duas etapas redefinida. A pessoa vai configurá-la de novo ao entrar.');
    const reset = fetchMock.mock.calls.find(([, init]) => init?.method === 'DELETE');
    expect(reset?.[0]).toBe('/api/user/4/2fa');
  });
});
