import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { DESKTOP, setUpBrowser } from './support/browser';
import { workingDay } from './support/days';
import { paidOrder } from './support/orders-api';
import { revealRow } from './support/paginated-list';

const { newPage } = setUpBrowser();

/** A date far enough ahead that no other journey books the same employee then. */
const farDate = () => workingDay(new Date(Date.now() + (90 + randomInt(3000)) * 86_400_000).toISOString().slice(0, 10));
const brDate = (iso: string) => iso.split('-').reverse().join('/');

/** The page's tel: links to a phone of zeros (a deleted account's): none may be offered to call. */
const zeroTelLinks = (page: Page) =>
  page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href^="tel:"]')]
      .map((link) => link.getAttribute('href') ?? '')
      .filter((href) => /^tel:(\+55)?0+$/.test(href)),
  );

describe('conta excluída (LGPD) vista pela equipe', () => {
  test("o telefone zerado não vira link '(00) 0000-0000': agenda, agendamentos, vendas e usuários", async () => {
    const customer = await createCustomer();
    const { token } = customer.session;
    const admin = await loginAsAdmin();
    const banho = (await api<{ id: number; name: string }[]>('/services')).find((each) => each.name === 'Banho');
    if (!banho) throw new Error('serviço Banho ausente nos dados de demonstração');
    const [employer] = await api<{ id: number; name: string }[]>(`/employers/service/${banho.id}`, { token });
    const petName = `Rex${Date.now().toString(36)}`;
    const pet = await api<{ id: number }>('/pets', {
      method: 'POST',
      token,
      body: { name: petName, age: 3, specie: 'Cachorro', size: 'Médio' },
    });
    const date = farDate();
    const appointment = await api<{ id: number }>('/appointments', {
      method: 'POST',
      token,
      body: {
        service_id: banho.id,
        employer_id: employer?.id,
        pet_id: pet.id,
        appointment_date: date,
        appointment_time: '10:00',
      },
    });
    // Done before the account goes: deleting cancels only what is still active, so staff keep seeing this one.
    for (const status of ['Em atendimento', 'Concluído'])
      await api(`/appointments/${appointment.id}/status`, { method: 'PUT', token: admin.token, body: { status } });
    const { orderId } = await paidOrder(token);
    await api(`/user/${customer.session.user.id}`, {
      method: 'DELETE',
      token: admin.token,
      body: { cancelOpenOrders: true },
    });

    // The appointments list.
    const desk = await newPage({ session: admin, viewport: DESKTOP });
    await desk.goto('/adminAppointments');
    const row = await revealRow(desk, `${brDate(date)} 10:00`);
    await row.filter({ hasText: petName }).getByText('sem telefone').waitFor();
    expect(await row.filter({ hasText: petName }).getByRole('link').count()).toBe(0);
    expect(await zeroTelLinks(desk)).toEqual([]);
    expect(await desk.getByText('(00) 0000-0000').count()).toBe(0);
    await expectNoSeriousA11yIssues(desk, '/adminAppointments com conta excluída');

    // The day's agenda: the block, its status dialog.
    await desk.goto('/adminAgenda');
    await desk.getByLabel('Data').fill(date);
    const block = desk.getByRole('button', { name: new RegExp(`^10:00 às \\d{2}:\\d{2}, ${petName} `) });
    await block.waitFor();
    const item = desk.getByRole('listitem').filter({ has: block });
    await item.getByText('sem telefone').waitFor();
    expect(await item.getByRole('link').count()).toBe(0);
    expect(await desk.getByText('(00) 0000-0000').count()).toBe(0);
    await expectNoSeriousA11yIssues(desk, '/adminAgenda com conta excluída');
    await block.click();
    const dialog = desk.getByRole('dialog', { name: `${petName} · Banho` });
    await dialog.getByText('sem telefone').waitFor();
    expect(await dialog.getByRole('link').count()).toBe(0);
    expect(await zeroTelLinks(desk)).toEqual([]);
    await desk.keyboard.press('Escape');

    // Sales: the order stays for the books, under 'Conta excluída', with no phone to call.
    await desk.goto('/adminSales');
    const sale = await revealRow(desk, `#${orderId}`);
    await sale.getByText('Conta excluída').waitFor();
    await sale.getByRole('button', { name: `Ver pedido #${orderId}` }).click();
    const detail = desk.getByRole('dialog', { name: `Pedido #${orderId}` });
    await detail.getByText('Conta excluída').first().waitFor();
    expect(await zeroTelLinks(desk)).toEqual([]);
    expect(await desk.getByText('(00) 0000-0000').count()).toBe(0);
    await expectNoSeriousA11yIssues(desk, '/adminSales pedido de conta excluída');
    await desk.keyboard.press('Escape');

    // Users: the deleted account is not listed (its e-mail was erased), so no phone of it either.
    await desk.goto('/adminUsers');
    await desk.getByLabel('Buscar usuários').fill(customer.email);
    await desk.getByLabel('Buscar usuários').press('Enter');
    await desk.getByText('Nenhum usuário encontrado', { exact: false }).waitFor();
    expect(await zeroTelLinks(desk)).toEqual([]);
    await expectNoSeriousA11yIssues(desk, '/adminUsers sem a conta excluída');
  });
});
