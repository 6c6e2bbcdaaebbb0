import { addDays, formatDate } from '@petshop/domain';
import { describe, expect, test } from 'vitest';
import { api, createCustomer } from './support/api';
import { PHONE, setUpBrowser } from './support/browser';
import { workingDay, workingDayFromToday } from './support/days';

const { newPage } = setUpBrowser();

interface Named {
  id: number;
  name: string;
}

/** A customer with a pet and one appointment of 'Tosa' in `days` days at `time`. */
async function customerWithAppointment(days: number, time: string) {
  const customer = await createCustomer();
  const { token } = customer.session;
  const pet = await api<Named>('/pets', {
    method: 'POST',
    token,
    body: { name: 'Pipoca', age: 2, specie: 'Gato', size: 'Pequeno' },
  });
  const tosa = (await api<Named[]>('/services?limit=200')).find((s) => s.name === 'Tosa');
  if (!tosa) throw new Error('demo service Tosa missing');
  const [employee] = await api<Named[]>(`/employers/service/${tosa.id}`, { token });
  if (!employee) throw new Error('no employee for Tosa');
  const date = workingDayFromToday(days);
  await api('/appointments', {
    method: 'POST',
    token,
    body: {
      service_id: tosa.id,
      employer_id: employee.id,
      pet_id: pet.id,
      appointment_date: date,
      appointment_time: time,
    },
  });
  return { ...customer, date, employee };
}

describe('meus agendamentos', () => {
  test('remarcar e cancelar um agendamento em /user', async () => {
    const { session, date, employee } = await customerWithAppointment(2, '14:00');
    const page = await newPage({ session });
    await page.goto('/user');
    const card = page.getByRole('region', { name: 'Meus Agendamentos' });
    const when = `${formatDate(date)} 14:00`;
    const row = card.getByRole('row').filter({ hasText: when });
    await row.waitFor();
    expect(await row.textContent()).toContain(employee.name);

    await card.getByRole('button', { name: `Editar agendamento de ${when}` }).click();
    const edit = page.getByRole('dialog', { name: 'Editar Agendamento' });
    await edit.waitFor();
    await expect.poll(() => edit.getByLabel('Data').inputValue()).toBe(date);
    const newDate = workingDay(addDays(date, 1));
    await edit.getByLabel('Data').fill(newDate);
    await expect
      .poll(async () => edit.getByLabel('Horário').locator('option:not([disabled])').allTextContents())
      .toContain('16:30');
    await edit.getByLabel('Horário').selectOption('16:30');
    await edit.getByRole('button', { name: 'Confirmar' }).click();
    await page.getByText('Agendamento atualizado com sucesso!').waitFor();
    await edit.waitFor({ state: 'detached' });
    const moved = `${formatDate(newDate)} 16:30`;
    await card.getByRole('row').filter({ hasText: moved }).waitFor();
    expect(await card.getByRole('row').filter({ hasText: when }).count()).toBe(0);

    await card.getByRole('button', { name: `Cancelar agendamento de ${moved}` }).click();
    const confirm = page.getByRole('dialog', { name: 'Confirmar Cancelamento' });
    await confirm.getByText('Você tem certeza que deseja cancelar este agendamento?').waitFor();
    await confirm.getByRole('button', { name: 'Sim' }).click();
    await page.getByText('Agendamento cancelado com sucesso!').waitFor();
    await card.getByText('Nenhum agendamento encontrado.').waitFor();
  });

  test('no celular a tabela vira linhas empilhadas e cabe na tela', async () => {
    const { session, date } = await customerWithAppointment(3, '08:30');
    const page = await newPage({ session, viewport: PHONE });
    await page.goto('/user');
    const card = page.getByRole('region', { name: 'Meus Agendamentos' });
    const when = `${formatDate(date)} 08:30`;
    await card.getByRole('rowheader', { name: when }).waitFor();
    const display = await card.getByRole('rowheader', { name: when }).evaluate((el) => getComputedStyle(el).display);
    expect(display).toBe('flex');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await card.getByRole('button', { name: `Editar agendamento de ${when}` }).waitFor();
  });
});
