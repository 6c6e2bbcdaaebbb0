import type { PlanView } from '@petshop/domain';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect } from 'react';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderRoutes } from '../../../test/render';
import { type PlanCardFields, SubscribePanel } from './subscribe-panel';

const { fetchMock } = installFetchStub();

const plan: PlanView = {
  id: 1,
  name: 'Banho semanal',
  serviceId: 2,
  serviceName: 'Banho',
  size: 'Médio',
  frequency: 'SEMANAL',
  price: 79.9,
  active: true,
};

const reply = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** Stands for the checkout's card form: hands over a card the PSP tokenized; says whether installments were hidden. */
const FakeCard: PlanCardFields = ({ onReady, recurring }) => {
  useEffect(() => {
    onReady({ tokenize: async () => ({ token: 'tok-plano', installments: 1, paymentMethodId: 'master' }) });
  }, [onReady]);
  return <p>{recurring ? 'cartão sem parcelas' : 'cartão com parcelas'}</p>;
};

function answer(status: 'Ativa' | 'Aguardando autorização') {
  fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input);
    if (url === '/api/pets') return reply({ data: [{ id: 7, name: 'Thor', size: 'Médio' }] });
    if (url === '/api/plans/1/subscribe' && init?.method === 'POST') {
      return reply(
        {
          data: {
            id: 5,
            petId: 7,
            status,
            nextDates: [{ appointmentId: 1, date: '2026-12-02', time: '10:00' }],
            toRebook: [],
            authorization: null,
          },
          message: 'Assinatura criada!',
        },
        201,
      );
    }
    return new Response('{}', { status: 404 });
  });
}

const subscribeBody = () => {
  const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/plans/1/subscribe');
  return JSON.parse(String(call?.[1]?.body));
};

describe('SubscribePanel', () => {
  test('por cartão: o formulário do cartão (sem parcelas) e o token vão na assinatura', async () => {
    answer('Ativa');
    const person = userEvent.setup();
    renderRoutes([{ path: '/services', element: <SubscribePanel plan={plan} CardFields={FakeCard} /> }], '/services');
    await person.selectOptions(await screen.findByLabelText('Pet'), 'Thor');
    expect(screen.queryByText('cartão sem parcelas')).toBeNull();
    await person.selectOptions(screen.getByLabelText('Forma de pagamento'), 'Cartão de Crédito');
    expect(await screen.findByText('cartão sem parcelas')).toBeTruthy();
    await person.click(screen.getByRole('button', { name: 'Assinar' }));
    expect(await screen.findByText(/Assinatura criada: 1 horários agendados/)).toBeTruthy();
    expect(subscribeBody()).toEqual({
      petId: 7,
      weekday: 3,
      time: '10:00',
      paymentMethod: 'Cartão de Crédito',
      card: { token: 'tok-plano', installments: 1, paymentMethodId: 'master' },
    });
  });

  test('uma loja sem Pix oferece só o cartão, já escolhido', async () => {
    answer('Ativa');
    const others = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input) === '/api/payments/config'
        ? reply({
            data: {
              sandbox: false,
              methods: ['Cartão de Débito', 'Cartão de Crédito', 'Boleto'],
              card: { publicKey: 'pk', tokenizeUrl: 'https://psp.example/v1/card_tokens', maxInstallments: 12 },
            },
          })
        : (others as typeof fetch)(input, init),
    );
    const person = userEvent.setup();
    renderRoutes([{ path: '/services', element: <SubscribePanel plan={plan} CardFields={FakeCard} /> }], '/services');
    await person.selectOptions(await screen.findByLabelText('Pet'), 'Thor');
    expect(await screen.findByText('cartão sem parcelas')).toBeTruthy();
    const select = screen.getByLabelText('Forma de pagamento');
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Cartão de Crédito']);
    await person.click(screen.getByRole('button', { name: 'Assinar' }));
    expect(await screen.findByText(/Assinatura criada/)).toBeTruthy();
    expect(subscribeBody().paymentMethod).toBe('Cartão de Crédito');
  });

  test('por Pix Automático: sem cartão', async () => {
    answer('Aguardando autorização');
    const person = userEvent.setup();
    renderRoutes([{ path: '/services', element: <SubscribePanel plan={plan} CardFields={FakeCard} /> }], '/services');
    await person.selectOptions(await screen.findByLabelText('Pet'), 'Thor');
    await person.click(screen.getByRole('button', { name: 'Assinar' }));
    expect(await screen.findByText(/Assinatura criada/)).toBeTruthy();
    expect(subscribeBody()).toEqual({ petId: 7, weekday: 3, time: '10:00', paymentMethod: 'Pix Automático' });
    expect(screen.queryByText(/cartão/)).toBeNull();
  });
});
