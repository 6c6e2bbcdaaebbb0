import { generate } from 'otplib';
import { describe, expect, test } from 'vitest';
import { api, createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';

const { newPage } = setUpBrowser();

/** A code for the next 30-second step: the one that enabled two-factor is never accepted again. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

describe('verificação em duas etapas', () => {
  test('a dona ativa a verificação em /user, sai e entra de novo com o código do aplicativo (360 px)', async () => {
    // Another owner than the shared one, so other journeys keep signing in with a password only.
    const owner = await createCustomer();
    const admin = await loginAsAdmin();
    await api(`/user/${owner.session.user.id}`, {
      method: 'PUT',
      token: admin.token,
      body: { name: owner.name, email: owner.email, phone: owner.phone, role: 'admin' },
    });
    const session = await api<typeof owner.session>('/auth/login', {
      method: 'POST',
      body: { email: owner.email, password: owner.password },
    });

    const page = await newPage({ session, viewport: PHONE });
    await page.goto('/user');
    const card = page.getByRole('region', { name: 'Verificação em duas etapas' });
    await card.getByRole('button', { name: 'Configurar' }).click();
    await card.getByRole('img', { name: 'QR code para o aplicativo autenticador' }).waitFor();
    await card.getByText('Não consigo escanear').click();
    const secret = (await card.locator('code').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    await expectNoSeriousA11yIssues(page, 'cadastro da verificação em duas etapas (360 px)');

    await card.getByLabel('Código do aplicativo').fill(await generate({ secret }));
    await card.getByRole('button', { name: 'Ativar' }).click();
    const codes = card.getByRole('list', { name: 'Códigos de recuperação' }).getByRole('listitem');
    await expect.poll(() => codes.count()).toBe(10);
    await card.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await card.getByText('Ativa.').waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.getByRole('button', { name: 'Sair' }).click();
    await page.waitForURL('**/login');
    await page.getByLabel('E-mail').fill(owner.email);
    await page.getByLabel('Senha').fill(owner.password);
    await page.getByRole('button', { name: 'Entrar' }).click();
    await page.getByRole('heading', { name: 'Verificação em duas etapas' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await page.getByLabel('Código').fill('000000');
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('Código inválido').waitFor();
    await expectNoSeriousA11yIssues(page, 'código do login (360 px)');

    await page.getByLabel('Código').fill(await nextCode(secret));
    await page.getByRole('button', { name: 'Verificar' }).click();
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBeNull();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
  });
});
