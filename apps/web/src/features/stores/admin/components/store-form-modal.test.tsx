import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Toaster } from 'sonner';
import { describe, expect, test, vi } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../../test/render';
import { StoreFormModal } from './store-form-modal';

const { fetchMock } = installFetchStub();

const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

/** /states, /cities and /cep as the server answers them; the CEP is found or not (`cep`). */
function serve(cep: number) {
  fetchMock.mockImplementation(async (input) => {
    const url = input instanceof Request ? new URL(input.url).pathname : String(input);
    if (url === '/api/cep/04077000') {
      return cep === 200
        ? json(200, {
            data: {
              cep: '04077000',
              street: 'Avenida Ibirapuera',
              district: 'Moema',
              city: { id: 3550308, name: 'São Paulo' },
              state: { id: 35, uf: 'SP' },
            },
          })
        : json(cep, { message: 'x', code: 'X' });
    }
    if (url === '/api/states') return json(200, { data: [{ id: 35, name: 'São Paulo', uf: 'SP' }] });
    if (url === '/api/cities/cityToState/35') return json(200, { data: [{ id: 3550308, name: 'São Paulo' }] });
    if (url === '/api/stores') return json(201, { data: {}, message: 'Loja cadastrada com sucesso!' });
    return json(404, { message: 'não encontrado', code: 'NOT_FOUND' });
  });
}

const renderModal = async (onClose = vi.fn()) => {
  renderWithQueries(
    <>
      <StoreFormModal onClose={onClose} />
      <Toaster />
    </>,
  );
  await screen.findByRole('dialog');
  return onClose;
};

describe('StoreFormModal', { timeout: 15_000 }, () => {
  test('o CEP preenche rua, bairro, estado e cidade, como no endereço do cliente, e a loja é salva com eles', async () => {
    serve(200);
    const person = userEvent.setup();
    const onClose = await renderModal();
    await person.type(screen.getByLabelText('Nome'), 'Loja Moema');
    await person.type(screen.getByLabelText('CEP'), '04077000');
    await screen.findByText('Endereço preenchido pelo CEP. Confira e informe o número.');
    expect((screen.getByLabelText('Rua') as HTMLInputElement).value).toBe('Avenida Ibirapuera');
    expect((screen.getByLabelText('Bairro') as HTMLInputElement).value).toBe('Moema');
    expect((screen.getByLabelText('Estado') as HTMLSelectElement).value).toBe('35');
    await waitFor(() => expect((screen.getByLabelText('Cidade') as HTMLSelectElement).value).toBe('3550308'));
    await person.type(screen.getByLabelText('Número'), '2100');
    await person.type(screen.getByLabelText('Telefone'), '1133334444');
    await person.click(screen.getByRole('button', { name: 'Salvar' }));
    await screen.findByText('Loja cadastrada com sucesso!');
    const save = fetchMock.mock.calls.find(([url]) => url === '/api/stores');
    expect(JSON.parse(String(save?.[1]?.body))).toMatchObject({
      cep: '04077000',
      street: 'Avenida Ibirapuera',
      number: '2100',
      district: 'Moema',
      state_id: 35,
      city_id: 3550308,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  test('um CEP desconhecido avisa e deixa preencher à mão', async () => {
    serve(404);
    const person = userEvent.setup();
    await renderModal();
    await person.type(screen.getByLabelText('CEP'), '04077000');
    await screen.findByText('CEP não encontrado. Confira o CEP ou preencha o endereço.');
    expect((screen.getByLabelText('Rua') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Rua') as HTMLInputElement).disabled).toBe(false);
  });
});
