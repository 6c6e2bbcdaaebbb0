import type { Page } from 'playwright-core';

/** Lists are paginated: asks for more rows until the one wanted shows up. */
export async function revealRow(page: Page, text: string) {
  const row = page.getByRole('row').filter({ hasText: text });
  const more = page.getByRole('button', { name: 'Carregar mais' });
  for (let attempt = 0; attempt < 20; attempt += 1) {
    await row.or(more).first().waitFor();
    if ((await row.count()) > 0) return row;
    const shown = await page.locator('tbody tr').count();
    await more.click();
    await page.waitForFunction((before) => document.querySelectorAll('tbody tr').length > before, shown);
  }
  throw new Error(`linha "${text}" não apareceu`);
}
