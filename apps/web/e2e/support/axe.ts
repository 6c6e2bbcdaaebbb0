import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation, naming the
 * rule and the elements. Returns the rules of every violation, for a page held to more than that.
 */
export async function expectNoSeriousA11yIssues(page: Page, label: string) {
  await toastsSettled(page);
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe em ${label}`).toEqual([]);
  // The minor and moderate findings stay visible in the run's output.
  const others = violations.map((v) => `${v.id} (${v.impact})`).join(', ');
  console.info(`axe ${label}: ${violations.length} violações${others ? ` — ${others}` : ''}`);
  return violations.map((v) => v.id);
}

/**
 * A toast fading in is half transparent, and axe would judge its colours mid-animation; what a
 * reader sees is the settled toast. The toast code loads with the first toast, so the network goes
 * quiet first; a toast being shown settles at full opacity, one leaving or hidden at none. If one
 * never settles, axe runs anyway and says so.
 */
async function toastsSettled(page: Page) {
  await page.waitForLoadState('networkidle').catch(() => {});
  await page
    .waitForFunction(
      () =>
        [...document.querySelectorAll<HTMLElement>('[data-sonner-toast]')].every((toast) => {
          const opacity = Number(getComputedStyle(toast).opacity);
          if (toast.dataset.mounted !== 'true') return false;
          const leaving = toast.dataset.removed === 'true' || toast.dataset.visible === 'false';
          return leaving ? opacity === 0 : opacity === 1;
        }),
      undefined,
      { timeout: 3000 },
    )
    .catch(() => {});
}
