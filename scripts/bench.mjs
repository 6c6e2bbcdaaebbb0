// Load tests. Starts the API on a free port against a scratch PostgreSQL database (petshop_bench, demo
// data, topped up to 60 products), then on a scratch embedded PGlite, and runs:
// - catalog: autocannon on the catalogue reads: requests/second, p50, p99, and the share of plain Node
//   serving the same bytes, measured in turns with it in the same run;
// - checkout: customers adding to the cart and paying (card, then Pix) in parallel: orders/second,
//   latency of the payment, and the books checked afterwards (bench-checkout.mjs);
// - counter: 10 tills selling in cash, alone and then while the web checkout (Pix) runs: sales/second,
//   p50, p99 of each, and the books and the stock ledger checked afterwards (bench-counter.mjs);
// - booking: customers racing for one-hour slots: bookings/second, latency, and the agenda checked
//   afterwards (bench-booking.mjs);
// - reports: the admin dashboard's summary over a year of history written into PostgreSQL (bench-reports.mjs);
// - backup: npm run backup / restore of a shop with 10,000 orders (bench-backup.mjs).
// Usage: npm run bench  (DATABASE_URL, BENCH_SECONDS, BENCH_ROUNDS, BENCH_DATABASES=postgres,pglite,
// BENCH_SUITES=catalog,checkout,counter,booking,reports,backup, BENCH_SCRATCH_DB=petshop_bench)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchBackupEmbedded, benchBackupPostgres } from './bench-backup.mjs';
import { benchBooking } from './bench-booking.mjs';
import { benchCardWebhook, benchCheckout } from './bench-checkout.mjs';
import { benchCounter } from './bench-counter.mjs';
import { benchReports } from './bench-reports.mjs';
import { ADMIN, cpuSeconds, freePort, printTable, request, requireApi, sleep, startApi } from './bench-support.mjs';

const autocannon = requireApi('autocannon');
const pg = requireApi('pg');

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCRATCH_DB = process.env.BENCH_SCRATCH_DB ?? 'petshop_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE = 60;

const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
const SUITES = (process.env.BENCH_SUITES ?? 'catalog,checkout,counter,booking,reports,backup').split(',');
const CHECKOUT_METHODS = ['Cartão de Crédito', 'Pix'];

const targets = [
  { label: `GET /api/products?limit=${PAGE}`, path: `/api/products?limit=${PAGE}` },
  { label: 'GET /api/products/search/racao', path: '/api/products/search/racao' },
  { label: 'GET /api/categories', path: '/api/categories' },
  { label: 'GET /api/products/{id}', path: '/api/products/1' },
];

/** The demo seed may hold fewer than a page of products: add some (half of them match 'racao'). */
async function topUpProducts(base) {
  const { meta } = await request(base, '/api/products?limit=1');
  const missing = PAGE - meta.total;
  if (missing <= 0) return meta.total;
  const { data } = await request(base, '/api/auth/login', { method: 'POST', body: ADMIN });
  const [category] = (await request(base, '/api/categories')).data;
  const [species] = (await request(base, '/api/species')).data;
  for (let i = 1; i <= missing; i += 1) {
    await request(base, '/api/products', {
      method: 'POST',
      token: data.token,
      body: {
        name: i % 2 ? `Ração Teste de Carga ${i}` : `Brinquedo Teste de Carga ${i}`,
        description: 'Produto criado pelo benchmark.',
        price: 10 + i / 100,
        stock: 100,
        category_id: category.id,
        species_id: species.id,
        url: '',
      },
    });
  }
  return PAGE;
}

const run = (url, seconds, connections) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: seconds }, (error, result) => (error ? reject(error) : resolve(result)));
  });

/** Plain Node `http` answering `body`, in a process of its own: the ceiling of this machine for those bytes. */
async function startPlainNode(body) {
  const port = await freePort();
  const code = `const body = Buffer.from(process.env.BODY); require('node:http').createServer((q, r) => { r.writeHead(200, { 'content-type': 'application/json; charset=utf-8' }); r.end(body); }).listen(${port}, '127.0.0.1', () => console.log('ready'))`;
  const server = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(server.stdout, 'data');
  return { url: `http://127.0.0.1:${port}/`, pid: server.pid, stop: () => server.kill('SIGKILL') };
}

/**
 * The read and plain Node serving its very bytes, measured in turns (ROUNDS of each, SECONDS in
 * all for each side), so a neighbour's load on the machine weighs on both alike.
 */
async function versusPlainNode(url, apiPid, body) {
  const plain = await startPlainNode(body);
  /** One autocannon run, with the CPU time the server used during it. */
  const measure = async (target, pid) => {
    const before = cpuSeconds(pid);
    const result = await run(target, slice, CONNECTIONS);
    const after = cpuSeconds(pid);
    return { ...result, cpu: before === undefined || after === undefined ? undefined : after - before };
  };
  const slice = Math.max(1, Math.round(SECONDS / ROUNDS));
  try {
    await run(plain.url, 1, 10);
    await run(url, 1, 10);
    const api = [];
    const node = [];
    for (let i = 0; i < ROUNDS; i += 1) {
      node.push(await measure(plain.url, plain.pid));
      api.push(await measure(url, apiPid));
    }
    return { api: merged(api), node: merged(node) };
  } finally {
    plain.stop();
  }
}

/** Requests per second and the worst round's percentiles over several autocannon runs. */
const merged = (results) => ({
  rps: results.reduce((sum, r) => sum + r.requests.total, 0) / results.reduce((sum, r) => sum + r.duration, 0),
  p50: Math.max(...results.map((r) => r.latency.p50)),
  p99: Math.max(...results.map((r) => r.latency.p99)),
  /** server CPU microseconds per request */
  cpuPerRequest: results.some((r) => r.cpu === undefined)
    ? undefined
    : (1e6 * results.reduce((sum, r) => sum + r.cpu, 0)) / results.reduce((sum, r) => sum + r.requests.total, 0),
  non2xx: results.reduce((sum, r) => sum + r.non2xx, 0),
  errors: results.reduce((sum, r) => sum + r.errors + r.timeouts, 0),
});

/**
 * An admin editing one product's price every second while the load runs: every edit must show in the
 * very next list and product read, or the cache served something older than the last committed change.
 */
function startEditor(base, product) {
  let stopped = false;
  const report = { edits: 0, stale: 0 };
  const done = (async () => {
    const { data } = await request(base, '/api/auth/login', { method: 'POST', body: ADMIN });
    const { id, name, description, stock, category_id, species_id, url } = product;
    while (!stopped) {
      const price = 10 + ((report.edits % 90) + 1) / 100;
      await request(base, `/api/products/${id}`, {
        method: 'PUT',
        token: data.token,
        body: { name, description, price, stock, category_id, species_id, url },
      });
      report.edits += 1;
      const list = await request(base, targets[0].path);
      const one = await request(base, `/api/products/${id}`);
      if (list.data.find((p) => p.id === id)?.price !== price || one.data.price !== price) report.stale += 1;
      await sleep(1000);
    }
  })();
  return {
    stop: async () => {
      stopped = true;
      await done;
      return report;
    },
  };
}

async function benchCatalog(title, { base, pid }) {
  const total = await topUpProducts(base);
  const page = await request(base, targets[0].path);
  const found = await request(base, '/api/products/search/racao');
  console.log(
    `${title}: produtos ativos ${total}; a lista devolve ${page.data.length}; a busca 'racao' encontra ${found.meta.total}.`,
  );
  const editor = startEditor(base, page.data[0]);
  const rows = [];
  const shares = [];
  for (const target of targets) {
    const body = await (await fetch(`${base}${target.path}`)).text();
    const { api, node } = await versusPlainNode(`${base}${target.path}`, pid, body);
    const share = (100 * api.rps) / node.rps;
    const cpuShare = api.cpuPerRequest ? (100 * node.cpuPerRequest) / api.cpuPerRequest : undefined;
    shares.push({ label: target.label, share, cpuShare });
    rows.push([
      target.label,
      body.length,
      Math.round(api.rps),
      api.p50,
      api.p99,
      Math.round(node.rps),
      `${share.toFixed(0)} %`,
      api.cpuPerRequest === undefined ? '-' : `${Math.round(api.cpuPerRequest)} / ${Math.round(node.cpuPerRequest)}`,
      cpuShare === undefined ? '-' : `${cpuShare.toFixed(0)} %`,
      api.non2xx + node.non2xx,
      api.errors + node.errors,
    ]);
  }
  const edits = await editor.stop();
  printTable(
    `${title}: ${CONNECTIONS} conexões, ${SECONDS} s por endpoint e ${SECONDS} s de Node puro servindo os mesmos bytes, em ${ROUNDS} turnos alternados`,
    [
      'endpoint',
      'bytes',
      'req/s',
      'p50 (ms)',
      'p99 (ms)',
      'Node puro req/s',
      'vs Node puro',
      'CPU µs/req (API / Node)',
      'vs Node puro (CPU)',
      'não-2xx',
      'erros',
    ],
    rows,
  );
  console.log(
    `\nDurante a carga, um admin editou o preço de um produto a cada segundo: ${edits.edits} edições, ` +
      `${edits.stale} leituras logo depois de uma edição ainda com o preço antigo.`,
  );
  return shares;
}

async function benchApi(title, env, pgUrl) {
  let api = await startApi(env);
  try {
    if (SUITES.includes('catalog')) summary.push({ title, shares: await benchCatalog(title, api) });
    if (SUITES.includes('checkout')) {
      const rows = [];
      for (const method of CHECKOUT_METHODS) {
        const r = await benchCheckout({ base: api.base, seconds: SECONDS, method, pgUrl });
        rows.push([r.label, r.rps, r.p50, r.p99, r.statuses, r.invariants]);
      }
      printTable(
        `${title}: checkout, 20 clientes em paralelo, ${SECONDS} s por método`,
        ['rota', 'pedidos/s', 'p50 (ms)', 'p99 (ms)', 'respostas', 'invariantes'],
        rows,
      );
      const hook = await benchCardWebhook({ base: api.base });
      printTable(
        `${title}: do webhook do PSP de cartão ao status do pedido (3-D Secure aprovado no emissor)`,
        ['amostras', 'p50 (ms)', 'p99 (ms)'],
        [[hook.samples, hook.p50, hook.p99]],
      );
    }
    if (SUITES.includes('counter')) {
      const r = await benchCounter({ base: api.base, seconds: SECONDS, pgUrl });
      printTable(
        `${title}: balcão, 10 caixas vendendo em dinheiro, ${SECONDS} s sozinhos e ${SECONDS} s com o checkout web (Pix, 20 clientes) ao mesmo tempo`,
        ['carga', 'vendas ou pedidos/s', 'p50 (ms)', 'p99 (ms)', 'respostas', 'invariantes'],
        [
          ['POST /api/pos/sales, sozinho', r.alone.rps, r.alone.p50, r.alone.p99, r.alone.statuses, r.invariants],
          [
            'POST /api/pos/sales, com o checkout',
            r.together.rps,
            r.together.p50,
            r.together.p99,
            r.together.statuses,
            r.invariants,
          ],
          [
            `${r.checkout.label}, ao mesmo tempo`,
            r.checkout.rps,
            r.checkout.p50,
            r.checkout.p99,
            r.checkout.statuses,
            r.checkout.invariants,
          ],
        ],
      );
    }
    if (SUITES.includes('booking')) {
      const r = await benchBooking({ base: api.base, seconds: SECONDS, pgUrl });
      printTable(
        `${title}: agendamentos, 20 clientes em paralelo disputando horários, ${SECONDS} s`,
        ['rota', 'tentativas/s', 'agendados/s', 'p50 (ms)', 'p99 (ms)', 'respostas', 'invariantes'],
        [[r.label, r.attempts, r.rps, r.p50, r.p99, r.statuses, r.invariants]],
      );
    }
    if (SUITES.includes('reports')) {
      if (!pgUrl) console.log(`\n${title}: relatórios só no PostgreSQL (o histórico é escrito direto no banco).`);
      else {
        const r = await benchReports({ base: api.base, pgUrl });
        printTable(
          `${title}: GET /api/admin/reports/summary, histórico gravado em ${(r.seeded / 1000).toFixed(1)} s, 20 chamadas seguidas por período`,
          ['período', 'pedidos pagos', 'pedidos feitos', 'agendamentos', 'p50 (ms)', 'p95 (ms)'],
          r.rows,
        );
      }
    }
    if (SUITES.includes('backup')) {
      let r;
      if (pgUrl) r = await benchBackupPostgres(pgUrl);
      else {
        r = await benchBackupEmbedded({
          dataDir: env.DATA_DIR,
          env,
          stopApi: () => api.stop(),
          startApi: () => startApi(env),
        });
        api = r.api;
      }
      const counts = (c) => `${c.orders} / ${c.payments} / ${c.appointments}`;
      printTable(
        `${title}: npm run backup enquanto a loja roda, npm run restore num banco vazio`,
        ['pedidos / pagamentos / agendamentos', 'cópia', 'backup (s)', 'restore (s)', 'restaurado'],
        [
          [
            counts(r.original),
            `${(r.bytes / 1e6).toFixed(1)} MB`,
            (r.backupMs / 1000).toFixed(1),
            (r.restoreMs / 1000).toFixed(1),
            counts(r.copy) === counts(r.original) ? 'tudo' : counts(r.copy),
          ],
        ],
      );
    }
  } finally {
    await api.stop();
  }
}

const summary = [];
const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(', ');

async function main() {
  console.log(`Carga da máquina no início (média de 1, 5 e 15 min): ${load()} em ${cpus().length} núcleos.`);
  if (DATABASES.includes('postgres')) {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    const scratchUrl = new URL(baseUrl);
    scratchUrl.pathname = `/${SCRATCH_DB}`;
    try {
      await admin.query(`drop database if exists ${SCRATCH_DB} with (force)`);
      await admin.query(`create database ${SCRATCH_DB}`);
      await benchApi('PostgreSQL', { DATABASE_URL: scratchUrl.toString() }, scratchUrl.toString());
    } finally {
      await admin.query(`drop database if exists ${SCRATCH_DB} with (force)`);
      await admin.end();
    }
  }
  if (DATABASES.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'petshop-bench-'));
    try {
      await benchApi('PGlite (embutido)', {
        DATABASE_URL: '',
        DATA_DIR: dataDir,
        JWT_SECRET: randomBytes(48).toString('base64url'),
      });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  if (summary.length) {
    console.log('\nParcela do Node puro servindo os mesmos bytes, na mesma execução (req/s; CPU por requisição):');
    for (const { title, shares } of summary) {
      for (const { label, share, cpuShare } of shares) {
        console.log(
          `  ${title}, ${label}: ${share.toFixed(0)} %; ${cpuShare === undefined ? '-' : `${cpuShare.toFixed(0)} %`}`,
        );
      }
    }
  }
  console.log(`Carga da máquina no fim: ${load()}.`);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
