import { randomInt } from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { api, call, createCustomer, login, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';
import { E2E_CEP } from './support/cep';

const { newPage } = setUpBrowser();

describe('lojas no painel', () => {
  test('o dono digita o CEP da loja: os 8 dígitos ficam e a rua é preenchida', async () => {
    const admin = await loginAsAdmin();
    const page = await newPage({ session: admin });
    await page.goto('/adminStores');
    await page.getByRole('button', { name: 'Adicionar loja' }).click();
    const dialog = page.getByRole('dialog', { name: 'Adicionar loja' });
    const cep = dialog.getByLabel('CEP');
    await cep.pressSequentially(E2E_CEP.cep);
    await dialog.getByText('Endereço preenchido pelo CEP. Confira e informe o número.').waitFor();
    await expect.poll(() => dialog.getByLabel('Rua').inputValue()).toBe(E2E_CEP.street);
    expect(await dialog.getByLabel('Bairro').inputValue()).toBe(E2E_CEP.neighborhood);
    expect(await cep.inputValue()).toBe('20040-002');
  });

  test('a gerente muda o sábado da sua loja a 360 px e não vê o horário de outra loja', async () => {
    const admin = await loginAsAdmin();
    const name = `Loja Gerente ${randomInt(1_000_000)}`;
    // Closed to customers: the other journeys keep seeing one store and no store choice.
    const store = await api<{ id: number }>('/stores', {
      method: 'POST',
      token: admin.token,
      body: {
        name,
        cep: E2E_CEP.cep,
        street: E2E_CEP.street,
        number: '156',
        district: E2E_CEP.neighborhood,
        state_id: 33,
        city_id: 3304557,
        phone: '2133334444',
        pickup: false,
        active: false,
      },
    });
    const manager = await createCustomer();
    await api(`/user/${manager.session.user.id}/role`, {
      method: 'PUT',
      token: admin.token,
      body: { role: 'manager', storeIds: [store.id] },
    });
    const session = await login(manager.email, manager.password);

    const page = await newPage({ session, viewport: PHONE });
    // She finds it from the back office's start page.
    await page.goto('/admin');
    await page
      .getByRole('main')
      .getByRole('link', { name: /^Lojas/ })
      .click();
    await page.waitForURL('**/adminStores');
    await page.getByRole('heading', { level: 1, name: 'Lojas' }).waitFor();
    const hours = page.getByRole('button', { name: `Horário de ${name}` });
    await hours.waitFor();
    // Only her store: not the main one, and nothing of the owner's (add, edit).
    expect(await page.getByRole('button', { name: /^Horário de / }).count()).toBe(1);
    expect(await page.getByText('Loja principal').count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Adicionar loja' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Editar/ }).count()).toBe(0);
    await expectNoSeriousA11yIssues(page, '/adminStores (gerente)');

    // By keyboard: the editor opens on Enter.
    await hours.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: `Horário de funcionamento: ${name}` });
    await dialog.waitFor();
    await dialog.getByLabel('Sábado: abre').selectOption('09:00');
    await dialog.getByLabel('Sábado: fecha').selectOption('13:00');
    await expectNoSeriousA11yIssues(page, '/adminStores (horário da loja)');
    await dialog.getByRole('button', { name: 'Salvar' }).click();
    await page.getByText('Horário da loja salvo com sucesso!').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const week = 'segunda-feira a sexta-feira, das 08:00 às 18:00; sábado, das 09:00 às 13:00';
    await page.reload();
    await page.getByText(week).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

    // The server keeps it so, and refuses her the main store's week as if it did not exist.
    const mine = await api<{ id: number; hours: { weekday: number; start: string; end: string }[] }[]>(
      '/admin/stores',
      { token: session.token },
    );
    expect(mine.map((each) => each.id)).toEqual([store.id]);
    expect(mine[0]?.hours.find((day) => day.weekday === 6)).toEqual({ weekday: 6, start: '09:00', end: '13:00' });
    // Its own week sent back: were the check missing, the other journeys would still find it as it was.
    const [main] = await api<{ id: number; hours: unknown[] }[]>('/stores');
    const other = await call(`/stores/${main?.id}/hours`, {
      method: 'PUT',
      token: session.token,
      body: { week: main?.hours },
    });
    expect(other.status).toBe(404);
  });
});
