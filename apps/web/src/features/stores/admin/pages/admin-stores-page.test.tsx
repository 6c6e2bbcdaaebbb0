import { ROLES, type StoreView } from '@petshop/domain';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { saveSession } from '../../../../lib/session';
import { installFetchStub, renderRoutes } from '../../../../test/render';
import { AdminStoresPage } from './admin-stores-page';

const { fetchMock } = installFetchStub();

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const centro: StoreView = {
  id: 2,
  name: 'Loja Centro',
  cep: '20040002',
  street: 'Avenida Rio Branco',
  number: '156',
  district: 'Centro',
  state_id: 33,
  city_id: 3304557,
  city: { id: 3304557, name: 'Rio de Janeiro' },
  state: { id: 33, uf: 'RJ' },
  phone: '2133334444',
  pickup: true,
  active: true,
  main: false,
  hours: [
    { weekday: 1, start: '08:00', end: '18:00' },
    { weekday: 6, start: '08:00', end: '12:00' },
  ],
};

const signIn = (role: string) =>
  saveSession({ id: 7, name: 'Gerente', email: 'g@petshop.test', cpf: '', phone: '', role }, 'token');

/** GET /admin/stores answers `stores` (or fails); PUT …/hours answers `hours`; the rest is 404. */
function serve(stores: StoreView[] | 'error', hours: { status: number; body: unknown } = { status: 200, body: {} }) {
  const sent: { url: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const request = input instanceof Request ? input : new Request(new URL(String(input), 'http://x'), init);
    const url = new URL(request.url).pathname;
    if (url === '/api/admin/stores') {
      return stores === 'error' ? json(500, { message: 'Falha', code: 'X' }) : json(200, { data: stores });
    }
    if (request.method === 'PUT') {
      sent.push({ url, body: await request.json() });
      return json(hours.status, hours.body);
    }
    return json(404, { message: 'não encontrado', code: 'NOT_FOUND' });
  });
  return sent;
}

const open = () => renderRoutes([{ path: '/adminStores', element: <AdminStoresPage /> }], '/adminStores');

describe('Lojas para o gerente', { timeout: 15_000 }, () => {
  test('vê só o horário das suas lojas: sem adicionar nem editar loja', async () => {
    signIn(ROLES.manager);
    serve([centro]);
    open();
    await screen.findByRole('button', { name: 'Horário de Loja Centro' });
    expect(screen.queryByRole('button', { name: 'Adicionar loja' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Editar/ })).toBeNull();
  });

  test('muda o sábado e envia a semana ao servidor; o erro do servidor aparece no formulário', async () => {
    signIn(ROLES.manager);
    const sent = serve([centro], { status: 404, body: { message: 'Loja não encontrada.', code: 'NOT_FOUND' } });
    open();
    const person = userEvent.setup();
    await person.click(await screen.findByRole('button', { name: 'Horário de Loja Centro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Horário de funcionamento: Loja Centro' });
    await person.selectOptions(within(dialog).getByLabelText('Sábado: abre'), '09:00');
    await person.selectOptions(within(dialog).getByLabelText('Sábado: fecha'), '13:00');
    await person.click(within(dialog).getByRole('button', { name: 'Salvar' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      url: '/api/stores/2/hours',
      body: {
        week: [
          { weekday: 1, start: '08:00', end: '18:00' },
          { weekday: 6, start: '09:00', end: '13:00' },
        ],
      },
    });
    expect(await within(dialog).findByText('Loja não encontrada.')).toBeTruthy();
  });

  test('sem loja vinculada diz isso', async () => {
    signIn(ROLES.manager);
    serve([]);
    open();
    expect(await screen.findByText('Nenhuma loja vinculada ao seu perfil.')).toBeTruthy();
  });

  test('o dono continua adicionando e editando lojas', async () => {
    signIn(ROLES.admin);
    serve([centro]);
    open();
    await screen.findByRole('button', { name: 'Horário de Loja Centro' });
    expect(screen.getByRole('button', { name: 'Adicionar loja' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Editar Loja Centro' })).toBeTruthy();
  });

  test('uma falha ao carregar as lojas mostra a mensagem do servidor', async () => {
    signIn(ROLES.manager);
    serve('error');
    open();
    expect(await screen.findByText('Falha')).toBeTruthy();
  });
});
