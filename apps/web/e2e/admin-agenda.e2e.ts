import { addDays, businessMoment, endTime, formatDate, WEEKDAY_NAMES, weekdayOf } from '@petshop/domain';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { DESKTOP, PHONE, setUpBrowser } from './support/browser';

const { newPage } = setUpBrowser();

interface Named {
  id: number;
  name: string;
}

/** The first day from tomorrow the demo employees work (their default week is Monday to Saturday). */
function workingDay() {
  let date = addDays(businessMoment().date, 1);
  while (weekdayOf(date) === 0) date = addDays(date, 1);
  return date;
}

const box = async (locator: Locator) => {
  const found = await locator.boundingBox();
  if (!found) throw new Error('element not rendered');
  return found;
};

/** The customer books 'Banho e Tosa' (90 minutes) for Thor on the services page; answers the time taken. */
async function bookGrooming(page: Page, serviceId: number, employeeId: number, date: string) {
  await page.goto(`/services/${serviceId}`);
  await page.getByRole('heading', { level: 1, name: 'Banho e Tosa' }).waitFor();
  await page.getByLabel('Pet').selectOption({ label: 'Thor' });
  await page.getByLabel('Funcionário').selectOption(String(employeeId));
  await page.getByLabel('Data').fill(date);
  const offered = page.getByLabel('Horário').locator('option:not([disabled])');
  await expect.poll(() => offered.count()).toBeGreaterThan(0);
  const time = ((await offered.first().textContent()) ?? '').trim();
  await page.getByLabel('Horário').selectOption(time);
  await page.getByRole('button', { name: 'Agendar' }).click();
  await page.getByText('Agendamento realizado com sucesso!').waitFor();
  return time;
}

describe('agenda da equipe', () => {
  test('o cliente agenda; a equipe vê o bloco de 90 minutos, faz o check-in e conclui com observação; o tutor vê a observação no histórico', async () => {
    const customer = await createCustomer();
    const { token } = customer.session;
    const pet = await api<Named>('/pets', {
      method: 'POST',
      token,
      body: { name: 'Thor', age: 5, specie: 'Cachorro', size: 'Grande' },
    });
    const grooming = (await api<Named[]>('/services?limit=200')).find((s) => s.name === 'Banho e Tosa');
    if (!grooming) throw new Error('demo service Banho e Tosa missing');
    // The last employee of the service: no other journey books them.
    const employee = (await api<Named[]>(`/employers/service/${grooming.id}`, { token })).at(-1);
    if (!employee) throw new Error('no employee for Banho e Tosa');
    const date = workingDay();

    const owner = await newPage({ session: customer.session });
    const time = await bookGrooming(owner, grooming.id, employee.id, date);
    const end = endTime(time, 90);

    const admin = await newPage({ session: await loginAsAdmin() });
    await admin.goto('/admin');
    await admin.getByRole('link', { name: /^Agenda(?!mentos)/ }).click();
    await admin.waitForURL('**/adminAgenda');
    await admin.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
    const nav = admin.getByRole('navigation', { name: 'Administração' });
    expect(await nav.getByRole('link', { name: 'Agenda', exact: true }).getAttribute('aria-current')).toBe('page');
    await admin.getByLabel('Data').fill(date);
    await admin.getByRole('heading', { name: `${WEEKDAY_NAMES[weekdayOf(date)]}, ${formatDate(date)}` }).waitFor();

    // The block names the price kept at booking too (Thor has no allergy to show).
    const name = (status: string) =>
      new RegExp(`^${time} às ${end}, Thor \\(Grande\\), Banho e Tosa, R\\$\\s[\\d.,]+, ${status}$`);
    const block = admin.getByRole('button', { name: name('Agendado') });
    await block.waitFor();
    // The block sits in its employee's column and spans the three 30-minute rows of its 90 minutes.
    const column = admin.getByRole('region', { name: new RegExp(`^${employee.name}`) });
    expect(await column.getByRole('button', { name: name('Agendado') }).count()).toBe(1);
    const item = admin.getByRole('listitem').filter({ has: block });
    const row = await box(admin.locator('.agenda-day__time', { hasText: time }));
    const placed = await box(item);
    expect(Math.abs(placed.y - row.y)).toBeLessThanOrEqual(4);
    expect(Math.abs(placed.height - 3 * row.height)).toBeLessThanOrEqual(6);
    expect(await item.getByRole('link', { name: /^Ligar para/ }).getAttribute('href')).toBe(`tel:+55${customer.phone}`);
    await expectNoSeriousA11yIssues(admin, 'agenda do dia');

    // Check-in from the keyboard.
    await block.focus();
    await admin.keyboard.press('Enter');
    const dialog = admin.getByRole('dialog', { name: 'Thor · Banho e Tosa' });
    await dialog.getByRole('button', { name: 'Iniciar atendimento' }).click();
    await admin.getByText('Status do agendamento atualizado.').first().waitFor();
    await dialog.waitFor({ state: 'detached' });

    await admin.getByRole('button', { name: name('Em atendimento') }).click();
    const note = 'Pelo embaraçado nas patas; escovar em casa duas vezes por semana.';
    await dialog.getByLabel('Observação (opcional)').fill(note);
    // A note is the staff's own unless it is marked for the pet's owner.
    await dialog.getByLabel('Mostrar esta observação ao tutor (na carteira de saúde do pet)').check();
    await dialog.getByRole('button', { name: 'Concluir atendimento' }).click();
    await dialog.waitFor({ state: 'detached' });
    await admin.getByRole('button', { name: name('Concluído') }).waitFor();

    // On paper: the grid without the header, the toolbar or its buttons.
    await admin.emulateMedia({ media: 'print' });
    expect(await admin.locator('.site-header').isVisible()).toBe(false);
    expect(await admin.getByRole('button', { name: 'Imprimir' }).isVisible()).toBe(false);
    expect(await admin.getByRole('button', { name: name('Concluído') }).isVisible()).toBe(true);
    await admin.emulateMedia({ media: 'screen' });

    await owner.goto(`/myPets/${pet.id}`);
    const history = owner.getByRole('list', { name: 'Atendimentos' });
    await history.getByText(`Observação: ${note}`).waitFor();
    expect(await history.textContent()).toContain(`${formatDate(date)} às ${time} · Banho e Tosa`);
  });

  test('a 360 px: as colunas rolam de lado dentro da agenda, a página não; muda de dia e abre a semana', async () => {
    const page = await newPage({ session: await loginAsAdmin(), viewport: PHONE });
    const date = workingDay();
    await page.goto(`/adminAgenda?date=${date}`);
    const grid = page.getByRole('region', { name: `Agenda de ${WEEKDAY_NAMES[weekdayOf(date)]}, ${formatDate(date)}` });
    await grid.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    expect(await grid.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    await expectNoSeriousA11yIssues(page, 'agenda a 360 px');

    await page.getByRole('button', { name: 'Próximo dia' }).click();
    const next = addDays(date, 1);
    await page.getByRole('heading', { name: `${WEEKDAY_NAMES[weekdayOf(next)]}, ${formatDate(next)}` }).waitFor();
    await page.getByRole('button', { name: 'Semana', exact: true }).click();
    await page.getByRole('heading', { name: /^Semana de / }).waitFor();
    await page.getByRole('table').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  });

  test('12 funcionários a 1280 px: nomes inteiros, horários fixos à esquerda e nomes fixos no alto ao rolar; o bloco mostra a alergia e o preço', async () => {
    const admin = await loginAsAdmin();
    const stamp = Date.now();
    const service = await api<Named>('/services', {
      method: 'POST',
      token: admin.token,
      body: { name: `Banho da agenda cheia ${stamp}`, price: 75, durationMinutes: 60 },
    });
    const names = Array.from({ length: 12 }, (_, i) => `Maria Aparecida Fernandes ${i + 1} ${stamp % 1000}`);
    const employees: Named[] = [];
    for (const name of names) {
      employees.push(
        await api<Named>('/employers', {
          method: 'POST',
          token: admin.token,
          body: { name, phone: '11987654321', position: 'Banhista', service_id: service.id },
        }),
      );
    }
    const customer = await createCustomer();
    const pet = await api<Named>('/pets', {
      method: 'POST',
      token: customer.session.token,
      body: { name: 'Mel', age: 2, specie: 'Cachorro', size: 'Pequeno', allergies: 'Frango' },
    });
    const date = workingDay();
    await api('/appointments', {
      method: 'POST',
      token: customer.session.token,
      body: {
        service_id: service.id,
        employer_id: employees.at(-1)?.id,
        pet_id: pet.id,
        appointment_date: date,
        appointment_time: '10:00',
      },
    });

    const page = await newPage({ session: admin, viewport: DESKTOP });
    await page.goto(`/adminAgenda?date=${date}`);
    const grid = page.getByRole('region', { name: `Agenda de ${WEEKDAY_NAMES[weekdayOf(date)]}, ${formatDate(date)}` });
    await grid.waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(DESKTOP.width);
    expect(await grid.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    for (const name of names) {
      const head = grid.getByRole('heading', { name: new RegExp(`^${name}`) });
      // the whole name is there and fits its header: nothing cut or hidden
      expect(await head.locator('.agenda-column__name').textContent()).toBe(name);
      expect(await head.evaluate((el) => el.scrollHeight <= el.clientHeight && el.scrollWidth <= el.clientWidth)).toBe(
        true,
      );
      const width = (await box(head)).width;
      expect(width).toBeGreaterThanOrEqual(160);
    }

    const block = grid.getByRole('button', { name: /Mel \(Pequeno\)/ });
    const text = await block.textContent();
    expect(text).toContain('Alergia: Frango');
    expect(text).toContain('R$ 75,00');
    expect(await block.getAttribute('aria-label')).toContain('alergia: Frango');

    // scrolled to the last column and down the day: the times stay at the left, the names at the top
    const gridBox = await box(grid);
    const times = grid.locator('.agenda-day__times');
    const lastHead = grid.getByRole('heading', { name: new RegExp(`^${names.at(-1)}`) });
    await grid.evaluate((el) => {
      el.scrollLeft = el.scrollWidth;
      el.scrollTop = 300;
    });
    await expect.poll(async () => (await box(times)).x - gridBox.x).toBeLessThanOrEqual(1);
    expect(Math.abs((await box(lastHead)).y - gridBox.y)).toBeLessThanOrEqual(2);
    const headBox = await box(lastHead);
    expect(headBox.x + headBox.width).toBeLessThanOrEqual(gridBox.x + gridBox.width + 1);
    expect(await grid.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
    await expectNoSeriousA11yIssues(page, 'agenda com 12 funcionários a 1280 px');
  });
});
