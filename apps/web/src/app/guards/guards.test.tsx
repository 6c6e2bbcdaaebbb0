import type { PublicUser } from '@petshop/domain';
import { screen } from '@testing-library/react';
import { describe, expect, test, vi } from 'vitest';
import { getSession, saveSession } from '../../lib/session';
import { installFetchStub, renderRoutes } from '../../test/render';
import { AdminLayout } from '../layouts/admin-layout';
import { AdminOutlet } from '../layouts/admin-outlet';
import { PrivateOutlet } from '../layouts/private-outlet';
import { RequireAdmin } from './require-admin';

const customer: PublicUser = {
  id: 3,
  name: 'Ana',
  email: 'ana@exemplo.com.br',
  cpf: '52998224725',
  phone: '11987654321',
  role: 'customer',
};
const admin: PublicUser = { ...customer, id: 1, name: 'Administrador', role: 'admin' };

const { fetchMock, answer } = installFetchStub();

const renderAt = (path: string) =>
  renderRoutes(
    [
      {
        element: <PrivateOutlet />,
        children: [
          { path: 'user', element: <h1>Perfil</h1> },
          { element: <RequireAdmin />, children: [{ path: 'adminHub', element: <h1>Painel</h1> }] },
        ],
      },
      { element: <AdminOutlet />, children: [{ path: 'admin', element: <h1>Painel</h1> }] },
      { element: <AdminLayout />, children: [{ path: 'adminProducts', element: <h1>Produtos</h1> }] },
      { path: 'error', element: <h1>Página de erro</h1> },
    ],
    path,
  );

describe('guardas de sessão', () => {
  test.each(['/admin', '/adminProducts'])('um visitante em %s vai para /error', async (path) => {
    const router = renderAt(path);
    await screen.findByRole('heading', { name: 'Página de erro' });
    expect(router.state.location.pathname).toBe('/error');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('sem sessão mostra a tela de acesso restrito sem chamar o servidor', () => {
    renderAt('/user');
    screen.getByText(
      'Cadastre-se ou faça login para acessar nossos serviços exclusivos e cuidar do seu pet com facilidade!',
    );
    expect(screen.getAllByRole('link', { name: 'Entrar' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('link', { name: 'Cadastrar' }).getAttribute('href')).toBe('/register?next=%2Fuser');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('mostra "Carregando..." enquanto valida e depois a página', async () => {
    saveSession(customer, 'token-valido');
    answer(200, { data: customer });
    renderAt('/user');
    screen.getByText('Carregando...');
    await screen.findByRole('heading', { name: 'Perfil' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user/3');
    expect(new Headers(init?.headers).get('authorization')).toBe('Bearer token-valido');
  });

  test('401 encerra a sessão e leva a /error', async () => {
    saveSession(customer, 'token-vencido');
    answer(401, { message: 'Sessão expirada.', code: 'UNAUTHORIZED' });
    const router = renderAt('/user');
    await screen.findByRole('heading', { name: 'Página de erro' });
    expect(router.state.location.pathname).toBe('/error');
    await vi.waitFor(() => expect(getSession().token).toBeNull());
  });

  test('outras falhas não encerram a sessão', async () => {
    saveSession(customer, 'token-valido');
    answer(500, { message: 'Erro interno. Tente novamente mais tarde.', code: 'INTERNAL_ERROR' });
    renderAt('/user');
    await screen.findByRole('heading', { name: 'Perfil' });
    expect(getSession().token).toBe('token-valido');
  });

  test('um cliente em /admin vai para /error', async () => {
    saveSession(customer, 'token-valido');
    answer(200, { data: customer });
    const router = renderAt('/admin');
    await screen.findByRole('heading', { name: 'Página de erro' });
    expect(router.state.location.pathname).toBe('/error');
  });

  test('o papel vem do usuário validado, não do que está guardado', async () => {
    saveSession({ ...customer, role: 'admin' }, 'token-valido');
    answer(200, { data: customer });
    const router = renderAt('/admin');
    await screen.findByRole('heading', { name: 'Página de erro' });
    expect(router.state.location.pathname).toBe('/error');
  });

  test('o administrador vê o painel', async () => {
    saveSession(admin, 'token-admin');
    answer(200, { data: admin });
    renderAt('/admin');
    await screen.findByRole('heading', { name: 'Painel' });
  });
});
