import type { AddressView, PaymentResult, StoreView } from '@petshop/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { Toaster } from 'sonner';
import { describe, expect, test, vi } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../test/render';
import { PaymentDialog } from './payment-dialog';

const address: AddressView = {
  id: 4,
  street: 'Avenida Paulista',
  complement: 'Apto 12',
  number: '100',
  district: 'Bela Vista',
  cep: '01310100',
  stateId: 35,
  cityId: 3550308,
  city: { id: 3550308, name: 'São Paulo' },
  state: { id: 35, name: 'São Paulo', uf: 'SP' },
};

const { fetchMock } = installFetchStub();
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status });

const NO_DELIVERY = { message: 'Ainda não entregamos neste CEP. Escolha a retirada na loja.', code: 'NO_DELIVERY' };

const store = (id: number, name: string, street: string): StoreView => ({
  id,
  name,
  cep: '01310100',
  street,
  number: '1000',
  district: 'Bela Vista',
  state_id: 35,
  city_id: 3550308,
  city: { id: 3550308, name: 'São Paulo' },
  state: { id: 35, uf: 'SP' },
  phone: '1133334444',
  pickup: true,
  active: true,
  main: id === 1,
  hours: [1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, start: '08:00', end: '18:00' })),
});
const MAIN_STORE = store(1, 'Loja principal', 'Avenida Paulista');

/** GET /addresses answers `addresses`; the quote answers `quote()`; POST /payments/pay answers `pay()`; GET /stores `stores`. */
function serve(
  addresses: AddressView[],
  pay: () => Response,
  quote: () => Response = () => json(200, { data: { price: 15.9, days: 3 } }),
  stores: StoreView[] = [MAIN_STORE],
) {
  fetchMock.mockImplementation(async (input) => {
    const url = String(input);
    if (url.endsWith('/api/addresses')) return json(200, { data: addresses });
    if (url.endsWith('/api/stores')) return json(200, { data: stores });
    if (url.startsWith('/api/shipping/quote')) return quote();
    return pay();
  });
}

const payCalls = () =>
  fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith('/api/payments/pay'))
    .map(([, init]) => ({
      body: JSON.parse(String(init?.body)),
      key: (init?.headers as Record<string, string> | undefined)?.['idempotency-key'],
    }));

function renderDialog(onPaid = vi.fn()) {
  renderWithQueries(
    <MemoryRouter>
      <PaymentDialog open onOpenChange={() => undefined} cartId={9} subtotal={50} onPaid={onPaid} />
      <Toaster />
    </MemoryRouter>,
  );
  return onPaid;
}

async function choose(person: ReturnType<typeof userEvent.setup>, method: string) {
  const addresses = await screen.findByRole('group', { name: 'Endereço de entrega' });
  await person.click(within(addresses).getByRole('radio', { name: /^Avenida Paulista, 100, Apto 12/ }));
  await person.selectOptions(screen.getByLabelText('Método de pagamento'), method);
}

describe('PaymentDialog', () => {
  test('oferece só os métodos que a loja oferece (GET /payments/config)', async () => {
    serve([address], () => json(500, {}));
    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) =>
      String(input).endsWith('/api/payments/config')
        ? json(200, {
            data: {
              sandbox: false,
              methods: ['Cartão de Débito', 'Cartão de Crédito', 'Boleto'],
              card: { publicKey: 'pk', tokenizeUrl: 'https://psp.example/v1/card_tokens', maxInstallments: 12 },
            },
          })
        : (answer as typeof fetch)(input, init),
    );
    renderDialog();
    const select = await screen.findByLabelText('Método de pagamento');
    await vi.waitFor(() => expect(within(select).queryByRole('option', { name: 'Pix' })).toBeNull());
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecione', 'Cartão de Débito', 'Cartão de Crédito', 'Boleto']);
  });

  test('sem endereço e método mostra a mensagem do SPEC e não chama o servidor', async () => {
    serve([address], () => json(500, {}));
    const person = userEvent.setup();
    renderDialog();
    await screen.findByRole('group', { name: 'Endereço de entrega' });
    await person.click(screen.getByRole('button', { name: 'Confirmar Pagamento' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'Por favor, selecione um endereço e um método de pagamento para o pagamento.',
    );
    expect(payCalls()).toEqual([]);
  });

  test('os endereços são cartões de um grupo de rádio; o escolhido é o addressId enviado', async () => {
    const second: AddressView = {
      ...address,
      id: 7,
      street: 'Rua Teodoro Sampaio',
      number: '744',
      complement: '',
      district: 'Pinheiros',
      cep: '05406000',
    };
    const result = {
      payment: { id: 1, paymentMethod: 'Pix', totalValue: 10, status: 'Pendente' },
      order: { id: 2, status: 'Aguardando pagamento' },
    };
    serve([address, second], () => json(201, { data: result }));
    const person = userEvent.setup();
    renderDialog();
    const group = await screen.findByRole('group', { name: 'Endereço de entrega' });
    const radios = within(group).getAllByRole('radio');
    expect(radios.map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Avenida Paulista, 100, Apto 12Bela VistaSão Paulo/SP · CEP 01310-100',
      'Rua Teodoro Sampaio, 744PinheirosSão Paulo/SP · CEP 05406-000',
    ]);
    expect(radios.some((radio) => (radio as HTMLInputElement).checked)).toBe(false);
    await person.click(within(group).getByRole('radio', { name: /^Rua Teodoro Sampaio, 744/ }));
    // Arrow keys move the choice, as in any native radio group.
    await person.keyboard('{ArrowUp}');
    expect(radios[0]).toHaveProperty('checked', true);
    await person.keyboard('{ArrowDown}');
    expect(radios[1]).toHaveProperty('checked', true);
    await person.selectOptions(screen.getByLabelText('Método de pagamento'), 'Pix');
    await person.click(screen.getByRole('button', { name: 'Confirmar Pagamento' }));
    await vi.waitFor(() => expect(payCalls()).toHaveLength(1));
    expect(payCalls()[0]?.body).toEqual({ cartId: 9, addressId: 7, paymentMethod: 'Pix', deliveryMethod: 'Entrega' });
  });

  test('paga com cartId, addressId, paymentMethod e uma Idempotency-Key', async () => {
    const result = {
      payment: { id: 1, paymentMethod: 'Pix', totalValue: 10, status: 'Pendente', pixCode: '000201' },
      order: { id: 2, status: 'Aguardando pagamento' },
    };
    const waiting = 'Pedido criado! Ele aguarda o pagamento do Pix para ser processado.';
    serve([address], () => json(201, { data: result, message: waiting }));
    const person = userEvent.setup();
    const onPaid = renderDialog();
    await choose(person, 'Pix');
    await person.click(screen.getByRole('button', { name: 'Confirmar Pagamento' }));
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith(result, waiting));
    const [call] = payCalls();
    expect(call?.body).toEqual({ cartId: 9, addressId: 4, paymentMethod: 'Pix', deliveryMethod: 'Entrega' });
    expect(call?.key).toMatch(/^[\w-]{32,36}$/);
  });

  test('a falha mostra "Erro ao processar pagamento: " + a mensagem, e a nova tentativa usa outra chave', async () => {
    serve([address], () => json(409, { message: 'Estoque insuficiente para "Ração".', code: 'OUT_OF_STOCK' }));
    const person = userEvent.setup();
    renderDialog();
    await choose(person, 'Boleto');
    await person.click(screen.getByRole('button', { name: 'Confirmar Pagamento' }));
    expect(await screen.findByText('Erro ao processar pagamento: Estoque insuficiente para "Ração".')).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Confirmar Pagamento' }));
    await vi.waitFor(() => expect(payCalls()).toHaveLength(2));
    const [first, second] = payCalls();
    expect(first?.key).not.toBe(second?.key);
  });

  test('sem mensagem do servidor: "Erro desconhecido."', async () => {
    serve([address], () => new Response('', { status: 502 }));
    const person = userEvent.setup();
    renderDialog();
    await choose(person, 'Cartão de Crédito');
    await person.click(screen.getByRole('button', { name: 'Confirmar Pagamento' }));
    expect(await screen.findByText('Erro ao processar pagamento: Erro desconhecido.')).toBeTruthy();
  });

  test('entrega: o frete e o prazo vêm da cotação do CEP, com o total do pedido', async () => {
    serve([address], () => json(500, {}));
    const person = userEvent.setup();
    renderDialog();
    expect(screen.getByRole('radio', { name: /^Entrega/ })).toHaveProperty('checked', true);
    await choose(person, 'Pix');
    expect(await screen.findByText('R$ 15,90 · entrega em até 3 dias')).toBeTruthy();
    expect(screen.getByText('R$ 65,90')).toBeTruthy();
    const quotes = fetchMock.mock.calls.map(([input]) => String(input)).filter((url) => url.includes('/shipping/'));
    expect(quotes).toContain('/api/shipping/quote?cep=01310100&subtotal=50');
  });

  test('um CEP sem entrega mostra a mensagem e sugere a retirada, que paga sem endereço e sem frete', async () => {
    const result = {
      payment: { id: 1, paymentMethod: 'Pix', totalValue: 50, status: 'Pendente' },
      order: { id: 2, status: 'Aguardando pagamento' },
    };
    serve(
      [address],
      () => json(201, { data: result, message: 'Pagamento realizado com sucesso!' }),
      () => json(404, NO_DELIVERY),
    );
    const person = userEvent.setup();
    const onPaid = renderDialog();
    await choose(person, 'Pix');
    expect(await screen.findByText(NO_DELIVERY.message)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Confirmar Pagamento' })).toHaveProperty('disabled', true);
    await person.click(screen.getByRole('button', { name: 'Retirar na loja' }));
    expect(screen.getByRole('radio', { name: /^Retirada na loja/ })).toHaveProperty('checked', true);
    expect(screen.queryByRole('group', { name: 'Endereço de entrega' })).toBeNull();
    expect(screen.getByText('Grátis')).toBeTruthy();
    expect(screen.getAllByText('R$ 50,00')).toHaveLength(2);
    await person.click(screen.getByRole('button', { name: 'Confirmar Pagamento' }));
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalledWith(result, 'Pagamento realizado com sucesso!'));
    expect(payCalls()[0]?.body).toEqual({
      cartId: 9,
      paymentMethod: 'Pix',
      deliveryMethod: 'Retirada na loja',
    });
  });

  test('com uma loja, a retirada mostra o endereço e o horário dela, sem escolha', async () => {
    serve([address], () => json(500, {}));
    const person = userEvent.setup();
    renderDialog();
    await person.click(await screen.findByRole('radio', { name: /^Retirada na loja/ }));
    expect(await screen.findByText(/Avenida Paulista, 1000 · Bela Vista · São Paulo\/SP · CEP 01310-100/)).toBeTruthy();
    expect(screen.getByText(/segunda-feira a sábado, das 08:00 às 18:00/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Loja de retirada' })).toBeNull();
  });

  test('com várias lojas, a retirada escolhe a loja e a envia no pagamento', async () => {
    const result: PaymentResult = {
      payment: { id: 3, paymentMethod: 'Pix', totalValue: 50, status: 'Pendente' },
      order: { id: 3, status: 'Aguardando pagamento' },
    };
    serve([address], () => json(201, { data: result }), undefined, [
      MAIN_STORE,
      store(2, 'Loja Moema', 'Avenida Ibirapuera'),
    ]);
    const person = userEvent.setup();
    const onPaid = renderDialog();
    await choose(person, 'Pix');
    await person.click(screen.getByRole('radio', { name: /^Retirada na loja/ }));
    const group = await screen.findByRole('group', { name: 'Loja de retirada' });
    expect(group.textContent).toContain('Avenida Ibirapuera, 1000');
    await person.click(screen.getByRole('radio', { name: /^Loja Moema/ }));
    await person.click(screen.getByRole('button', { name: 'Confirmar Pagamento' }));
    await vi.waitFor(() => expect(onPaid).toHaveBeenCalled());
    expect(payCalls()[0]?.body).toEqual({
      cartId: 9,
      paymentMethod: 'Pix',
      deliveryMethod: 'Retirada na loja',
      storeId: 2,
    });
  });

  test('sem endereços, oferece o cadastro em /user', async () => {
    serve([], () => json(500, {}));
    renderDialog();
    expect(await screen.findByText('Você ainda não tem endereços cadastrados.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Cadastrar endereço' }).getAttribute('href')).toBe('/user');
  });
});
