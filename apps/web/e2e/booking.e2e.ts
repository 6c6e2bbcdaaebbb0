import { formatDate } from '@petshop/domain';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, createCustomer } from './support/api';
import { PHONE, setUpBrowser } from './support/browser';
import { workingDayFromToday } from './support/days';

const { newPage } = setUpBrowser();

interface Named {
  id: number;
  name: string;
}

const createPet = (token: string, name: string, size = 'Pequeno') =>
  api<Named>('/pets', { method: 'POST', token, body: { name, age: 4, specie: 'Cachorro', size } });

async function serviceNamed(name: string) {
  const service = (await api<Named[]>('/services?limit=200')).find((s) => s.name === name);
  if (!service) throw new Error(`demo service ${name} missing`);
  return service;
}

const employeesOf = (serviceId: number, token: string) => api<Named[]>(`/employers/service/${serviceId}`, { token });

const timeOptions = async (page: Page) =>
  (await page.getByLabel('Horário').locator('option:not([disabled])').allTextContents()).map((t) => t.trim());

describe('agendamento de serviço', () => {
  test('escolher serviço, pet, funcionário, data e horário → toast → /user mostra o agendamento', async () => {
    const { session } = await createCustomer();
    await createPet(session.token, 'Thor');
    const bath = await serviceNamed('Banho');
    // The last employee of the service, so the other browser test (first employee) never competes.
    const employee = (await employeesOf(bath.id, session.token)).at(-1);
    if (!employee) throw new Error('no employee for Banho');
    const nextDay = workingDayFromToday(1);

    const page = await newPage({ session });
    await page.goto('/services');
    await page.getByRole('link', { name: /^Banho (a partir de )?R\$/ }).click();
    await page.waitForURL(`**/services/${bath.id}`);
    await page.getByRole('heading', { level: 1, name: 'Banho' }).waitFor();
    await page.getByText('a partir de R$ 60,00').waitFor();

    await page.getByLabel('Pet').selectOption({ label: 'Thor' });
    await page.getByLabel('Funcionário').selectOption(String(employee.id));
    await page.getByLabel('Data').fill(nextDay);
    await expect.poll(() => timeOptions(page)).toContain('09:00');
    await page.getByLabel('Horário').selectOption('09:00');
    await page.getByRole('button', { name: 'Agendar' }).click();

    await page.getByText('Agendamento realizado com sucesso!').waitFor();
    await page.waitForURL('**/user');
    const card = page.getByRole('region', { name: 'Meus Agendamentos' });
    const row = card.getByRole('row').filter({ hasText: `${formatDate(nextDay)} 09:00` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Banho');
    expect(await row.textContent()).toContain(employee.name);
    expect(await row.textContent()).toContain('Thor');
  });

  test('um horário já reservado não é oferecido a outro cliente, nem no celular', async () => {
    const first = await createCustomer();
    const pet = await createPet(first.session.token, 'Luna');
    const bath = await serviceNamed('Banho');
    const [employee] = await employeesOf(bath.id, first.session.token);
    if (!employee) throw new Error('no employee for Banho');
    const nextDay = workingDayFromToday(1);
    await api('/appointments', {
      method: 'POST',
      token: first.session.token,
      body: {
        service_id: bath.id,
        employer_id: employee.id,
        pet_id: pet.id,
        appointment_date: nextDay,
        appointment_time: '11:00',
      },
    });

    const second = await createCustomer();
    await createPet(second.session.token, 'Bidu');
    const page = await newPage({ session: second.session, viewport: PHONE });
    await page.goto(`/services/${bath.id}`);
    await page.getByLabel('Funcionário').selectOption(String(employee.id));
    await page.getByLabel('Data').fill(nextDay);
    // Banho lasts 60 minutes: 11:00–12:00 is taken, and 10:30 would run into it
    await expect.poll(() => timeOptions(page)).toContain('10:00');
    const offered = await timeOptions(page);
    for (const taken of ['10:30', '11:00', '11:30']) expect(offered).not.toContain(taken);
    expect(offered).toContain('12:00');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test('banho e tosa de um cão grande: o preço do porte e só os horários onde os 90 minutos cabem', async () => {
    const { session } = await createCustomer();
    await createPet(session.token, 'Bóris', 'Grande');
    const groom = await serviceNamed('Banho e Tosa');
    const employee = (await employeesOf(groom.id, session.token)).at(-1);
    if (!employee) throw new Error('no employee for Banho e Tosa');
    const day = workingDayFromToday(2);

    const page = await newPage({ session });
    await page.goto(`/services/${groom.id}`);
    await page.getByRole('heading', { level: 1, name: 'Banho e Tosa' }).waitFor();
    await page.getByText('Duração: 1h30').waitFor();
    await page.getByLabel('Pet').selectOption({ label: 'Bóris' });
    await page.getByText('Preço para porte Grande: R$ 165,00').waitFor();
    await page.getByLabel('Funcionário').selectOption(String(employee.id));
    await page.getByLabel('Data').fill(day);
    await expect.poll(() => timeOptions(page)).toContain('16:30');
    // 17:00 and 17:30 would end after 18:00
    expect(await timeOptions(page)).not.toContain('17:00');
    await page.getByLabel('Horário').selectOption('16:30');
    await page.getByRole('button', { name: 'Agendar' }).click();
    await page.getByText('Agendamento realizado com sucesso!').waitFor();

    const mine = await api<{ appointment_time: string; price: number; durationMinutes: number }[]>('/appointments', {
      token: session.token,
    });
    expect(mine).toEqual([expect.objectContaining({ appointment_time: '16:30', price: 165, durationMinutes: 90 })]);
  });

  test('sem pets, sem serviço e erro do servidor', async () => {
    const { session } = await createCustomer();
    const bath = await serviceNamed('Banho');
    const page = await newPage({ session });
    await page.goto(`/services/${bath.id}`);
    await page.getByLabel('Pet').locator('option', { hasText: 'Nenhum pet disponível' }).waitFor({ state: 'attached' });
    expect(await page.getByRole('link', { name: 'Cadastrar um pet' }).getAttribute('href')).toBe('/myPets');

    // Nothing chosen: the first message of the booking schema (the server's own) is shown.
    await page.getByRole('button', { name: 'Agendar' }).click();
    await page.getByRole('alert').filter({ hasText: 'Selecione um funcionário.' }).waitFor();

    await page.goto('/services/999999');
    await page.getByText('Serviço não encontrado').waitFor();
  });
});
