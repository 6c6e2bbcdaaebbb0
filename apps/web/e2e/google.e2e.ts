import { importJWK, SignJWT } from 'jose';
import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { GOOGLE_TEST_CLIENT_ID, GOOGLE_TEST_ISSUER } from '../../api/test/support/fake-google';
import { setUpBrowser } from './support/browser';
import { uniqueEmail, validCpf } from './support/fake-data';

const { newPage } = setUpBrowser();

const PHOTO = 'https://lh3.googleusercontent.com/a/foto-e2e';

/** An ID token as Google would issue it, signed with the key the server's (local) key set publishes. */
async function googleCredential(email: string, name: string) {
  const jwk = JSON.parse(inject('googleSigningKey')) as { kid: string };
  const key = await importJWK(jwk, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ email, email_verified: true, name, picture: PHOTO })
    .setProtectedHeader({ alg: 'RS256', kid: jwk.kid, typ: 'JWT' })
    .setIssuer(GOOGLE_TEST_ISSUER)
    .setAudience(GOOGLE_TEST_CLIENT_ID)
    .setSubject('1098765432')
    .setIssuedAt(now)
    .setExpirationTime(now + 600)
    .sign(key);
}

/**
 * Replaces Google's script with a stub of the same API whose button hands over `credential`,
 * and serves the Google photo locally (the machine has no way out).
 */
async function stubGoogle(page: Page, credential: string) {
  await page.route('https://accounts.google.com/gsi/client', (route) =>
    route.fulfill({
      contentType: 'text/javascript',
      body: `window.google = { accounts: { id: {
        initialize(options) { window.__gsiOptions = options; },
        renderButton(parent) {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Continuar com o Google';
          button.addEventListener('click', () => window.__gsiOptions.callback({ credential: ${JSON.stringify(credential)} }));
          parent.append(button);
        },
      } } };`,
    }),
  );
  await page.route(PHOTO, (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><circle cx="48" cy="48" r="48" fill="#4285f4"/></svg>',
    }),
  );
}

describe('login com o Google', () => {
  test('um e-mail sem conta é cadastrado a partir do Google e depois entra com o Google', async () => {
    const email = uniqueEmail('google');
    const credential = await googleCredential(email, 'Maria Google');

    const page = await newPage();
    await stubGoogle(page, credential);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continuar com o Google' }).click();

    await page.waitForURL('**/register');
    await page.getByRole('heading', { name: 'Crie sua conta!' }).waitFor();
    const emailField = page.getByLabel('E-mail');
    await expect.poll(() => emailField.inputValue()).toBe(email);
    expect(await emailField.getAttribute('readonly')).not.toBeNull();
    await expect.poll(() => page.getByLabel('Nome').inputValue()).toBe('Maria Google');
    expect(await page.getByRole('img', { name: /Foto da conta Google/ }).getAttribute('src')).toBe(PHOTO);

    await page.getByLabel('CPF').pressSequentially(validCpf());
    await page.getByLabel('Telefone').pressSequentially('11987654321');
    await page.getByLabel('Senha', { exact: true }).fill('senha-segura-123');
    await page.getByRole('button', { name: 'Cadastrar' }).click();
    // Signed in at once; then, signed out, Google signs the same account in.
    await page.waitForURL('**/home');
    await page.evaluate(() => localStorage.clear());
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continuar com o Google' }).click();
    await page.waitForURL('**/home');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('user') ?? 'null'));
    expect(stored).toMatchObject({ email, name: 'Maria Google', photoURL: PHOTO });

    await page.goto('/user');
    await page.getByRole('heading', { level: 1, name: 'Maria Google' }).waitFor();
    expect(await page.locator(`img[src="${PHOTO}"]`).count()).toBeGreaterThan(0);
  });

  test('um token recusado pelo servidor mostra a mensagem dele', async () => {
    const page = await newPage();
    await stubGoogle(page, 'token.forjado.qualquer');
    await page.goto('/login');
    await page.getByRole('button', { name: 'Continuar com o Google' }).click();
    await page.getByText('Não foi possível validar o login com o Google.').waitFor();
    expect(page.url()).toMatch(/\/login$/);
  });
});
