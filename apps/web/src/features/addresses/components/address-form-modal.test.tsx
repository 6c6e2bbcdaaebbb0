import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { beforeEach, describe, expect, test, vi } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../test/render';
import { AddressFormModal } from './address-form-modal';

const { fetchMock } = installFetchStub();
const onClose = vi.fn();

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });
const states = [
  { id: 33, name: 'Rio de Janeiro', uf: 'RJ' },
  { id: 35, name: 'São Paulo', uf: 'SP' },
];

/** Answers /states and /cities like the server; `onSave` answers the POST or PUT. */
function serve({
  cities = 200,
  onSave = json(201, { data: {} }),
  cep = 404,
}: {
  cities?: number;
  onSave?: Response;
  cep?: number;
} = {}) {
  fetchMock.mockImplementation(async (input) => {
    // The typed client (lib/typed-api.ts) sends a path; a Request is read too.
    const url = input instanceof Request ? new URL(input.url).pathname : String(input);
    if (url === '/api/cep/01310100') {
      return cep === 200
        ? json(200, {
            data: {
              cep: '01310100',
              street: 'Avenida Paulista',
              district: 'Bela Vista',
              city: { id: 3550308, name: 'São Paulo' },
              state: { id: 35, uf: 'SP' },
            },
          })
        : json(cep, { message: 'x', code: 'X' });
    }
    if (url === '/api/states') return json(200, { data: states });
    if (url === '/api/cities/cityToState/35') {
      return cities === 200
        ? json(200, { data: [{ id: 3550308, name: 'São Paulo' }] })
        : json(cities, { message: '', code: 'X' });
    }
    if (url.startsWith('/api/addresses')) return onSave;
    return json(404, { message: 'não encontrado', code: 'NOT_FOUND' });
  });
}

/** The dialog's code loads on its first opening: wait for it. */
const renderModal = async () => {
  renderWithQueries(
    <>
      <AddressFormModal onClose={onClose} />
      <Toaster />
    </>,
  );
  await screen.findByRole('dialog');
};

async function fill(person: ReturnType<typeof userEvent.setup>) {
  await person.type(screen.getByLabelText('CEP'), '01310100');
  await person.click(screen.getByLabelText('Rua'));
  await person.paste('Avenida Paulista');
  await person.type(screen.getByLabelText('Número'), '1578');
  await person.click(screen.getByLabelText('Bairro'));
  await person.paste('Bela Vista');
  await screen.findByRole('option', { name: 'São Paulo (SP)' });
  await person.selectOptions(screen.getByLabelText('Estado'), '35');
  await screen.findByRole('option', { name: 'São Paulo' });
  await person.selectOptions(screen.getByLabelText('Cidade'), '3550308');
}

beforeEach(() => onClose.mockReset());

// Filling six fields with a simulated keyboard takes seconds on a busy machine.
describe('AddressFormModal', { timeout: 15_000 }, () => {
  test('sem rua, bairro, número, CEP, estado ou cidade mostra a mensagem de SPEC e não salva', async () => {
    serve();
    const person = userEvent.setup();
    await renderModal();
    await person.type(screen.getByLabelText('Número'), '10');
    await person.click(screen.getByRole('button', { name: 'Salvar' }));
    expect(screen.getByText('Todos os campos obrigatórios devem ser preenchidos.')).toBeTruthy();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/addresses'))).toBe(false);
  });

  test('carrega as cidades do estado escolhido e envia os ids e o CEP', async () => {
    serve();
    const person = userEvent.setup();
    await renderModal();
    expect((screen.getByLabelText('Cidade') as HTMLSelectElement).disabled).toBe(true);
    await fill(person);
    await person.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Endereço cadastrado com sucesso!');
    const save = fetchMock.mock.calls.find(([url]) => url === '/api/addresses');
    expect(save?.[1]?.method).toBe('POST');
    expect(JSON.parse(String(save?.[1]?.body))).toEqual({
      cep: '01310100',
      street: 'Avenida Paulista',
      number: '1578',
      complement: '',
      district: 'Bela Vista',
      state_id: 35,
      city_id: 3550308,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  test('falha ao buscar cidades mostra "Erro ao buscar cidades. Tente novamente."', async () => {
    serve({ cities: 500 });
    const person = userEvent.setup();
    await renderModal();
    await screen.findByRole('option', { name: 'São Paulo (SP)' });
    await person.selectOptions(screen.getByLabelText('Estado'), '35');
    await screen.findByText('Erro ao buscar cidades. Tente novamente.');
  });

  test('erro ao salvar mostra a mensagem do servidor', async () => {
    serve({ onSave: json(400, { message: 'A cidade escolhida não pertence ao estado informado.', code: 'X' }) });
    const person = userEvent.setup();
    await renderModal();
    await fill(person);
    await person.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('A cidade escolhida não pertence ao estado informado.');
    expect(onClose).not.toHaveBeenCalled();
  });

  test('o CEP preenche rua, bairro, estado e cidade', async () => {
    serve({ cep: 200 });
    const person = userEvent.setup();
    await renderModal();
    await person.type(screen.getByLabelText('CEP'), '01310100');
    await screen.findByText('Endereço preenchido pelo CEP. Confira e informe o número.');
    expect((screen.getByLabelText('Rua') as HTMLInputElement).value).toBe('Avenida Paulista');
    expect((screen.getByLabelText('Bairro') as HTMLInputElement).value).toBe('Bela Vista');
    expect((screen.getByLabelText('Estado') as HTMLSelectElement).value).toBe('35');
    await waitFor(() => expect((screen.getByLabelText('Cidade') as HTMLSelectElement).value).toBe('3550308'));
  });

  test.each([
    [404, 'CEP não encontrado. Confira o CEP ou preencha o endereço.'],
    [503, 'Não foi possível consultar o CEP agora. Preencha o endereço.'],
  ])('CEP com resposta %i deixa preencher à mão', async (status, text) => {
    serve({ cep: status });
    const person = userEvent.setup();
    await renderModal();
    await person.type(screen.getByLabelText('CEP'), '01310100');
    await screen.findByText(text);
    expect((screen.getByLabelText('Rua') as HTMLInputElement).disabled).toBe(false);
    expect((screen.getByLabelText('Rua') as HTMLInputElement).value).toBe('');
  });
});
