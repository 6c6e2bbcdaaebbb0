// Load test of the catalogue reads. Starts the API on a free port against a scratch database
// (petshop_bench, demo data, topped up to 60 products), runs autocannon on two endpoints and
// prints requests/second and p99 latency. Usage: npm run bench  (DATABASE_URL, BENCH_SECONDS)
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
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

const targets = [
  { label: `GET /api/products (${PAGE} itens)`, path: '/api/products' },
  { label: 'GET /api/products/search/racao', path: '/api/products/search/racao' },
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

function printTable(rows) {
  const header = ['endpoint', 'req/s', 'p99 (ms)', 'média (ms)', 'não-2xx', 'erros'];
  const lines = [header, ...rows.map((r) => [r.label, r.rps, r.p99, r.mean, r.non2xx, r.errors].map(String))];
  const widths = header.map((_, col) => Math.max(...lines.map((line) => line[col].length)));
  const format = (line) => line.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col])));
  console.log(`\n${CONNECTIONS} conexões, ${SECONDS} s por endpoint\n`);
  for (const [i, line] of lines.entries()) {
    console.log(format(line).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}

async function main() {
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  const scratchUrl = new URL(baseUrl);
  scratchUrl.pathname = `/${SCRATCH_DB}`;
  let child;
  let cleaning;
  const cleanup = () => {
    cleaning ??= (async () => {
      if (child && child.exitCode === null) {
        const exited = once(child, 'exit');
        child.kill('SIGTERM');
        const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
        await exited;
        clearTimeout(timer);
      }
      await admin.query(`drop database if exists ${SCRATCH_DB} with (force)`);
      await admin.end();
    })();
    return cleaning;
  };
  process.once('SIGINT', () => void cleanup().finally(() => process.exit(130)));

  try {
    await admin.query(`drop database if exists ${SCRATCH_DB} with (force)`);
    await admin.query(`create database ${SCRATCH_DB}`);
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
      cwd: root,
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        DATABASE_URL: scratchUrl.toString(),
        SEED_DEMO: '1',
        PORT: String(port),
        HOST: '127.0.0.1',
        LOG_LEVEL: 'warn',
        JWT_SECRET: randomBytes(48).toString('base64url'),
        ADMIN_EMAIL: ADMIN.email,
        ADMIN_PASSWORD: ADMIN.password,
      },
    });
    await waitForHealth(base, child);
    const total = await topUpProducts(base);
    const page = await request(base, '/api/products');
    const found = await request(base, '/api/products/search/racao');
    console.log(
      `Produtos ativos: ${total}; /api/products devolve ${page.data.length}; a busca 'racao' encontra ${found.meta.total}.`,
    );

    for (const target of targets) await run(`${base}${target.path}`, 2, 10);
    const rows = [];
    for (const target of targets) {
      const result = await run(`${base}${target.path}`, SECONDS, CONNECTIONS);
      rows.push({
        label: target.label,
        rps: Math.round(result.requests.average),
        p99: result.latency.p99,
        mean: result.latency.average,
        non2xx: result.non2xx,
        errors: result.errors + result.timeouts,
      });
    }
    printTable(rows);
  } finally {
    await cleanup();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
