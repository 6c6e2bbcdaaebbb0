import type { Service } from '@petshop/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderRoutes } from '../../../test/render';
import { BookingForm } from './booking-form';

const service: Service = {
  id: 1,
  name: 'Banho',
  description: 'Banho completo.',
  price: 60,
  prices: { Pequeno: 60, Médio: 75, Grande: 95.5 },
  durationMinutes: 60,
};
const { fetchMock } = installFetchStub();

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** Answers by path, like the server would; `booking` is the answer to POST /appointments. */
function serve({
  pets = [{ id: 7, name: 'Thor', size: 'Grande' }],
  employees = [{ id: 3, name: 'Juliana', position: 'Banhista' }] as {
    id: number;
    name: string;
    position: string;
    store_id?: number;
  }[],
  booking = json(201, { data: {}, message: 'Agendamento realizado com sucesso!' }),
  credits = undefined as unknown[] | undefined,
  stores = undefined as unknown[] | undefined,
} = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = String(input);
    if (stores && url === '/api/stores') return json(200, { data: stores });
    if (url === '/api/pets') return json(200, { data: pets });
    if (credits && url === '/api/pets/7/credits') return json(200, { data: credits });
    if (url.startsWith('/api/employers/service/1')) return json(200, { data: employees });
    if (url.startsWith('/api/appointments/availability')) return json(200, { data: ['09:00', '09:30'] });
    if (url === '/api/appointments' && init?.method === 'POST') return booking;
    return json(404, { message: 'não encontrado', code: 'NOT_FOUND' });
  });
}

const renderForm = () =>
  renderRoutes(
    [
      {
        path: '/services/1',
        element: (
          <>
            <BookingForm service={service} />
            <Toaster />
          </>
        ),
      },
      { path: '/user', element: <p>Página do usuário</p> },
    ],
    '/services/1',
  );

async function fillIn(person: ReturnType<typeof userEvent.setup>) {
  await person.selectOptions(await screen.findByLabelText('Pet'), await screen.findByRole('option', { name: 'Thor' }));
  await person.selectOptions(
    screen.getByLabelText('Funcionário'),
    await screen.findByRole('option', { name: /Juliana/ }),
  );
  await person.type(screen.getByLabelText('Data'), '2030-05-10');
  await person.selectOptions(screen.getByLabelText('Horário'), await screen.findByRole('option', { name: '09:30' }));
}

describe('BookingForm', () => {
  test('envia a escolha, mostra a mensagem do servidor e vai para /user', async () => {
    serve();
    const person = userEvent.setup();
    const router = renderForm();
    await fillIn(person);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/appointments/availability?employer_id=3&date=2030-05-10',
    );
    await person.click(screen.getByRole('button', { name: 'Agendar' }));

    expect(screen.getByText(/Preço para porte Grande/).textContent).toBe('Preço para porte Grande: R$ 95,50');
    await screen.findByText('Agendamento realizado com sucesso!');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      service_id: 1,
      pet_id: 7,
      employer_id: 3,
      appointment_date: '2030-05-10',
      appointment_time: '09:30',
    });
    expect(router.state.location.pathname).toBe('/services/1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user'), { timeout: 3000 });
  });

  test('mostra a mensagem do servidor quando o horário foi tomado', async () => {
    serve({ booking: json(409, { message: 'Horário indisponível para este funcionário.', code: 'SLOT_TAKEN' }) });
    const person = userEvent.setup();
    renderForm();
    await fillIn(person);
    await person.click(screen.getByRole('button', { name: 'Agendar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Horário indisponível para este funcionário.');
  });

  test('sem mensagem do servidor: "Erro ao agendar a consulta."', async () => {
    serve({ booking: new Response('', { status: 500 }) });
    const person = userEvent.setup();
    renderForm();
    await fillIn(person);
    await person.click(screen.getByRole('button', { name: 'Agendar' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Erro ao agendar a consulta.');
  });

  test('listas vazias: "Nenhum pet disponível" com link para /myPets e "Nenhum funcionário disponível"', async () => {
    serve({ pets: [], employees: [] });
    renderForm();
    await screen.findByRole('option', { name: 'Nenhum pet disponível' });
    await screen.findByRole('option', { name: 'Nenhum funcionário disponível' });
    expect(screen.getByRole('link', { name: 'Cadastrar um pet' }).getAttribute('href')).toBe('/myPets');
  });

  test("com crédito de pacote para o serviço: 'Usar crédito do pacote' marcado e enviado; desmarcado paga o preço", async () => {
    const credit = {
      id: 5,
      packageName: '4 banhos — porte Grande',
      packageId: 2,
      serviceId: 1,
      remaining: 3,
      expiresAt: '2099-01-01T03:00:00.000Z',
    };
    serve({ credits: [credit, { ...credit, id: 6, serviceId: 9, packageName: 'Outro serviço' }] });
    const person = userEvent.setup();
    renderForm();
    await fillIn(person);
    const box = (await screen.findByLabelText('Usar crédito do pacote')) as HTMLInputElement;
    expect(box.checked).toBe(true);
    expect(screen.getByText(/Pago com o pacote/).textContent).toBe(
      'Pago com o pacote 4 banhos — porte Grande (3 créditos restantes)',
    );
    await person.click(screen.getByRole('button', { name: 'Agendar' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ pet_id: 7, useCredit: true });
  });

  test('desmarcar o crédito envia useCredit: false e mostra o preço do porte', async () => {
    serve({
      credits: [
        {
          id: 5,
          packageName: 'Pacote',
          packageId: 2,
          serviceId: 1,
          remaining: 1,
          expiresAt: '2099-01-01T03:00:00.000Z',
        },
      ],
    });
    const person = userEvent.setup();
    renderForm();
    await fillIn(person);
    await person.click(await screen.findByLabelText('Usar crédito do pacote'));
    await screen.findByText(/Preço para porte Grande/);
    await person.click(screen.getByRole('button', { name: 'Agendar' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ useCredit: false });
  });

  test('com várias lojas, escolhe a loja primeiro e só vê os funcionários dela', async () => {
    const store = (id: number, name: string) => ({
      id,
      name,
      cep: '01310100',
      street: `Rua ${name}`,
      number: '10',
      district: 'Centro',
      state_id: 35,
      city_id: 3550308,
      city: { id: 3550308, name: 'São Paulo' },
      state: { id: 35, uf: 'SP' },
      phone: '1133334444',
      pickup: true,
      active: true,
      main: id === 1,
      hours: [{ weekday: 6, start: '09:00', end: '13:00' }],
    });
    serve({
      stores: [store(1, 'Loja principal'), store(2, 'Loja Moema')],
      employees: [
        { id: 3, name: 'Juliana', position: 'Banhista', store_id: 1 },
        { id: 4, name: 'Bia', position: 'Banhista', store_id: 2 },
      ],
    });
    const person = userEvent.setup();
    renderForm();
    await person.selectOptions(
      await screen.findByLabelText('Pet'),
      await screen.findByRole('option', { name: 'Thor' }),
    );
    expect(screen.getByLabelText('Funcionário')).toHaveProperty('disabled', true);
    await person.selectOptions(await screen.findByLabelText('Loja'), 'Loja Moema');
    expect(screen.getByText(/sábado, das 09:00 às 13:00/)).toBeTruthy();
    expect(screen.queryByRole('option', { name: /Juliana/ })).toBeNull();
    await person.selectOptions(
      screen.getByLabelText('Funcionário'),
      await screen.findByRole('option', { name: /Bia/ }),
    );
    await person.type(screen.getByLabelText('Data'), '2030-05-11');
    await person.selectOptions(screen.getByLabelText('Horário'), await screen.findByRole('option', { name: '09:30' }));
    await person.click(screen.getByRole('button', { name: 'Agendar' }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ store_id: 2, employer_id: 4 });
  });
});
