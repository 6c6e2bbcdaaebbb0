// `npm run measure`: builds the web app, starts the shop on a scratch embedded database and, in headless
// Chromium at 360 px, reports for every customer page (apps/web/customer-pages.json: the pages, the
// order page, a pet's page, and the card and plan forms opened by their taps) the JavaScript and CSS
// it loads (bytes on the wire with the server's compression, and gzip -9 of the same files) and its
// largest contentful paint; then a bundle map: what that JavaScript is made of (packages and source
// folders, shared out by the bytes each module adds to its chunk); then Lighthouse's mobile
// performance score and total blocking time per page (median of MEASURE_RUNS runs, default 3;
// MEASURE_RUNS=0 skips it); last, one table of the three figures per page. MEASURE_PAGES picks pages
// (`MEASURE_PAGES=/home,/orders/{order}`). About 8 minutes on a quiet 2-core machine.
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { lighthouseScores } from './lighthouse.mjs';
import { customerShop, fill, playSteps } from './measure-support/customer-journey.mjs';

const started = Date.now();
const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(' ');
console.log(`Load average at the start: ${load()} (figures compare on a quiet machine).`);
const root = new URL('..', import.meta.url).pathname;
const dist = join(root, 'apps/web/dist');
const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const { budgetKB, pages: customerPages } = JSON.parse(readFileSync(join(root, 'apps/web/customer-pages.json'), 'utf8'));

/** 'node_modules/@tanstack/query-core/…' → '@tanstack/query-core'; 'apps/web/src/features/x/…' → 'web features/x'. */
function origin(id) {
  const pkg = id.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg) return pkg[1];
  if (id.startsWith('packages/domain/')) return '@petshop/domain';
  const web = id.match(/^apps\/web\/src\/(features\/[^/]+|[^/]+)/);
  if (web) return `web ${web[1]}`;
  return id;
}

const build = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production', PAYMENTS_SANDBOX: '1' },
});
if (build.status !== 0) process.exit(1);

const port = await new Promise((resolve) => {
  const probe = createServer().listen(0, '127.0.0.1', () => {
    const { port: free } = probe.address();
    probe.close(() => resolve(free));
  });
});
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), 'petshop-measure-'));
const admin = { email: 'medida-admin@exemplo.com.br', password: `medida-${Date.now()}-senha` };
const env = {
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  LOG_LEVEL: 'warn',
  ADMIN_EMAIL: admin.email,
  ADMIN_PASSWORD: admin.password,
};
delete env.DATABASE_URL;
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: root,
  env,
  stdio: 'inherit',
});

const stop = () => {
  server.kill('SIGTERM');
  rmSync(dataDir, { recursive: true, force: true });
};

try {
  for (let i = 0; ; i += 1) {
    try {
      if ((await fetch(`${base}/api/health`)).ok) break;
    } catch {}
    if (i > 240) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }

  // A customer with a pet, an order and something in the cart; a package and a plan on sale.
  const { session, values } = await customerShop(base, admin);

  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--no-first-run',
    ],
  });

  // MEASURE_PAGES=/home,/products measures only those (a rerun of a page a busy machine disturbed).
  const only = process.env.MEASURE_PAGES?.split(',');
  const pages = customerPages
    .filter(({ path, label }) => !only || only.includes(path) || only.includes(label))
    .map(({ path, label, signedIn, steps }) => [label ?? path, fill(path, values), signedIn, steps]);
  const bundle = JSON.parse(readFileSync(join(dist, '.vite/bundle-map.json'), 'utf8'));
  const rows = [];
  const maps = [];
  for (const [label, path, loggedIn, steps] of pages) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    if (loggedIn) {
      await context.addInitScript(({ user, token }) => {
        localStorage.setItem('user', JSON.stringify(user));
        localStorage.setItem('token', token);
      }, session);
    }
    const page = await context.newPage();
    const assets = [];
    page.on('requestfinished', async (request) => {
      const type = request.resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const sizes = await request.sizes();
      assets.push({ type, url: new URL(request.url()).pathname, wire: sizes.responseBodySize });
    });
    await page.goto(base + path, { waitUntil: 'networkidle' });
    const lcp = await page.evaluate(
      () =>
        new Promise((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries.at(-1)?.startTime ?? 0);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
          setTimeout(() => resolve(0), 3000);
        }),
    );
    // The taps that load a form's own code, counted with the page.
    await playSteps(page, steps, values);
    await page.waitForLoadState('networkidle');
    await context.close();
    const sum = (type, pick) => assets.filter((a) => a.type === type).reduce((total, a) => total + pick(a), 0);
    const gzip = (a) => gzipSync(readFileSync(join(dist, a.url)), { level: 9 }).length;
    const scripts = assets.filter((a) => a.type === 'script');
    const parts = new Map();
    for (const script of scripts) {
      const modules = Object.entries(bundle[script.url.slice(1)] ?? {});
      const total = modules.reduce((sum, [, bytes]) => sum + bytes, 0);
      for (const [id, bytes] of modules) {
        parts.set(origin(id), (parts.get(origin(id)) ?? 0) + (script.wire * bytes) / total);
      }
    }
    const wire = sum('script', (a) => a.wire);
    maps.push(
      `${label} ${kb(wire)}${wire > budgetKB * 1024 ? ` (over the ${budgetKB} KB budget)` : ''}: ${[...parts]
        .sort((a, b) => b[1] - a[1])
        .map(([name, bytes]) => `${name} ${(bytes / 1024).toFixed(1)}`)
        .join(', ')}`,
    );
    rows.push({
      page: label,
      'JS files': assets.filter((a) => a.type === 'script').length,
      'JS gzip': kb(sum('script', gzip)),
      'JS on the wire (br)': kb(sum('script', (a) => a.wire)),
      'CSS gzip': kb(sum('stylesheet', gzip)),
      'LCP (360 px)': `${Math.round(lcp)} ms`,
    });
  }
  await browser.close();
  console.table(rows);
  console.log("What each page pulls in (KB on the wire, shared out by each module's bytes in its chunk):");
  for (const line of maps) console.log(`  ${line}`);

  const runs = Number(process.env.MEASURE_RUNS ?? 3);
  // Lighthouse loads an address: each page once, taps aside.
  const addresses = pages.filter(([, , , steps]) => !steps);
  const scores = runs > 0 ? await lighthouseScores(base, addresses, session, runs) : [];
  if (runs > 0) {
    console.log(`Lighthouse, mobile (median of ${runs}):`);
    console.table(scores);
  }
  console.log(`Per page: JavaScript on the wire (budget ${budgetKB} KB) and Lighthouse mobile:`);
  console.table(
    rows.map((row) => {
      const score = scores.find((s) => s.page === row.page);
      return {
        page: row.page,
        'JS on the wire': row['JS on the wire (br)'],
        Lighthouse: score ? score['performance (median)'] : '-',
        TBT: score ? score.TBT : '-',
      };
    }),
  );
  console.log(`Load average at the end: ${load()}; ${Math.round((Date.now() - started) / 1000)} s in all.`);
} finally {
  stop();
}
