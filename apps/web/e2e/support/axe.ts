import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * Runs axe on the page as it is now and fails on any serious or critical violation, naming the
 * rule and the elements. Returns the count of every violation, for the report.
 */
export async function expectNoSeriousA11yIssues(page: Page, label: string) {
  // A toast still fading in reads as low contrast on a loaded machine: check the page once its
  // finite animations and transitions have ended (spinners loop forever and are not waited for).
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Number.POSITIVE_INFINITY),
  );
  const { violations } = await new AxeBuilder({ page }).analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe em ${label}`).toEqual([]);
  // The minor and moderate findings stay visible in the run's output.
  const others = violations.map((v) => `${v.id} (${v.impact})`).join(', ');
  console.info(`axe ${label}: ${violations.length} violações${others ? ` — ${others}` : ''}`);
  return violations.length;
}
