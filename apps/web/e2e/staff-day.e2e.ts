import { formatDate, WEEKDAY_NAMES, weekdayOf } from '@petshop/domain';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { setUpBrowser } from './support/browser';
import { workingDayFromToday } from './support/days';
import { waitForMail } from './support/mailbox';
import { revealRow } from './support/paginated-list';

const { newPage } = setUpBrowser();

interface Named {
  id: number;
  name: string;
}

describe('o dia de um tosador', () => {
  test('convidado pelo dono, cria a senha pelo link do e-mail, cai na própria agenda e faz o check-in de um pet', async () => {
    const admin = await loginAsAdmin();
    const grooming = (await api<Named[]>('/services?limit=200')).find((s) => s.name === 'Banho e Tosa');
    if (!grooming) throw new Error('demo service Banho e Tosa missing');
    const suffix = Math.random().toString(36).slice(2, 8);
    const groomerName = `Renata Tosadora ${suffix}`;
    const employee = await api<Named>('/employers', {
      method: 'POST',
      token: admin.token,
      body: { name: groomerName, phone: '11987654321', position: 'Tosadora', service_id: grooming.id },
    });

    // A customer books Thor with her, two working days ahead.
    const customer = await createCustomer();
    const pet = await api<Named>('/pets', {
      method: 'POST',
      token: customer.session.token,
      body: { name: 'Thor', age: 5, specie: 'Cachorro', size: 'Grande' },
    });
    const date = workingDayFromToday(2);
    await api('/appointments', {
      method: 'POST',
      token: customer.session.token,
      body: {
        service_id: grooming.id,
        employer_id: employee.id,
        pet_id: pet.id,
        appointment_date: date,
        appointment_time: '10:00',
      },
    });

    // The owner invites her from the employees screen.
    const email = `renata.${suffix}@petcare.local`;
    const owner = await newPage({ session: admin });
    await owner.goto('/adminEmployers');
    // Other journeys add employees too: the list may need 'Carregar mais' before hers shows.
    const row = await revealRow(owner, groomerName);
    await row.getByRole('button', { name: `Convidar ${groomerName} para entrar` }).click();
    const dialog = owner.getByRole('dialog', { name: `Convidar ${groomerName}` });
    await dialog.getByLabel('E-mail').fill(email);
    await dialog.getByLabel('Perfil').selectOption({ label: 'Profissional' });
    await expectNoSeriousA11yIssues(owner, 'convite de funcionário');
    await owner.getByRole('button', { name: 'Enviar convite' }).click();
    await owner.getByText('Convite enviado por e-mail.').first().waitFor();

    // She opens the link of the e-mail and creates her password.
    const mail = await waitForMail(email, 'Seu acesso à equipe PetCare');
    const link = mail.text.match(/https?:\/\/\S+\/reset-password\?token=[\w-]+/)?.[0];
    if (!link) throw new Error(`no link in the invitation: ${mail.text}`);
    const groomer = await newPage();
    await groomer.goto(new URL(link).pathname + new URL(link).search);
    await groomer.getByLabel('Nova senha', { exact: true }).fill('senha-da-renata-1');
    await groomer.getByLabel('Confirme a nova senha').fill('senha-da-renata-1');
    await groomer.getByRole('button', { name: 'Salvar nova senha' }).click();

    // She lands on the agenda, with only her own column and only the agenda in the navigation.
    await groomer.waitForURL('**/adminAgenda');
    await groomer.getByRole('heading', { level: 1, name: 'Agenda' }).waitFor();
    const nav = groomer.getByRole('navigation', { name: 'Administração' });
    expect(await nav.getByRole('link').allTextContents()).toEqual(['Agenda']);
    await groomer.getByLabel('Data').fill(date);
    await groomer.getByRole('heading', { name: `${WEEKDAY_NAMES[weekdayOf(date)]}, ${formatDate(date)}` }).waitFor();
    const column = groomer.getByRole('region', { name: new RegExp(`^${groomerName}`) });
    await column.waitFor();
    const colleagues = (await api<Named[]>(`/employers/service/${grooming.id}`, { token: admin.token })).filter(
      (other) => other.id !== employee.id,
    );
    expect(colleagues.length).toBeGreaterThan(0);
    for (const other of colleagues) {
      expect(await groomer.getByRole('region', { name: new RegExp(`^${other.name}`) }).count()).toBe(0);
    }

    // Check-in, then done with a note.
    await column.getByRole('button', { name: /Thor.*Agendado$/ }).click();
    const status = groomer.getByRole('dialog', { name: 'Thor · Banho e Tosa' });
    await status.getByRole('button', { name: 'Iniciar atendimento' }).click();
    await groomer.getByText('Status do agendamento atualizado.').first().waitFor();
    await status.waitFor({ state: 'detached' });
    await column.getByRole('button', { name: /Thor.*Em atendimento$/ }).click();
    await status.getByLabel('Observação (opcional)').fill('Unhas cortadas; pelo sem nós.');
    await status.getByRole('button', { name: 'Concluir atendimento' }).click();
    await status.waitFor({ state: 'detached' });
    await column.getByRole('button', { name: /Thor.*Concluído$/ }).waitFor();

    // Anything else of the back office is not hers.
    await groomer.goto('/adminSales');
    await groomer.waitForURL('**/error');
  });
});
