import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { getSession } from '../../../lib/session';
import { installFetchStub, renderRoutes } from '../../../test/render';
import { ResetPasswordForm } from './reset-password-form';

const { fetchMock } = installFetchStub();

const reply = (status: number, body: unknown) =>
  fetchMock.mockResolvedValueOnce(new Response(JSON.stringify(body), { status }));

const user = { id: 7, name: 'Bruna', email: 'bruna@petcare.local', cpf: '', phone: '11987654321', role: 'reception' };

const renderForm = () =>
  renderRoutes(
    [
      { path: '/reset-password', element: <ResetPasswordForm token="t0k3n-do-link-de-teste-123" /> },
      { path: '/adminAgenda', element: <h1>Agenda</h1> },
      { path: '/home', element: <h1>Loja</h1> },
      { path: '/login', element: <h1>Página de login</h1> },
    ],
    '/reset-password',
  );

async function submitNewPassword() {
  const u = userEvent.setup();
  await u.type(screen.getByLabelText('Nova senha', { selector: 'input' }), 'senha-da-bruna-1');
  await u.type(screen.getByLabelText('Confirme a nova senha', { selector: 'input' }), 'senha-da-bruna-1');
  await u.click(screen.getByRole('button', { name: 'Salvar nova senha' }));
  return u;
}

describe('ResetPasswordForm', () => {
  test('sem segundo fator: guarda a sessão e abre a página da equipe', async () => {
    reply(200, { data: { user, token: 'jwt' }, message: 'Senha redefinida com sucesso!' });
    const router = renderForm();
    await submitNewPassword();
    await screen.findByRole('heading', { name: 'Agenda' });
    expect(router.state.location.pathname).toBe('/adminAgenda');
    expect(getSession().token).toBe('jwt');
  });

  test('com verificação em duas etapas (202): pede o código, e só então entra', async () => {
    reply(202, { data: { challenge: 'desafio-do-servidor-0123456789' }, message: 'Senha redefinida.' });
    const router = renderForm();
    const u = await submitNewPassword();

    await screen.findByRole('heading', { name: 'Verificação em duas etapas' });
    expect(getSession().token).toBeFalsy();
    expect(router.state.location.pathname).toBe('/reset-password');

    reply(200, { data: { user, token: 'jwt-com-codigo' }, message: 'Login realizado com sucesso!' });
    await u.type(screen.getByLabelText('Código'), '123456');
    await u.click(screen.getByRole('button', { name: 'Verificar' }));
    await screen.findByRole('heading', { name: 'Agenda' });
    expect(getSession().token).toBe('jwt-com-codigo');
    const [url, init] = fetchMock.mock.calls[1] ?? [];
    expect(url).toBe('/api/auth/2fa/verify');
    expect(JSON.parse(String(init?.body))).toEqual({ challenge: 'desafio-do-servidor-0123456789', code: '123456' });
  });

  test('um gerente que precisa ativar o segundo fator vê o QR code antes do código', async () => {
    reply(202, {
      data: {
        challenge: 'desafio-do-servidor-0123456789',
        enrol: { otpauthUrl: 'otpauth://totp/PetCare:g?secret=ABCDEFGH', qrCode: 'data:image/png;base64,AAAA' },
      },
    });
    renderForm();
    await submitNewPassword();
    await screen.findByRole('heading', { name: 'Configure a verificação em duas etapas' });
    expect(screen.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeTruthy();
    expect(getSession().token).toBeFalsy();
  });
});
