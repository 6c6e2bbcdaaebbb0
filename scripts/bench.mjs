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
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { benchBackupEmbedded, benchBackupPostgres } from './bench-backup.mjs';
import { benchBooking } from './bench-booking.mjs';
import { benchCatalog } from './bench-catalog.mjs';
import { benchCardWebhook, benchCheckout } from './bench-checkout.mjs';
import { benchCounter } from './bench-counter.mjs';
import { benchReports } from './bench-reports.mjs';
import { printTable, requireApi, startApi } from './bench-support.mjs';

const pg = requireApi('pg');

const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCRATCH_DB = process.env.BENCH_SCRATCH_DB ?? 'petshop_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);

const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');
const SUITES = (process.env.BENCH_SUITES ?? 'catalog,checkout,counter,booking,reports,backup').split(',');
const CHECKOUT_METHODS = ['Cartão de Crédito', 'Pix'];

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
