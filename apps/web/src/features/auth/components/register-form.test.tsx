import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderRoutes } from '../../../test/render';
import { RegisterForm } from './register-form';

const { fetchMock, answer } = installFetchStub();

const renderForm = () =>
  renderRoutes(
    [
      { path: '/register', element: <RegisterForm /> },
      { path: '/login', element: <h1>Página de login</h1> },
      { path: '/home', element: <h1>Página inicial</h1> },
    ],
    '/register',
  );

describe('RegisterForm', () => {
  test('com um campo vazio mostra "Preencha todos os campos." e não chama o servidor', async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com.br');
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Nome'), 'Ana');
    await user.type(screen.getByLabelText('Telefone'), '11987654321');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    expect(screen.getByRole('alert').textContent).toBe('Preencha todos os campos.');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  test('envia CPF e telefone só com dígitos e entra na conta com a senha digitada', async () => {
    const reply = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
    const user7 = { id: 7, name: 'Ana Souza', email: 'ana@exemplo.com.br', role: 'customer' };
    fetchMock
      .mockResolvedValueOnce(reply(201, { data: user7, message: 'Cadastro realizado com sucesso!' }))
      .mockResolvedValueOnce(reply(200, { data: { user: user7, token: 'sessao' }, message: 'Login realizado!' }));
    const user = userEvent.setup();
    const router = renderForm();
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com.br');
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    expect((screen.getByLabelText('CPF') as HTMLInputElement).value).toBe('529.982.247-25');
    await user.type(screen.getByLabelText('Nome'), 'Ana Souza');
    await user.type(screen.getByLabelText('Telefone'), '11987654321');
    expect((screen.getByLabelText('Telefone') as HTMLInputElement).value).toBe('(11) 98765-4321');
    await user.type(screen.getByLabelText('Senha', { selector: 'input' }), 'senha-segura-123');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    await screen.findByRole('heading', { name: 'Página inicial' });
    expect(router.state.location.pathname).toBe('/home');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    const [loginUrl, loginInit] = fetchMock.mock.calls[1] ?? [];
    expect(loginUrl).toBe('/api/auth/login');
    expect(JSON.parse(String(loginInit?.body))).toEqual({ email: 'ana@exemplo.com.br', password: 'senha-segura-123' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/user');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      email: 'ana@exemplo.com.br',
      password: 'senha-segura-123',
      cpf: '52998224725',
      name: 'Ana Souza',
      phone: '11987654321',
    });
  });

  test('mostra a mensagem do servidor e os erros por campo', async () => {
    answer(409, {
      message: 'Este CPF já está cadastrado.',
      code: 'CPF_TAKEN',
      details: [{ field: 'cpf', message: 'Este CPF já está cadastrado.' }],
    });
    const user = userEvent.setup();
    renderForm();
    await user.type(screen.getByLabelText('E-mail'), 'ana@exemplo.com.br');
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Nome'), 'Ana Souza');
    await user.type(screen.getByLabelText('Telefone'), '11987654321');
    await user.type(screen.getByLabelText('Senha', { selector: 'input' }), 'senha-segura-123');
    await user.click(screen.getByRole('button', { name: 'Cadastrar' }));

    const alerts = await screen.findAllByText('Este CPF já está cadastrado.');
    expect(alerts).toHaveLength(2);
    expect(screen.getByLabelText('CPF').getAttribute('aria-invalid')).toBe('true');
  });
});
