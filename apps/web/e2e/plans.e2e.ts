import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin } from './support/api';
import { PHONE, setUpBrowser } from './support/browser';
import { fillCard } from './support/card';

const { newPage } = setUpBrowser();

interface Named {
  id: number;
  name: string;
}

interface Subscription {
  id: number;
  petId: number;
  status: string;
  weekday: number;
  paymentMethod: string;
  nextDates: { appointmentId: number; date: string; time: string }[];
}

/** A weekly bath plan of its own (a name no other run has) and a customer with a medium dog. */
async function planAndCustomer() {
  const admin = await loginAsAdmin();
  const bath = (await api<Named[]>('/services?limit=200')).find((s) => s.name === 'Banho');
  if (!bath) throw new Error('demo service Banho missing');
  const name = `Banho semanal ${Math.random().toString(36).slice(2, 7)}`;
  await api('/plans', {
    method: 'POST',
    token: admin.token,
    body: { name, serviceId: bath.id, size: 'Médio', frequency: 'SEMANAL', price: 79.9 },
  });
  const { session } = await createCustomer();
  const pet = await api<Named>('/pets', {
    method: 'POST',
    token: session.token,
    body: { name: 'Paçoca', age: 4, specie: 'Cachorro', size: 'Médio' },
  });
  return { name, session, pet };
}

const subscriptionsOf = (token: string) => api<Subscription[]>('/subscriptions', { token });

/** Opens the plan on the services page and fills the subscription form up to the payment method. */
async function startSubscribing(page: Page, plan: string, weekday: string, time: string) {
  await page.goto('/services');
  const item = page
    .getByRole('region', { name: 'Planos de assinatura' })
    .getByRole('listitem')
    .filter({ hasText: plan });
  await item.getByText('R$ 79,90 por ciclo').waitFor();
  await item.getByText('Banho · porte Médio · Semanal').waitFor();
  await item.getByRole('button', { name: 'Assinar este plano' }).click();
  const form = item.getByRole('form', { name: `Assinar ${plan}` });
  await form.getByLabel('Pet').selectOption({ label: 'Paçoca' });
  await form.getByLabel('Dia da semana').selectOption({ label: weekday });
  await form.getByLabel('Horário').selectOption(time);
  return { item, form };
}

/** 'Minha assinatura' on the pet's page shows the booked dates, in dd/mm/aaaa at the time. */
async function expectNextDates(page: Page, sub: Subscription) {
  const card = page.getByRole('region', { name: 'Minha assinatura' });
  // Below the health card: its content loads as it comes near the viewport.
  await card.scrollIntoViewIfNeeded();
  await card.getByRole('heading', { name: 'Próximas datas' }).waitFor();
  const shown = await card.getByRole('listitem').allTextContents();
  expect(shown).toHaveLength(sub.nextDates.length);
  const first = sub.nextDates[0];
  if (!first) throw new Error('no date booked');
  const [y, m, d] = first.date.split('-');
  expect(shown[0]).toBe(`${d}/${m}/${y} às ${first.time}`);
  return card;
}

describe('planos de assinatura', () => {
  // Subscribing, the bank's authorisation, pause, resume and cancel: room for a loaded machine.
  test('assinar por Pix Automático com "Simular autorização", ver as próximas datas, pausar, retomar e cancelar', async () => {
    const { name, session, pet } = await planAndCustomer();
    const page = await newPage({ session, viewport: PHONE });
    const { item, form } = await startSubscribing(page, name, 'Quinta-feira', '17:00');
    await form.getByLabel('Forma de pagamento').selectOption('Pix Automático');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await form.getByRole('button', { name: 'Assinar' }).click();

    await item.getByText(/Assinatura criada: \d+ horários agendados/).waitFor();
    await item.getByRole('img', { name: /QR Code do Pix Automático/ }).waitFor();
    const [waiting] = await subscriptionsOf(session.token);
    expect(waiting).toMatchObject({ petId: pet.id, status: 'Aguardando autorização', weekday: 4 });
    // The dates are held while the customer authorises in the bank app.
    expect(waiting?.nextDates.length).toBeGreaterThanOrEqual(7);
    await item.getByRole('button', { name: 'Simular autorização (ambiente de testes)' }).click();
    await expect.poll(async () => (await subscriptionsOf(session.token))[0]?.status, { timeout: 15_000 }).toBe('Ativa');

    await item.getByRole('link', { name: 'Ver minha assinatura' }).click();
    await page.waitForURL(`**/myPets/${pet.id}`);
    const [active] = await subscriptionsOf(session.token);
    if (!active) throw new Error('subscription missing');
    const card = await expectNextDates(page, active);
    await card.getByText(`${name} · Quinta-feira às 17:00`, { exact: false }).waitFor();
    await card.getByText('Ativa', { exact: true }).waitFor();
    // Each date is an appointment of the customer's own, paid by the plan.
    const own = await api<{ id: number; price: number }[]>('/appointments', { token: session.token });
    const ids = new Set(active.nextDates.map((d) => d.appointmentId));
    expect(own.filter((a) => ids.has(a.id))).toHaveLength(ids.size);

    await card.getByRole('button', { name: 'Pausar' }).click();
    await card.getByText('Nenhuma data agendada.').waitFor();
    await card.getByText('Pausada', { exact: true }).waitFor();
    expect(
      (await api<{ id: number }[]>('/appointments', { token: session.token })).filter((a) => ids.has(a.id)),
    ).toEqual([]);
    await card.getByRole('button', { name: 'Retomar' }).click();
    await card.getByRole('heading', { name: 'Próximas datas' }).waitFor();
    await card.getByText('Ativa', { exact: true }).waitFor();

    await card.getByRole('button', { name: 'Cancelar assinatura' }).click();
    const confirm = page.getByRole('dialog', { name: 'Cancelar assinatura' });
    await confirm.getByRole('button', { name: 'Cancelar assinatura' }).click();
    await card.getByText('Este pet não tem assinatura.', { exact: false }).waitFor();
    const [cancelled] = await subscriptionsOf(session.token);
    expect(cancelled).toMatchObject({ status: 'Cancelada', nextDates: [] });
  }, 120_000);

  test('assinar pagando com cartão salvo: ativa na hora, datas em Minha assinatura, trocar o dia', async () => {
    const { name, session, pet } = await planAndCustomer();
    const page = await newPage({ session });
    const { item, form } = await startSubscribing(page, name, 'Sexta-feira', '17:30');
    await form.getByLabel('Forma de pagamento').selectOption('Cartão de Crédito');
    await form.getByText('O cartão fica salvo na operadora', { exact: false }).waitFor();
    await fillCard(form);
    // One charge per cycle: no installments for a plan.
    expect(await form.getByLabel('Parcelas').count()).toBe(0);
    await form.getByRole('button', { name: 'Assinar' }).click();
    await item.getByText(/Assinatura criada: \d+ horários agendados/).waitFor();
    expect(await item.getByRole('img', { name: /QR Code do Pix Automático/ }).count()).toBe(0);
    const [sub] = await subscriptionsOf(session.token);
    expect(sub).toMatchObject({ petId: pet.id, status: 'Ativa', paymentMethod: 'Cartão de Crédito', weekday: 5 });

    await item.getByRole('link', { name: 'Ver minha assinatura' }).click();
    await page.waitForURL(`**/myPets/${pet.id}`);
    if (!sub) throw new Error('subscription missing');
    const card = await expectNextDates(page, sub);
    await card.getByLabel('Trocar o dia').selectOption({ label: 'Terça-feira' });
    await card.getByRole('button', { name: 'Trocar dia' }).click();
    await card.getByText(`${name} · Terça-feira às 17:30`, { exact: false }).waitFor();
    const [moved] = await subscriptionsOf(session.token);
    expect(moved?.weekday).toBe(2);
    await expectNextDates(page, moved as Subscription);
  });
});

describe('planos na administração', () => {
  test('o dono cadastra um plano na tela Planos, vê as assinaturas com o dia e o profissional, e o painel mostra a receita recorrente', async () => {
    const { name, session, pet } = await planAndCustomer();
    const plan = (await api<Named[]>('/plans')).find((p) => p.name === name);
    if (!plan) throw new Error('plan missing');
    await api(`/plans/${plan.id}/subscribe`, {
      method: 'POST',
      token: session.token,
      body: { petId: pet.id, weekday: 1, time: '16:30', paymentMethod: 'Pix Automático' },
    });
    const admin = await loginAsAdmin();
    const page = await newPage({ session: admin });
    await page.goto('/adminDashboard');
    await page.getByRole('navigation', { name: 'Administração' }).getByRole('link', { name: 'Planos' }).click();
    await page.waitForURL('**/adminPlans');
    await page.getByRole('heading', { level: 1, name: 'Planos e assinaturas' }).waitFor();

    const created = `Tosa quinzenal ${Math.random().toString(36).slice(2, 7)}`;
    await page.getByRole('button', { name: 'Novo plano' }).click();
    const form = page.getByRole('form', { name: 'Novo plano' });
    await form.getByLabel('Nome', { exact: true }).fill(created);
    await form.getByLabel('Serviço', { exact: true }).selectOption({ label: 'Banho' });
    await form.getByLabel('Porte').selectOption('Grande');
    await form.getByLabel('Frequência').selectOption({ label: 'Quinzenal' });
    await form.getByLabel('Preço por ciclo').fill('150,00');
    await form.getByRole('button', { name: 'Salvar' }).click();
    const row = page.getByRole('row').filter({ hasText: created });
    await row.getByText('R$ 150,00').waitFor();
    await row.getByText('Quinzenal', { exact: true }).waitFor();

    const subs = page.getByRole('region', { name: 'Assinaturas' });
    const sub = subs.getByRole('row').filter({ hasText: name });
    await sub.getByText('Paçoca').waitFor();
    await sub.getByText(/Segunda-feira 16:30 · \S/).waitFor();
    await sub.getByText('Aguardando autorização').waitFor();

    await page.goto('/adminDashboard');
    const revenue = page.getByRole('region', { name: 'Receita recorrente (assinaturas)' });
    await revenue.getByText('Assinaturas ativas').waitFor();
    await page.getByRole('region', { name: 'Créditos a vencer em 30 dias' }).waitFor();
  });
});
