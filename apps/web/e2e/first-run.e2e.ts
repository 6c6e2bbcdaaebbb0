import { describe, expect, test } from 'vitest';
import { api, call, createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { DESKTOP, PHONE, setUpBrowser } from './support/browser';
import { waitForMail } from './support/mailbox';
import { revealRow } from './support/paginated-list';

const { newPage } = setUpBrowser();

describe("'Mensagens' abre cada mensagem como ela é enviada", () => {
  test('o admin abre o e-mail de boas-vindas de um cliente: assunto, destinatário e texto', async () => {
    const customer = await createCustomer();
    const admin = await loginAsAdmin();
    await waitForMail(customer.email, 'Bem-vindo(a) à PetCare!');
    const page = await newPage({ session: admin, viewport: DESKTOP });
    await page.goto('/adminMessages');
    await page.getByRole('heading', { level: 1, name: 'Mensagens' }).waitFor();
    const row = page.getByRole('row').filter({ hasText: customer.email }).first();
    await row.getByRole('button', { name: /Abrir mensagem/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Bem-vindo(a) à PetCare!' });
    await dialog.waitFor();
    await dialog.getByText(customer.email).waitFor();
    expect(await dialog.locator('pre').textContent()).toContain('Equipe PetCare');
    await expectNoSeriousA11yIssues(page, 'mensagem aberta');
  });
});

describe('o editor de horários recusa o que a loja não atende', () => {
  test('sábado 14:00–20:00 com a loja fechando às 18:00: o motivo aparece e nada é salvo', async () => {
    const admin = await loginAsAdmin();
    const stamp = Date.now();
    const service = await api<{ id: number }>('/services', {
      method: 'POST',
      token: admin.token,
      body: { name: `Tosa noturna ${stamp}`, price: 80, durationMinutes: 60 },
    });
    const name = `Nina Horários ${stamp}`;
    const employee = await api<{ id: number }>('/employers', {
      method: 'POST',
      token: admin.token,
      body: { name, phone: '11987654321', position: 'Tosadora', service_id: service.id },
    });
    const page = await newPage({ session: admin, viewport: PHONE });
    await page.goto('/adminEmployers');
    const row = await revealRow(page, name);
    await row.getByRole('button', { name: `Horários de ${name}` }).click();
    const dialog = page.getByRole('dialog', { name: `Horários de ${name}` });
    await dialog.getByText('A loja abre segunda-feira a sábado, das 08:00 às 18:00').waitFor();
    await dialog.getByLabel('Sábado: início').selectOption('14:00');
    await dialog.getByLabel('Sábado: fim').selectOption('20:00');
    await dialog.getByRole('button', { name: 'Salvar horários' }).click();
    await dialog
      .getByText('No sábado a loja abre das 08:00 às 18:00: o expediente deve caber nesse horário.')
      .first()
      .waitFor();
    await expectNoSeriousA11yIssues(page, 'horários recusados (360 px)');
    const saved = await call<{ week: { weekday: number; end: string }[] }>(`/employers/${employee.id}/schedule`, {
      token: admin.token,
    });
    expect(saved.data.week.find((d) => d.weekday === 6)?.end).toBe('18:00');
  });
});
