import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, test } from 'vitest';
import { clearSession, saveSession } from '../../../../lib/session';
import { installFetchStub, renderRoutes } from '../../../../test/render';
import type { NewPetForm } from '../components/staff-booking-form';
import { AdminAgendaPage } from './admin-agenda-page';
import { AdminNewAppointmentPage } from './admin-new-appointment-page';

const { fetchMock } = installFetchStub();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const carla = {
  id: 42,
  name: 'Carla Souza',
  email: 'carla@exemplo.com.br',
  cpf: '',
  phone: '11998765432',
  role: 'customer',
};
const service = {
  id: 1,
  name: 'Banho',
  description: '',
  price: 60,
  prices: { Pequeno: 60, Médio: 75, Grande: 95.5 },
  durationMinutes: 60,
};

/** Answers by path, as the server would; `booking` is the answer to the staff booking. */
function serve({
  customers = [carla],
  pets = [{ id: 7, name: 'Thor', specie: 'Cachorro', size: 'Grande' }] as unknown[],
  booking = json(201, {
    data: { id: 9, appointment_date: '2030-05-10' },
    message: 'Agendamento realizado com sucesso!',
  }),
  searchFails = false,
} = {}) {
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost');
    if (url.pathname === '/api/user') {
      if (searchFails) return json(500, { message: 'Erro interno.', code: 'INTERNAL' });
      return json(200, { data: customers, meta: { total: customers.length } });
    }
    if (url.pathname === '/api/user/42/pets' && init?.method === 'POST') {
      const pet = { id: 8, ...JSON.parse(String(init.body)) };
      pets.push(pet);
      return json(201, { data: pet, message: 'Pet cadastrado com sucesso!' });
    }
    if (url.pathname === '/api/user/42/pets') return json(200, { data: pets });
    if (url.pathname === '/api/services') return json(200, { data: [service] });
    if (url.pathname === '/api/stores') return json(200, { data: [{ id: 1, name: 'Loja principal' }] });
    if (url.pathname === '/api/pets/7/credits') return json(200, { data: [] });
    if (url.pathname === '/api/employers/service/1') {
      return json(200, { data: [{ id: 3, name: 'Juliana', position: 'Banhista', store_id: 1 }] });
    }
    if (url.pathname === '/api/appointments/availability') return json(200, { data: ['09:00', '09:30'] });
    if (url.pathname === '/api/user/42/appointments' && init?.method === 'POST') return booking;
    if (url.pathname === '/api/admin/agenda') return json(200, { data: [] });
    return json(404, { message: 'não encontrado', code: 'NOT_FOUND' });
  });
}

/** Stands for the pets feature's form (composed in by the route): saves Luna through what the page hands it. */
const NewPet: NewPetForm = ({ create, onSaved, onClose }) => (
  <button
    type="button"
    onClick={async () => {
      const { data } = await create({ name: 'Luna', age: 1, specie: 'Gato', size: 'Pequeno' });
      onSaved(data);
      onClose();
    }}
  >
    Salvar Luna
  </button>
);

const renderPage = () =>
  renderRoutes(
    [
      {
        path: '/adminAppointments/novo',
        element: (
          <>
            <AdminNewAppointmentPage PetForm={NewPet} />
            <Toaster />
          </>
        ),
      },
      {
        path: '/adminAgenda',
        element: (
          <>
            <p>Agenda do dia</p>
            <Toaster />
          </>
        ),
      },
    ],
    '/adminAppointments/novo',
  );

async function pickCarla(person: ReturnType<typeof userEvent.setup>) {
  await person.type(screen.getByLabelText('Buscar cliente'), '99876');
  await person.click(await screen.findByRole('button', { name: /Carla Souza/ }));
}

afterEach(() => clearSession());

describe('Novo agendamento (recepção)', () => {
  test('busca o cliente, escolhe pet, serviço, profissional e horário livre, e agenda para ele', async () => {
    serve();
    const person = userEvent.setup();
    const router = renderPage();
    await pickCarla(person);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/user?q=99876&limit=10');
    // The form takes the focus once the customer is chosen.
    await waitFor(() => expect(document.activeElement?.textContent).toBe('2. Pet, serviço e horário'));

    await person.selectOptions(
      await screen.findByLabelText('Pet'),
      await screen.findByRole('option', { name: /Thor/ }),
    );
    await person.selectOptions(screen.getByLabelText('Serviço'), await screen.findByRole('option', { name: 'Banho' }));
    // One active store: no store choice.
    expect(screen.queryByLabelText('Loja')).toBeNull();
    await person.selectOptions(
      screen.getByLabelText('Profissional'),
      await screen.findByRole('option', { name: /Juliana/ }),
    );
    await person.type(screen.getByLabelText('Data'), '2030-05-10');
    await person.selectOptions(screen.getByLabelText('Horário'), await screen.findByRole('option', { name: '09:30' }));
    expect(screen.getByText(/Banho para Thor em 10\/05\/2030 às 09:30/).textContent).toContain('R$ 95,50');
    await person.click(screen.getByRole('button', { name: 'Confirmar agendamento' }));

    await screen.findByText('Agendamento realizado com sucesso!');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe('/api/user/42/appointments');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      service_id: 1,
      pet_id: 7,
      employer_id: 3,
      appointment_date: '2030-05-10',
      appointment_time: '09:30',
      useCredit: false,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/adminAgenda'));
    expect(router.state.location.search).toBe('?date=2030-05-10');
  });

  test('um cliente sem pets: "Cadastrar pet" grava o pet para ele e o deixa escolhido', async () => {
    serve({ pets: [] });
    const person = userEvent.setup();
    renderPage();
    await pickCarla(person);
    const select = (await screen.findByLabelText('Pet')) as HTMLSelectElement;
    await screen.findByRole('option', { name: 'Este cliente não tem pets cadastrados' });
    expect(select.disabled).toBe(true);
    await person.click(screen.getByRole('button', { name: 'Cadastrar pet' }));
    await person.click(await screen.findByRole('button', { name: 'Salvar Luna' }));
    await waitFor(() => expect(select.value).toBe('8'));
    expect(select.disabled).toBe(false);
    expect(select.selectedOptions[0]?.textContent).toBe('Luna (Gato, porte Pequeno)');
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(String(post?.[0])).toBe('/api/user/42/pets');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Luna', age: 1, specie: 'Gato', size: 'Pequeno' });
    await person.selectOptions(screen.getByLabelText('Serviço'), await screen.findByRole('option', { name: 'Banho' }));
    expect(screen.getByText(/^Banho para Luna/).textContent).toContain('R$ 60,00');
  });

  test('sem resultado diz que ninguém foi encontrado; erro na busca oferece tentar de novo', async () => {
    serve({ customers: [] });
    const person = userEvent.setup();
    renderPage();
    expect(screen.getByRole('status').textContent).toBe('Digite ao menos 2 letras ou números.');
    await person.type(screen.getByLabelText('Buscar cliente'), 'ninguém');
    await screen.findByText('Nenhum cliente encontrado.');

    serve({ searchFails: true });
    await person.clear(screen.getByLabelText('Buscar cliente'));
    await person.type(screen.getByLabelText('Buscar cliente'), 'erro');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' }, { timeout: 5000 });
    serve();
    await person.click(retry);
    await screen.findByRole('button', { name: /Carla Souza/ });
  });

  test('cliente sem pets: o formulário diz, e a troca de cliente volta à busca', async () => {
    serve({ pets: [] });
    const person = userEvent.setup();
    renderPage();
    await pickCarla(person);
    await screen.findByRole('option', { name: 'Este cliente não tem pets cadastrados' });
    await person.click(screen.getByRole('button', { name: 'Trocar cliente' }));
    expect(screen.getByLabelText('Buscar cliente')).toBeTruthy();
  });

  test('horário tomado por outra pessoa: mostra a mensagem do servidor e limpa o horário', async () => {
    serve({ booking: json(409, { message: 'Este horário acabou de ser reservado.', code: 'SLOT_TAKEN' }) });
    const person = userEvent.setup();
    renderPage();
    await pickCarla(person);
    await person.selectOptions(
      await screen.findByLabelText('Pet'),
      await screen.findByRole('option', { name: /Thor/ }),
    );
    await person.selectOptions(screen.getByLabelText('Serviço'), await screen.findByRole('option', { name: 'Banho' }));
    await person.selectOptions(
      screen.getByLabelText('Profissional'),
      await screen.findByRole('option', { name: /Juliana/ }),
    );
    await person.type(screen.getByLabelText('Data'), '2030-05-10');
    await person.selectOptions(screen.getByLabelText('Horário'), await screen.findByRole('option', { name: '09:00' }));
    await person.click(screen.getByRole('button', { name: 'Confirmar agendamento' }));
    await screen.findByText('Este horário acabou de ser reservado.');
    expect((screen.getByLabelText('Horário') as HTMLSelectElement).value).toBe('');
  });
});

describe('a agenda leva ao novo agendamento', () => {
  const renderAgenda = () =>
    renderRoutes(
      [
        { path: '/adminAgenda', element: <AdminAgendaPage /> },
        { path: '/adminAppointments/novo', element: <p>Novo</p> },
      ],
      '/adminAgenda',
    );

  test('a recepção vê o botão', async () => {
    serve();
    saveSession({ ...carla, role: 'reception' }, 'token');
    renderAgenda();
    expect((await screen.findByRole('link', { name: 'Novo agendamento' })).getAttribute('href')).toBe(
      '/adminAppointments/novo',
    );
  });

  test('o profissional não vê o botão', async () => {
    serve();
    saveSession({ ...carla, role: 'professional' }, 'token');
    renderAgenda();
    await screen.findByRole('heading', { name: 'Agenda' });
    expect(screen.queryByRole('link', { name: 'Novo agendamento' })).toBeNull();
  });
});
