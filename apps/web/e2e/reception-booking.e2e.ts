import { formatDate } from '@petshop/domain';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, login, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';
import { workingDayFromToday } from './support/days';

const { newPage } = setUpBrowser();

interface Named {
  id: number;
  name: string;
}

const timeOptions = async (page: Page) =>
  (await page.getByLabel('Horário').locator('option:not([disabled])').allTextContents()).map((t) => t.trim());

describe('a recepção agenda para um cliente', () => {
  test('a atendente entra, acha o cliente, agenda um banho para o pet dele e o cliente vê em Meus Agendamentos', async () => {
    const admin = await loginAsAdmin();
    const bath = (await api<Named[]>('/services?limit=200')).find((s) => s.name === 'Banho');
    if (!bath) throw new Error('demo service Banho missing');

    // A receptionist of the main store, made by the owner.
    const desk = await createCustomer();
    await api(`/user/${desk.session.user.id}/role`, {
      method: 'PUT',
      token: admin.token,
      body: { role: 'reception', storeIds: [1] },
    });
    // A customer who calls the shop: Mel is registered, and nothing is booked yet.
    const customer = await createCustomer();
    await api<Named>('/pets', {
      method: 'POST',
      token: customer.session.token,
      body: { name: 'Mel', age: 2, specie: 'Cachorro', size: 'Pequeno' },
    });

    // The receptionist signs in on her phone.
    const page = await newPage({ viewport: PHONE });
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(desk.email);
    await page.getByLabel('Senha').fill(desk.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));

    await page.goto('/adminAgenda');
    await page.getByRole('link', { name: 'Novo agendamento' }).click();
    await page.waitForURL('**/adminAppointments/novo');
    await page.getByRole('heading', { level: 1, name: 'Novo agendamento' }).waitFor();

    await page.getByLabel('Buscar cliente').fill(customer.email);
    await page.getByRole('button', { name: new RegExp(customer.name) }).click();
    await page.getByLabel('Pet').selectOption({ label: 'Mel (Cachorro, porte Pequeno)' });
    await page.getByLabel('Serviço').selectOption({ label: 'Banho' });
    const professionals = page.getByLabel('Profissional').locator('option:not([disabled])');
    await expect.poll(() => professionals.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    // The last professional of the service, four working days ahead: clear of the other journeys.
    const employee = (await professionals.allTextContents()).at(-1) ?? '';
    await page.getByLabel('Profissional').selectOption({ label: employee });
    const date = workingDayFromToday(4);
    await page.getByLabel('Data').fill(date);
    await expect.poll(() => timeOptions(page), { timeout: 15_000 }).not.toEqual([]);
    const time = (await timeOptions(page)).at(-1) ?? '';
    await page.getByLabel('Horário').selectOption(time);
    await page.getByText(`Banho para Mel em ${formatDate(date)} às ${time}`).waitFor();
    await expectNoSeriousA11yIssues(page, 'novo agendamento pela recepção (360 px)');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Confirmar agendamento' }).click();

    await page.getByText('Agendamento realizado com sucesso!').first().waitFor();
    await page.waitForURL(`**/adminAgenda?date=${date}`);

    // The customer sees it among their appointments.
    const own = await newPage({ session: customer.session });
    await own.goto('/user');
    const card = own.getByRole('region', { name: 'Meus Agendamentos' });
    const row = card.getByRole('row').filter({ hasText: `${formatDate(date)} ${time}` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Banho');
    expect(await row.textContent()).toContain('Mel');
    expect(await row.textContent()).toContain(employee.split(' — ')[0] ?? '');
  });

  test('um cliente sem pets: a atendente cadastra o pet no próprio agendamento, ele fica escolhido e o banho é dele', async () => {
    const admin = await loginAsAdmin();
    const desk = await createCustomer();
    await api(`/user/${desk.session.user.id}/role`, {
      method: 'PUT',
      token: admin.token,
      body: { role: 'reception', storeIds: [1] },
    });
    // A first-time customer who calls: no pet registered yet.
    const customer = await createCustomer();

    const page = await newPage({ viewport: PHONE });
    await page.goto('/login');
    await page.getByLabel('E-mail').fill(desk.email);
    await page.getByLabel('Senha').fill(desk.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await page.goto('/adminAppointments/novo');
    await page.getByLabel('Buscar cliente').fill(customer.email);
    await page.getByRole('button', { name: new RegExp(customer.name) }).click();
    await page.getByRole('option', { name: 'Este cliente não tem pets cadastrados' }).waitFor({ state: 'attached' });

    await page.getByRole('button', { name: 'Cadastrar pet' }).click();
    const dialog = page.getByRole('dialog', { name: 'Cadastrar Pet' });
    await dialog.getByLabel('Nome').fill('Paçoca');
    await dialog.getByLabel('Idade').fill('3');
    await dialog.getByLabel('Espécie').selectOption('Gato');
    await dialog.getByLabel('Porte').selectOption('Pequeno');
    await expectNoSeriousA11yIssues(page, 'cadastrar pet na recepção (360 px)');
    await dialog.getByRole('button', { name: 'Cadastrar' }).click();
    await dialog.waitFor({ state: 'detached' });

    const pet = page.getByLabel('Pet');
    await expect
      .poll(() => pet.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent ?? ''))
      .toBe('Paçoca (Gato, porte Pequeno)');
    // The pet is the customer's, not the receptionist's.
    const own = await api<Named[]>('/pets', { token: customer.session.token });
    expect(own.map((each) => each.name)).toEqual(['Paçoca']);
    // Her session from before the role change ended with it; the one she signs in with now has no pets.
    const deskSession = await login(desk.email, desk.password);
    expect(await api<Named[]>('/pets', { token: deskSession.token })).toEqual([]);

    await page.getByLabel('Serviço').selectOption({ label: 'Banho' });
    const professionals = page.getByLabel('Profissional').locator('option:not([disabled])');
    await expect.poll(() => professionals.count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.getByLabel('Profissional').selectOption({ label: (await professionals.allTextContents()).at(-1) ?? '' });
    const date = workingDayFromToday(5);
    await page.getByLabel('Data').fill(date);
    await expect.poll(() => timeOptions(page), { timeout: 15_000 }).not.toEqual([]);
    const time = (await timeOptions(page)).at(-1) ?? '';
    await page.getByLabel('Horário').selectOption(time);
    await page.getByText(`Banho para Paçoca em ${formatDate(date)} às ${time}`).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByRole('button', { name: 'Confirmar agendamento' }).click();
    await page.waitForURL(`**/adminAgenda?date=${date}`);
    const mine = await api<{ pet: { name: string }; appointment_date: string }[]>('/appointments', {
      token: customer.session.token,
    });
    expect(mine.map((each) => [each.pet.name, each.appointment_date])).toEqual([['Paçoca', date]]);
  });
});
