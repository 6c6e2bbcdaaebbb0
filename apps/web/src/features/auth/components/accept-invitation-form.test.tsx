import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { getSession } from '../../../lib/session';
import { installFetchStub, renderRoutes } from '../../../test/render';
import { AcceptInvitationForm } from './accept-invitation-form';

const { fetchMock } = installFetchStub();

const reply = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));

const user = { id: 9, name: 'Carla', email: 'carla@exemplo.com.br', cpf: '', phone: '11987654321', role: 'manager' };

const renderForm = () =>
  renderRoutes(
    [
      { path: '/accept-invitation', element: <AcceptInvitationForm token="t0k3n-do-convite-de-teste-1" /> },
      { path: '/admin', element: <h1>Painel</h1> },
      { path: '/login', element: <h1>Página de login</h1> },
    ],
    '/accept-invitation',
  );

describe('AcceptInvitationForm', () => {
  test('aceita com o token do link, guarda a sessão e abre a página da equipe', async () => {
    reply(200, { data: { user, token: 'jwt' }, message: 'Convite aceito. Bem-vindo(a) à equipe!' });
    const router = renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Aceitar convite' }));
    await screen.findByRole('heading', { name: 'Painel' });
    expect(router.state.location.pathname).toBe('/admin');
    expect(getSession().token).toBe('jwt');
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/auth/invitations/accept');
    expect(JSON.parse(String(init?.body))).toEqual({ token: 't0k3n-do-convite-de-teste-1' });
  });

  test('um link vencido mostra a mensagem do servidor e não entra', async () => {
    const message = 'Convite inválido, expirado ou já aceito. Peça um novo a quem convidou você.';
    reply(400, { message, code: 'INVALID_INVITATION' });
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Aceitar convite' }));
    expect((await screen.findByText(message)).getAttribute('role')).toBe('alert');
    expect(getSession().token).toBeFalsy();
  });

  test('um gerente que precisa ativar o segundo fator vê o QR code, sem sessão ainda', async () => {
    reply(202, {
      data: {
        challenge: 'desafio-do-servidor-0123456789',
        enrol: { otpauthUrl: 'otpauth://totp/PetCare:c?secret=ABCDEFGH', qrCode: 'data:image/png;base64,AAAA' },
      },
    });
    renderForm();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Aceitar convite' }));
    await screen.findByRole('heading', { name: 'Configure a verificação em duas etapas' });
    expect(getSession().token).toBeFalsy();
  });
});
