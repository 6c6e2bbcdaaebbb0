import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import type { Session } from './api';
import { chromiumPath } from './chromium';

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };

const LAUNCH_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-sync',
];

export interface PageOptions {
  viewport?: { width: number; height: number };
  /** Opens the app already logged in as this account. */
  session?: Session;
  /** The browser's language (default pt-BR), e.g. en-US for a number typed with a dot. */
  locale?: string;
}

/**
 * Call once at the top level of a test file: one headless Chromium for the file, a fresh context per page
 * (closed after each test), and a test fails on any uncaught error in the page.
 */
export function setUpBrowser() {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const pageErrors: string[] = [];

  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: LAUNCH_ARGS });
  });

  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
    const errors = pageErrors.splice(0);
    if (errors.length > 0) throw new Error(`Erro não tratado na página:\n${errors.join('\n')}`);
  });

  afterAll(async () => {
    await browser?.close();
  });

  return {
    async newPage({ viewport = DESKTOP, session, locale = 'pt-BR' }: PageOptions = {}): Promise<Page> {
      if (!browser) throw new Error('setUpBrowser() must be called at the top of the test file');
      const context = await browser.newContext({
        baseURL: inject('baseUrl'),
        viewport,
        locale,
        timezoneId: 'America/Sao_Paulo',
      });
      contexts.push(context);
      context.setDefaultTimeout(15_000);
      if (session) await storeSession(context, session);
      const page = await context.newPage();
      page.on('pageerror', (error) => pageErrors.push(error.stack ?? error.message));
      return page;
    },
  };
}

/**
 * Writes 'user' and 'token' to localStorage before the app's scripts run, on the first load of the
 * tab only, so a logout followed by a reload stays logged out.
 */
async function storeSession(context: BrowserContext, session: Session) {
  await context.addInitScript(
    ({ user, token }) => {
      if (sessionStorage.getItem('e2e-session-stored')) return;
      localStorage.setItem('user', JSON.stringify(user));
      localStorage.setItem('token', token);
      sessionStorage.setItem('e2e-session-stored', '1');
    },
    { user: session.user, token: session.token },
  );
}
