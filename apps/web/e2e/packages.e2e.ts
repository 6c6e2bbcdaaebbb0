import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin } from './support/api';
import { PHONE, setUpBrowser } from './support/browser';
import { workingDayFromToday } from './support/days';

const { newPage } = setUpBrowser();

interface Named {
  id: number;
  name: string;
}

const timeOptions = async (page: Page) =>
  (await page.getByLabel('Horário').locator('option:not([disabled])').allTextContents()).map((t) => t.trim());

describe('pacotes', () => {
  test('comprar um pacote por Pix → créditos em Meus pacotes → agendar usando o crédito (R$ 0,00)', async () => {
    const admin = await loginAsAdmin();
    const bath = (await api<Named[]>('/services?limit=200')).find((s) => s.name === 'Banho');
    if (!bath) throw new Error('demo service Banho missing');
    const name = `4 banhos — porte Médio ${Math.random().toString(36).slice(2, 7)}`;
    await api('/packages', {
      method: 'POST',
      token: admin.token,
      body: { name, serviceId: bath.id, size: 'Médio', credits: 4, validityDays: 45, price: 300 },
    });
    const { session } = await createCustomer();
    const pet = await api<Named>('/pets', {
      method: 'POST',
      token: session.token,
      body: { name: 'Pipoca', age: 3, specie: 'Cachorro', size: 'Médio' },
    });

    // On a phone: the offer, the form and the Pix dialog fit 360 px.
    const page = await newPage({ session, viewport: PHONE });
    await page.goto('/services');
    const offer = page.getByRole('region', { name: 'Pacotes e planos' });
    const item = offer.getByRole('listitem').filter({ hasText: name });
    await item.getByText('R$ 300,00').waitFor();
    await item.getByText('Banho · porte Médio').waitFor();
    await item.getByRole('button', { name: 'Comprar pacote' }).click();
    await item.getByLabel('Pet').selectOption({ label: 'Pipoca' });
    await item.getByLabel('Forma de pagamento').selectOption('Pix');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await item.getByRole('button', { name: 'Comprar por R$ 300,00' }).click();

    const pix = page.getByRole('dialog', { name: 'Pagamento com Pix' });
    await pix.getByRole('img', { name: /QR Code do Pix/ }).waitFor();
    // Not paid yet: no credits.
    expect(await api<unknown[]>(`/pets/${pet.id}/credits`, { token: session.token })).toEqual([]);
    await pix.getByRole('button', { name: 'Simular pagamento (ambiente de testes)' }).click();
    await pix.getByText('Pagamento realizado com sucesso!').waitFor();
    await page.waitForURL(`**/myPets/${pet.id}`, { timeout: 10_000 });
    const mine = page.getByRole('region', { name: 'Meus pacotes' });
    // Below the health card: its content loads as it comes near the viewport.
    await mine.scrollIntoViewIfNeeded();
    await mine.getByText(name).waitFor();
    await mine.getByText(/4 créditos · válido até/).waitFor();

    const employee = (await api<Named[]>(`/employers/service/${bath.id}`, { token: session.token })).at(-1);
    if (!employee) throw new Error('no employee for Banho');
    const day = workingDayFromToday(3);
    await page.goto(`/services/${bath.id}`);
    await page.getByLabel('Pet').selectOption({ label: 'Pipoca' });
    const useCredit = page.getByLabel('Usar crédito do pacote');
    await useCredit.waitFor();
    expect(await useCredit.isChecked()).toBe(true);
    await page.getByText(`Pago com o pacote ${name}`).waitFor();
    await page.getByLabel('Funcionário').selectOption(String(employee.id));
    await page.getByLabel('Data').fill(day);
    await expect.poll(() => timeOptions(page)).toContain('14:00');
    await page.getByLabel('Horário').selectOption('14:00');
    await page.getByRole('button', { name: 'Agendar' }).click();
    await page.getByText('Agendamento realizado com sucesso!').waitFor();

    const booked = await api<{ appointment_date: string; price: number; paidWith: string | null }[]>('/appointments', {
      token: session.token,
    });
    expect(booked.find((a) => a.appointment_date === day)).toMatchObject({ price: 0, paidWith: 'Pacote' });
    const credits = await api<{ remaining: number }[]>(`/pets/${pet.id}/credits`, { token: session.token });
    expect(credits).toMatchObject([{ remaining: 3 }]);
  });
});

describe('pacotes na administração', () => {
  test('o dono cadastra um pacote na tela Pacotes; ele aparece na página de serviços e o painel mostra os créditos a vencer', async () => {
    const admin = await loginAsAdmin();
    const name = `Pacote da tela ${Math.random().toString(36).slice(2, 7)}`;
    const page = await newPage({ session: admin });
    await page.goto('/adminPackages');
    await page.getByRole('heading', { level: 1, name: 'Pacotes' }).waitFor();
    await page.getByRole('button', { name: 'Novo pacote' }).click();
    const form = page.getByRole('form', { name: 'Novo pacote' });
    await form.getByLabel('Nome', { exact: true }).fill(name);
    await form.getByLabel('Serviço', { exact: true }).selectOption({ label: 'Banho' });
    await form.getByLabel('Porte').selectOption('Grande');
    await form.getByLabel('Créditos').fill('5');
    await form.getByLabel('Validade (dias)').fill('60');
    await form.getByLabel('Preço', { exact: true }).fill('400,00');
    await form.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Pacote cadastrado com sucesso!').waitFor();
    const row = page.getByRole('row').filter({ hasText: name });
    await row.getByText('R$ 400,00').waitFor();
    await row.getByText('60 dias').waitFor();

    await page.goto('/services');
    const item = page.getByRole('region', { name: 'Pacotes e planos' }).getByRole('listitem').filter({ hasText: name });
    await item.getByText('Banho · porte Grande').waitFor();
    await item.getByText('(R$ 80,00 cada)').waitFor();

    await page.goto('/adminDashboard');
    await page.getByRole('region', { name: 'Créditos a vencer em 30 dias' }).waitFor();
  });
});
