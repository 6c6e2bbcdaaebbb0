import { addDays, businessToday, formatDate, type SubscriptionView } from '@petshop/domain';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, test } from 'vitest';
import { installFetchStub, renderWithQueries } from '../../../test/render';
import { MySubscriptionCard } from './my-subscription-card';

const { fetchMock } = installFetchStub();

const today = businessToday();
const subscription = (over: Partial<SubscriptionView> = {}): SubscriptionView => ({
  id: 5,
  planId: 1,
  planName: 'Banho semanal',
  frequency: 'SEMANAL',
  price: 79.9,
  petId: 7,
  petName: 'Thor',
  userId: 3,
  customerName: 'Ana',
  employeeId: 2,
  employeeName: 'Juliana',
  weekday: 3,
  time: '10:00',
  status: 'Ativa',
  paymentMethod: 'Pix Automático',
  nextDates: [
    { appointmentId: 11, date: addDays(today, 2), time: '10:00' },
    { appointmentId: 12, date: addDays(today, 9), time: '09:30' },
  ],
  toRebook: [addDays(today, 16)],
  authorization: null,
  nextCharge: null,
  createdAt: new Date().toISOString(),
  ...over,
});

const reply = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });

describe('MySubscriptionCard', () => {
  test('mostra as próximas datas e as a remarcar; pausar chama a API', async () => {
    fetchMock.mockImplementation(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = String(input);
      if (url === '/api/subscriptions/5/pause' && init?.method === 'POST') {
        return reply({ data: subscription({ status: 'Pausada', nextDates: [] }), message: 'Assinatura pausada.' });
      }
      if (url.startsWith('/api/sandbox')) return new Response('{}', { status: 404 });
      return reply({ data: [subscription()] });
    });
    const person = userEvent.setup();
    renderWithQueries(<MySubscriptionCard petId={7} />);
    expect(await screen.findByText(`${formatDate(addDays(today, 2))} às 10:00`)).toBeTruthy();
    expect(screen.getByText(`${formatDate(addDays(today, 9))} às 09:30`)).toBeTruthy();
    expect(screen.getByText(/A equipe vai remarcar/).textContent).toContain(formatDate(addDays(today, 16)));
    await person.click(screen.getByRole('button', { name: 'Pausar' }));
    expect(
      fetchMock.mock.calls.some(
        ([url, init]) => String(url) === '/api/subscriptions/5/pause' && init?.method === 'POST',
      ),
    ).toBe(true);
  });

  test('sem assinatura para este pet: estado vazio', async () => {
    fetchMock.mockImplementation(async () => reply({ data: [subscription({ petId: 99 })] }));
    renderWithQueries(<MySubscriptionCard petId={7} />);
    expect(await screen.findByText(/Este pet não tem assinatura/)).toBeTruthy();
  });
});
