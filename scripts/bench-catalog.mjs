// The catalogue suite of `npm run bench`: autocannon on the catalogue reads (requests/second, p50,
// p99) against plain Node serving the same bytes, in turns, while an admin edits a price every second.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { ADMIN, cpuSeconds, freePort, printTable, request, requireApi, sleep } from './bench-support.mjs';

const autocannon = requireApi('autocannon');

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 50;
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const PAGE = 60;

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

export async function benchCatalog(title, { base, pid }) {
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
