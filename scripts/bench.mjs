// Load test of the catalogue reads. Starts the API on a free port against a scratch PostgreSQL
// database (petshop_bench, demo data, topped up to 60 products), then on a scratch embedded PGlite,
// runs autocannon on the catalogue endpoints and prints requests/second, p50 and p99 latency, and
// the ratio to plain Node serving the same bytes in the same run.
// Usage: npm run bench  (DATABASE_URL, BENCH_SECONDS, BENCH_DATABASES=postgres,pglite)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const requireApi = createRequire(new URL('../apps/api/package.json', import.meta.url));
const autocannon = requireApi('autocannon');
const pg = requireApi('pg');

const root = fileURLToPath(new URL('..', import.meta.url));
const baseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SCRATCH_DB = 'petshop_bench';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const PAGE = 60;
const ADMIN = { email: 'bench-admin@exemplo.com.br', password: randomBytes(12).toString('hex') };

const DATABASES = (process.env.BENCH_DATABASES ?? 'postgres,pglite').split(',');

const targets = [
  { label: `GET /api/products?limit=${PAGE}`, path: `/api/products?limit=${PAGE}` },
  { label: 'GET /api/products/search/racao', path: '/api/products/search/racao' },
  { label: 'GET /api/categories', path: '/api/categories' },
  { label: 'GET /api/products/{id}', path: '/api/products/1' },
];

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(base, child) {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`a API terminou antes de responder (código ${child.exitCode})`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(250);
  }
  throw new Error('a API não respondeu a /api/health em 90 s');
}

async function request(base, path, { method = 'GET', body, token } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

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

/** Plain Node `http` answering the same bytes, in a process of its own: the ceiling of this machine. */
async function plainNode(body) {
  const port = await freePort();
  const code = `require('node:http').createServer((q, r) => { r.writeHead(200, { 'content-type': 'application/json' }); r.end(process.env.BODY); }).listen(${port}, '127.0.0.1', () => console.log('ready'))`;
  const server = spawn(process.execPath, ['-e', code], {
    env: { ...process.env, BODY: body },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await once(server.stdout, 'data');
  try {
    await run(`http://127.0.0.1:${port}/`, 2, 10);
    return await run(`http://127.0.0.1:${port}/`, SECONDS, CONNECTIONS);
  } finally {
    server.kill('SIGKILL');
  }
}

function printTable(title, rows) {
  const header = ['endpoint', 'req/s', 'p50 (ms)', 'p99 (ms)', 'vs Node puro', 'não-2xx', 'erros'];
  const lines = [header, ...rows.map((r) => [r.label, r.rps, r.p50, r.p99, r.ratio, r.non2xx, r.errors].map(String))];
  const widths = header.map((_, col) => Math.max(...lines.map((line) => line[col].length)));
  const format = (line) => line.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col])));
  console.log(`\n${title}: ${CONNECTIONS} conexões, ${SECONDS} s por endpoint\n`);
  for (const [i, line] of lines.entries()) {
    console.log(format(line).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

async function benchApi(title, env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...env,
      SEED_DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      JWT_SECRET: randomBytes(48).toString('base64url'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  try {
    await waitForHealth(base, child);
    const total = await topUpProducts(base);
    const page = await request(base, targets[0].path);
    const found = await request(base, '/api/products/search/racao');
    console.log(
      `${title}: produtos ativos ${total}; a lista devolve ${page.data.length}; a busca 'racao' encontra ${found.meta.total}.`,
    );
    const plain = await plainNode(JSON.stringify(page));
    for (const target of targets) await run(`${base}${target.path}`, 2, 10);
    const rows = [];
    for (const target of targets) {
      const result = await run(`${base}${target.path}`, SECONDS, CONNECTIONS);
      rows.push({
        label: target.label,
        rps: Math.round(result.requests.average),
        p50: result.latency.p50,
        p99: result.latency.p99,
        ratio:
          target === targets[0] ? `${((100 * result.requests.average) / plain.requests.average).toFixed(0)} %` : '',
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
    }
    rows.push({
      label: `Node puro, os mesmos ${JSON.stringify(page).length} bytes`,
      rps: Math.round(plain.requests.average),
      p50: plain.latency.p50,
      p99: plain.latency.p99,
      ratio: '100 %',
      non2xx: plain.non2xx,
      errors: plain.errors + plain.timeouts,
    });
    printTable(title, rows);
  } finally {
    if (child.exitCode === null) {
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
  }
}

async function main() {
  if (DATABASES.includes('postgres')) {
    const admin = new pg.Client({ connectionString: baseUrl });
    await admin.connect();
    const scratchUrl = new URL(baseUrl);
    scratchUrl.pathname = `/${SCRATCH_DB}`;
    try {
      await admin.query(`drop database if exists ${SCRATCH_DB} with (force)`);
      await admin.query(`create database ${SCRATCH_DB}`);
      await benchApi('PostgreSQL', { DATABASE_URL: scratchUrl.toString() });
    } finally {
      await admin.query(`drop database if exists ${SCRATCH_DB} with (force)`);
      await admin.end();
    }
  }
  if (DATABASES.includes('pglite')) {
    const dataDir = mkdtempSync(join(tmpdir(), 'petshop-bench-'));
    try {
      await benchApi('PGlite (embutido)', { DATABASE_URL: '', DATA_DIR: dataDir });
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
