import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { api, createCustomer } from './support/api';
import { PHONE, setUpBrowser } from './support/browser';

/** The customer pages and their budget, shared with `npm run measure`. */
const { budgetKB, pages } = JSON.parse(readFileSync(new URL('../customer-pages.json', import.meta.url), 'utf8')) as {
  budgetKB: number;
  pages: { path: string; signedIn: boolean }[];
};

const { newPage } = setUpBrowser();

describe('orçamento de JavaScript', () => {
  test(`cada página do cliente baixa no máximo ${budgetKB} KB de JavaScript (como chega pela rede) num celular`, async () => {
    const { session } = await createCustomer();
    // /cart and /payments as a customer sees them: with something in the cart.
    await api('/carts/add', { method: 'POST', token: session.token, body: { productId: 17, quantity: 1 } });
    const loaded: Record<string, number> = {};
    for (const { path, signedIn } of pages) {
      const page = await newPage({ viewport: PHONE, ...(signedIn ? { session } : {}) });
      const sizes: Promise<number>[] = [];
      page.on('requestfinished', (request) => {
        if (request.resourceType() === 'script') sizes.push(request.sizes().then((size) => size.responseBodySize));
      });
      await page.goto(path, { waitUntil: 'networkidle' });
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const bytes = (await Promise.all(sizes)).reduce((sum, size) => sum + size, 0);
      loaded[path] = Math.round((bytes / 1024) * 10) / 10;
      await page.close();
    }
    expect(Object.keys(loaded)).toHaveLength(pages.length);
    const over = Object.entries(loaded).filter(([, kb]) => kb > budgetKB);
    expect(over, `KB por página: ${JSON.stringify(loaded)}`).toEqual([]);
    // Each page did load its own code (a page that failed to load would pass the budget by accident).
    for (const [path, kb] of Object.entries(loaded)) expect(kb, path).toBeGreaterThan(20);
  });
});
