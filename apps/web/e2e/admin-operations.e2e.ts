import { randomInt } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin } from './support/api';
import { setUpBrowser } from './support/browser';
import { approvedCard } from './support/card';
import { workingDay } from './support/days';
import { revealRow } from './support/paginated-list';

const { newPage } = setUpBrowser();

/** A customer buys one unit of a demo product by card (approved at once: the order is 'Processando'), through the API. */
async function placeOrder(token: string, method: 'Cartão de Crédito' | 'Pix' = 'Cartão de Crédito') {
  const [product] = await api<{ id: number }[]>('/products?limit=1');
  const address = await api<{ id: number }>('/addresses', {
    method: 'POST',
    token,
    body: {
      street: 'Avenida Paulista',
      number: '42',
      complement: 'Casa 2',
      district: 'Bela Vista',
      cep: '01310100',
      state_id: 35,
      city_id: 3550308,
    },
  });
  await api('/carts/add', { method: 'POST', token, body: { productId: product?.id, quantity: 1 } });
  const { cart } = await api<{ cart: { id: number } }>('/carts', { token });
  const paid = await api<{ order: { id: number } }>('/payments/pay', {
    method: 'POST',
    token,
    body:
      method === 'Pix'
        ? { cartId: cart.id, addressId: address.id, paymentMethod: 'Pix' }
        : { cartId: cart.id, addressId: address.id, paymentMethod: method, card: await approvedCard() },
  });
  return paid.order.id;
}

/** A date far enough ahead that no other test books the same employee then. */
function futureDate() {
  const date = new Date(Date.now() + (60 + randomInt(3000)) * 86_400_000);
  return workingDay(date.toISOString().slice(0, 10));
}

async function bookAppointment(token: string) {
  const services = await api<{ id: number; name: string }[]>('/services');
  const service = services.find((each) => each.name === 'Banho');
  if (!service) throw new Error('serviço Banho ausente nos dados de demonstração');
  const [employer] = await api<{ id: number; name: string }[]>(`/employers/service/${service.id}`, { token });
  const pet = await api<{ id: number }>('/pets', {
    method: 'POST',
    token,
    body: { name: 'Rex', age: 3, specie: 'Cachorro', size: 'Médio' },
  });
  const date = futureDate();
  const appointment = await api<{ id: number }>('/appointments', {
    method: 'POST',
    token,
    body: {
      service_id: service.id,
      employer_id: employer?.id,
      pet_id: pet.id,
      appointment_date: date,
      appointment_time: '10:00',
    },
  });
  return { id: appointment.id, date, employer: employer?.name ?? '' };
}

const brDate = (iso: string) => iso.split('-').reverse().join('/');

describe('administração de vendas e agendamentos', () => {
  test('o admin vê o pedido pago de um cliente e o cancela; só um pedido nunca pago cancelado é excluído', async () => {
    const customer = await createCustomer();
    const orderId = await placeOrder(customer.session.token);
    const page = await newPage({ session: await loginAsAdmin() });
    await page.goto('/adminSales');
    await page.getByRole('table', { name: 'Pedidos Realizados' }).waitFor();
    const row = await revealRow(page, `#${orderId}`);
    await row.getByText('Processando').waitFor();
    const name = row.getByRole('link', { name: customer.name });
    expect(await name.getAttribute('href')).toBe(`/adminUsers?q=${encodeURIComponent(customer.email)}`);

    await row.getByRole('button', { name: `Ver pedido #${orderId}` }).click();
    const detail = page.getByRole('dialog', { name: `Pedido #${orderId}` });
    await detail.getByText(/Avenida Paulista, 42, Casa 2 — Bela Vista — São Paulo — CEP 01310-100/).waitFor();
    await detail.getByText(customer.email).waitFor();
    await detail.getByRole('button', { name: 'Fechar' }).click();
    await detail.waitFor({ state: 'detached' });

    await row.getByRole('button', { name: `Cancelar pedido #${orderId}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancelar pedido' });
    await confirm.getByText(`Tem certeza de que deseja cancelar o pedido #${orderId}?`).waitFor();
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Pedido cancelado com sucesso!').waitFor();
    await row.getByText('Cancelado').waitFor();
    expect(await row.getByRole('button', { name: `Cancelar pedido #${orderId}` }).count()).toBe(0);

    // Paid by card, then cancelled and refunded: it stays in the books (API.md: a paid order is never deleted).
    expect(await row.getByRole('button', { name: `Excluir pedido #${orderId}` }).count()).toBe(0);

    const unpaidId = await placeOrder(customer.session.token, 'Pix');
    await page.reload();
    const unpaid = await revealRow(page, `#${unpaidId}`);
    await unpaid.getByRole('button', { name: `Cancelar pedido #${unpaidId}` }).click();
    await page.getByRole('dialog', { name: 'Cancelar pedido' }).getByRole('button', { name: 'Sim' }).click();
    await unpaid.getByText('Cancelado', { exact: true }).waitFor();
    await unpaid.getByRole('button', { name: `Excluir pedido #${unpaidId}` }).click();
    const confirmDelete = page.getByRole('dialog', { name: 'Confirmar Exclusão' });
    await confirmDelete.getByRole('button', { name: 'Sim' }).click();
    await confirmDelete.waitFor({ state: 'detached' });
    await unpaid.waitFor({ state: 'detached' });
    await row.getByText('Cancelado').waitFor();
  });

  test('o admin vê um agendamento e o remarca', async () => {
    const customer = await createCustomer();
    const booked = await bookAppointment(customer.session.token);
    const page = await newPage({ session: await loginAsAdmin() });
    await page.goto('/adminAppointments');
    const row = await revealRow(page, `${brDate(booked.date)} 10:00`);
    await row.getByText('Banho').waitFor();
    await row.getByText(booked.employer).waitFor();

    await row.getByRole('button', { name: /^Editar agendamento/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Editar Agendamento' });
    await dialog.getByLabel('Horário').selectOption('15:30');
    await dialog.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Agendamento atualizado com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    await revealRow(page, `${brDate(booked.date)} 15:30`);

    const mine = await api<{ id: number; appointment_time: string }[]>('/appointments', {
      token: customer.session.token,
    });
    expect(mine.find((each) => each.id === booked.id)?.appointment_time.slice(0, 5)).toBe('15:30');
  });
});
