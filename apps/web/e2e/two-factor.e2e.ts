import { generate } from 'otplib';
import { describe, expect, test } from 'vitest';
import { api, call, createCustomer, loginAsAdmin } from './support/api';
import { expectNoSeriousA11yIssues } from './support/axe';
import { PHONE, setUpBrowser } from './support/browser';

const { newPage } = setUpBrowser();

/** A code for the next 30-second step: the one that enabled two-factor is never accepted again. */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

/** A new customer made a receptionist of the main store by the owner; answers a session opened after that. */
async function newReceptionist() {
  const admin = await loginAsAdmin();
  const person = await createCustomer();
  await api(`/user/${person.session.user.id}/role`, {
    method: 'PUT',
    token: admin.token,
    body: { role: 'reception', storeIds: [1] },
  });
  const session = await api<typeof person.session>('/auth/login', {
    method: 'POST',
    body: { email: person.email, password: person.password },
  });
  return { ...person, session };
}

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

  test("um funcionário ativa a verificação pela tela e a desativa com 'Desativar' e um código; depois entra só com a senha", async () => {
    const desk = await newReceptionist();
    const page = await newPage({ session: desk.session, viewport: PHONE });
    await page.goto('/user');
    const card = page.getByRole('region', { name: 'Verificação em duas etapas' });
    await card.getByRole('button', { name: 'Configurar' }).click();
    await card.getByRole('img', { name: 'QR code para o aplicativo autenticador' }).waitFor();
    await card.getByText('Não consigo escanear').click();
    const secret = (await card.locator('code').textContent())?.trim() ?? '';
    await card.getByLabel('Código do aplicativo').fill(await generate({ secret }));
    await card.getByRole('button', { name: 'Ativar' }).click();
    await card.getByRole('button', { name: 'Já guardei os códigos' }).click();
    await card.getByText('Ativa.').waitFor();
    const signIn = () =>
      call<{ challenge?: string; token?: string }>('/auth/login', {
        method: 'POST',
        body: { email: desk.email, password: desk.password },
      });
    expect((await signIn()).data.challenge).toEqual(expect.any(String));

    await card.getByRole('button', { name: 'Desativar' }).click();
    const dialog = page.getByRole('dialog', { name: 'Desativar a verificação em duas etapas?' });
    await dialog.getByText('Ao entrar, a sua conta vai pedir só a senha.').waitFor();
    // A session alone does not turn it off: a wrong code is refused on the field.
    await dialog.getByLabel('Código do aplicativo ou de recuperação').fill('000000');
    await dialog.getByRole('button', { name: 'Desativar' }).click();
    await dialog.getByText('Código inválido', { exact: false }).waitFor();
    await expectNoSeriousA11yIssues(page, 'desativar a verificação em duas etapas (360 px)');
    await dialog.getByLabel('Código do aplicativo ou de recuperação').fill(await nextCode(secret));
    await dialog.getByRole('button', { name: 'Desativar' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Verificação em duas etapas desativada.').first().waitFor();
    await card.getByText('Desativada.', { exact: false }).waitFor();
    expect(await call<{ enabled: boolean }>('/auth/2fa', { token: desk.session.token })).toMatchObject({
      status: 200,
      data: { enabled: false },
    });
    const again = await signIn();
    expect(again.data.challenge).toBeUndefined();
    expect(again.data.token).toEqual(expect.any(String));
  });

  test("a dona redefine em 'Usuários' a verificação de uma atendente que perdeu o celular: a sessão antiga dela é recusada", async () => {
    const desk = await newReceptionist();
    const { otpauthUrl } = await api<{ otpauthUrl: string }>('/auth/2fa/setup', {
      method: 'POST',
      token: desk.session.token,
    });
    const secret = new URL(otpauthUrl).searchParams.get('secret') ?? '';
    await api('/auth/2fa/enable', {
      method: 'POST',
      token: desk.session.token,
      body: { code: await generate({ secret }) },
    });
    // The session she had open before the phone was lost still works, until the reset.
    expect((await call('/auth/2fa', { token: desk.session.token })).status).toBe(200);
    const deskPage = await newPage({ session: desk.session });
    await deskPage.goto('/user');
    await deskPage.getByRole('region', { name: 'Verificação em duas etapas' }).getByText('Ativa.').waitFor();

    const admin = await loginAsAdmin();
    const page = await newPage({ session: admin, viewport: PHONE });
    await page.goto('/adminUsers');
    await page.getByLabel('Buscar usuários').fill(desk.email);
    const reset = page.getByRole('button', { name: `Redefinir a verificação em duas etapas de ${desk.name}` });
    await reset.click();
    const confirm = page.getByRole('dialog', { name: 'Redefinir a verificação em duas etapas?' });
    await confirm.getByText(`O celular cadastrado por "${desk.name}" deixa de valer`, { exact: false }).waitFor();
    // 'Cancelar' changes nothing.
    await confirm.getByRole('button', { name: 'Cancelar' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await call('/auth/2fa', { token: desk.session.token })).status).toBe(200);
    await reset.click();
    await expectNoSeriousA11yIssues(page, "redefinir a verificação em 'Usuários' (360 px)");
    await confirm.getByRole('button', { name: 'Redefinir' }).click();
    await page.getByText('Verificação em duas etapas redefinida.', { exact: false }).first().waitFor();

    // Her old session is refused, in the API and in her browser.
    expect((await call('/auth/2fa', { token: desk.session.token })).status).toBe(401);
    // SPEC section 6: a refused session is dropped and the page goes to /error.
    await deskPage.goto('/user');
    await deskPage.waitForURL('**/error');
    await expect.poll(() => deskPage.evaluate(() => localStorage.getItem('token'))).toBeNull();
    // She signs in with the password alone (her role does not require the second step).
    const fresh = await call<{ challenge?: string; token?: string }>('/auth/login', {
      method: 'POST',
      body: { email: desk.email, password: desk.password },
    });
    expect(fresh.data.challenge).toBeUndefined();
    expect((await call<{ enabled: boolean }>('/auth/2fa', { token: fresh.data.token ?? '' })).data.enabled).toBe(false);
  });
});
