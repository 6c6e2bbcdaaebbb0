import { addDays, businessMoment, formatDate } from '@petshop/domain';
import { describe, expect, test } from 'vitest';
import { api, createCustomer } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';

const { newPage } = setUpBrowser();

describe('carteira de saúde do pet', () => {
  test('a 360 px e pelo teclado: registra uma vacina com próxima dose e a vê na carteira', async () => {
    const { session } = await createCustomer();
    const pet = await api<{ id: number }>('/pets', {
      method: 'POST',
      token: session.token,
      body: { name: 'Rex', age: 3, specie: 'Cachorro', size: 'Médio' },
    });
    const today = businessMoment().date;
    await api(`/pets/${pet.id}/weights`, {
      method: 'POST',
      token: session.token,
      body: { kg: 10, measuredOn: addDays(today, -60) },
    });

    const page = await newPage({ session, viewport: PHONE });
    await page.goto('/myPets');
    const open = page.getByRole('link', { name: 'Carteira de saúde de Rex' });
    await open.focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: 'Carteira de saúde de Rex' }).waitFor();
    await page.getByText('Nenhuma vacina registrada.').waitFor();

    const applied = addDays(today, -360);
    const nextDue = addDays(today, 5);
    const form = page.getByRole('form', { name: 'Registrar vacina' });
    await form.getByLabel('Vacina').fill('V10');
    await form.getByLabel('Aplicada em').fill(applied);
    await form.getByLabel('Próxima dose (opcional)').fill(nextDue);
    await form.getByLabel('Próxima dose (opcional)').press('Enter');
    await page.getByText('Vacina registrada com sucesso!').waitFor();

    const vaccines = page.getByRole('list', { name: 'Vacinas registradas' });
    await vaccines.getByText('V10').waitFor();
    const text = await vaccines.textContent();
    expect(text).toContain(`Aplicada em ${formatDate(applied)}`);
    expect(text).toContain(`Próxima dose em ${formatDate(nextDue)}`);
    expect(text).toContain('Vence em breve');

    const weight = page.getByRole('form', { name: 'Registrar peso' });
    await weight.getByLabel('Peso (kg)').fill('12,35');
    await weight.getByRole('button', { name: 'Registrar peso' }).click();
    await page.getByText(`Subiu 2,35 kg desde ${formatDate(addDays(today, -60))}.`).waitFor();
    // the weighings as a line: a point each, named for a screen reader, inside the phone's width
    const chart = page.getByRole('img', { name: /^Gráfico do peso: 2 pesagens, de 10 kg/ });
    await chart.waitFor();
    expect(await chart.getAttribute('aria-label')).toContain(`a 12,35 kg em ${formatDate(today)}`);
    expect(await chart.locator('circle').count()).toBe(2);
    const box = await chart.boundingBox();
    expect(box?.width).toBeGreaterThan(250);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
    // the lighter first weighing is drawn lower than the later, heavier one (SVG y grows downwards)
    const ys = await chart.locator('circle').evaluateAll((circles) => circles.map((c) => Number(c.getAttribute('cy'))));
    expect(ys[0]).toBeGreaterThan(ys[1] ?? Number.POSITIVE_INFINITY);

    await page.reload();
    await page.getByRole('list', { name: 'Vacinas registradas' }).getByText('V10').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoSeriousA11yIssues(page, 'carteira de saúde a 360 px');
  });
});
