// Lighthouse (mobile preset: a mid-range phone on a slow 4G, simulated) on Debian's Chromium, the median
// of a few runs per page, for `npm run measure`.
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

/**
 * pages: [label, path, loggedIn]. A logged-in page gets the session in localStorage (set through the
 * DevTools protocol before the run); Lighthouse is told to keep storage so it sees it.
 */
export async function lighthouseScores(base, pages, session, runs = 3) {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--no-first-run'],
  });
  const rows = [];
  try {
    const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const setSession = async (loggedIn) => {
      const page = await cdp.contexts()[0].newPage();
      await page.goto(`${base}/favicon.svg`).catch(() => {});
      await page.evaluate(
        ({ user, token, loggedIn: keep }) => {
          localStorage.clear();
          if (keep) {
            localStorage.setItem('user', JSON.stringify(user));
            localStorage.setItem('token', token);
          }
        },
        { ...session, loggedIn },
      );
      await page.close();
    };
    for (const [label, path, loggedIn] of pages) {
      await setSession(loggedIn);
      const results = [];
      for (let i = 0; i < runs; i += 1) {
        const { lhr } = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
          disableStorageReset: true,
        });
        const audit = (id) => lhr.audits[id]?.numericValue ?? 0;
        if (lhr.runtimeError || lhr.categories.performance.score === null) {
          // A run Lighthouse could not finish has no score: say why and leave it out of the median.
          results.push({ failed: lhr.runtimeError?.code ?? 'NO_SCORE' });
          continue;
        }
        results.push({
          score: Math.round((lhr.categories.performance.score ?? 0) * 100),
          fcp: audit('first-contentful-paint'),
          lcp: audit('largest-contentful-paint'),
          tbt: audit('total-blocking-time'),
          cls: audit('cumulative-layout-shift'),
        });
      }
      const scored = results.filter((r) => !r.failed);
      const pick = (key) => (scored.length ? median(scored.map((r) => r[key])) : Number.NaN);
      rows.push({
        page: label,
        'performance (median)': pick('score'),
        runs: results.map((r) => r.failed ?? r.score).join(' '),
        FCP: `${Math.round(pick('fcp'))} ms`,
        LCP: `${Math.round(pick('lcp'))} ms`,
        TBT: `${Math.round(pick('tbt'))} ms`,
        CLS: pick('cls').toFixed(3),
      });
    }
    await cdp.close();
  } finally {
    await chrome.kill();
  }
  return rows;
}
