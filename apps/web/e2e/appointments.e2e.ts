import { addDays, formatDate, formatMoney } from '@petshop/domain';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { DESKTOP, PHONE, setUpBrowser } from './support/browser';
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
  const booked = await api<Booked>('/appointments', {
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
  return { ...customer, date, employee, pet, tosa, booked };
}

interface Booked {
  id: number;
  price: number;
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

  test('cada agendamento mostra status e valor; concluídos, perdidos e cancelados ficam na aba Histórico (1280 e 360 px)', async () => {
    const { session, date, employee, pet, tosa, booked } = await customerWithAppointment(
      5 + Math.floor(Math.random() * 40),
      '09:00',
    );
    const { token } = session;
    const book = (time: string) =>
      api<Booked>('/appointments', {
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
    const done = await book('10:00');
    const missed = await book('11:00');
    const dropped = await book('12:00');
    const admin = await loginAsAdmin();
    const move = (id: number, status: string) =>
      api(`/appointments/${id}/status`, { method: 'PUT', token: admin.token, body: { status } });
    await move(done.id, 'Em atendimento');
    await move(done.id, 'Concluído');
    await move(missed.id, 'Não compareceu');
    await api(`/appointments/${dropped.id}`, { method: 'DELETE', token });
    const price = formatMoney(booked.price);
    const at = (time: string) => `${formatDate(date)} ${time}`;

    for (const viewport of [DESKTOP, PHONE]) {
      const page = await newPage({ session, viewport });
      await page.goto('/user');
      const card = page.getByRole('region', { name: 'Meus Agendamentos' });
      const upcoming = card.getByRole('tabpanel', { name: 'Próximos' });
      const open = upcoming.getByRole('row').filter({ hasText: at('09:00') });
      await open.waitFor();
      expect(await open.getByRole('cell').allTextContents()).toEqual(expect.arrayContaining(['Agendado', price]));
      expect(
        await upcoming
          .getByRole('row')
          .filter({ hasText: at('10:00') })
          .count(),
      ).toBe(0);

      await card.getByRole('tab', { name: 'Histórico' }).click();
      const history = card.getByRole('tabpanel', { name: 'Histórico' });
      await history.getByRole('rowheader', { name: at('12:00') }).waitFor();
      const rows = history.getByRole('row').filter({ has: page.getByRole('rowheader') });
      // the latest first, each with its status and the price kept at booking
      expect(await rows.getByRole('rowheader').allTextContents()).toEqual([at('12:00'), at('11:00'), at('10:00')]);
      for (const [time, status] of [
        ['12:00', 'Cancelado'],
        ['11:00', 'Não compareceu'],
        ['10:00', 'Concluído'],
      ]) {
        const cells = await rows
          .filter({ hasText: at(time ?? '') })
          .getByRole('cell')
          .allTextContents();
        expect(cells).toEqual(expect.arrayContaining([status, price]));
      }
      // nothing to edit or cancel in the history
      expect(await history.getByRole('button', { name: /Editar|Cancelar/ }).count()).toBe(0);
      const layout = await history
        .getByRole('rowheader', { name: at('12:00') })
        .evaluate((el) => getComputedStyle(el).display);
      // a table at desktop, stacked label/value cards on a phone
      expect(layout).toBe(viewport === PHONE ? 'flex' : 'table-cell');
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await expectNoSeriousA11yIssues(page, `/user histórico de agendamentos (${viewport.width} px)`);
      await page.close();
    }
  });
});
