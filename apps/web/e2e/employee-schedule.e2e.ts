import { addDays, businessMoment, formatDate, weekdayOf } from '@petshop/domain';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';
import { revealRow } from './support/paginated-list';

const { newPage } = setUpBrowser();

interface Named {
  id: number;
  name: string;
}

/** The first Tuesday after today (never today: its slots may have gone by). */
function nextTuesday() {
  let date = addDays(businessMoment().date, 1);
  while (weekdayOf(date) !== 2) date = addDays(date, 1);
  return date;
}

const timeOptions = async (page: Page) =>
  (await page.getByLabel('Horário').locator('option:not([disabled])').allTextContents()).map((t) => t.trim());

describe('horários de trabalho dos funcionários', () => {
  test('o admin deixa só terça 10:00–12:00 e uma folga; o cliente vê só esses horários e nada na folga', async () => {
    const admin = await loginAsAdmin();
    const stamp = Date.now();
    const service = await api<Named>('/services', {
      method: 'POST',
      token: admin.token,
      body: { name: `Hidratação ${stamp}`, price: 70, durationMinutes: 30 },
    });
    const name = `Rita Horários ${stamp}`;
    const employee = await api<Named>('/employers', {
      method: 'POST',
      token: admin.token,
      body: { name, phone: '11987654321', position: 'Banhista', service_id: service.id },
    });
    const tuesday = nextTuesday();
    const dayOff = addDays(tuesday, 7);

    // The admin, on a phone
    const adminPage = await newPage({ session: admin, viewport: PHONE });
    await adminPage.goto('/adminEmployers');
    const row = await revealRow(adminPage, name);
    await row.getByRole('button', { name: `Horários de ${name}` }).click();
    const dialog = adminPage.getByRole('dialog', { name: `Horários de ${name}` });
    await dialog.getByLabel('Terça-feira: início').waitFor();
    await dialog.getByText('Nenhuma folga marcada.').waitFor();
    for (const day of ['Segunda-feira', 'Quarta-feira', 'Quinta-feira', 'Sexta-feira', 'Sábado']) {
      await dialog.getByLabel(`${day}: folga`).check();
    }
    await dialog.getByLabel('Terça-feira: início').selectOption('10:00');
    await dialog.getByLabel('Terça-feira: fim').selectOption('12:00');
    await dialog.getByLabel('Nova folga').fill(dayOff);
    await dialog.getByRole('button', { name: 'Adicionar folga' }).click();
    await dialog.getByText(formatDate(dayOff)).waitFor();
    expect(await adminPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yIssues(adminPage, 'horários do funcionário (360 px)');
    await dialog.getByRole('button', { name: 'Salvar horários' }).click();
    await adminPage.getByText('Horários salvos com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });
    expect(await api(`/employers/${employee.id}/schedule`, { token: admin.token })).toEqual({
      week: [{ weekday: 2, start: '10:00', end: '12:00' }],
      daysOff: [dayOff],
    });

    // Reopened, the dialog shows what was saved
    await row.getByRole('button', { name: `Horários de ${name}` }).click();
    await dialog.getByText(formatDate(dayOff)).waitFor();
    expect(await dialog.getByLabel('Terça-feira: fim').inputValue()).toBe('12:00');
    expect(await dialog.getByLabel('Segunda-feira: folga').isChecked()).toBe(true);

    // A customer books
    const customer = await createCustomer();
    await api('/pets', {
      method: 'POST',
      token: customer.session.token,
      body: { name: 'Pituca', age: 3, specie: 'Cachorro', size: 'Pequeno' },
    });
    const page = await newPage({ session: customer.session });
    await page.goto(`/services/${service.id}`);
    await page.getByLabel('Pet').selectOption({ label: 'Pituca' });
    await page.getByLabel('Funcionário').selectOption(String(employee.id));
    await page.getByLabel('Data').fill(tuesday);
    await expect.poll(() => timeOptions(page)).toEqual(['10:00', '10:30', '11:00', '11:30']);

    await page.getByLabel('Data').fill(dayOff);
    await page.getByLabel('Horário').locator('option', { hasText: 'Nenhum horário disponível' }).waitFor({
      state: 'attached',
    });
    expect(await timeOptions(page)).toEqual([]);

    await page.getByLabel('Data').fill(tuesday);
    await expect.poll(() => timeOptions(page)).toContain('11:30');
    await page.getByLabel('Horário').selectOption('11:30');
    await page.getByRole('button', { name: 'Agendar' }).click();
    await page.getByText('Agendamento realizado com sucesso!').waitFor();
  });
});
