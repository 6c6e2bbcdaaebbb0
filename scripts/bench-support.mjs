// What the benchmarks share: starting the API the way `npm start` does, calling it, and percentiles.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const requireApi = createRequire(new URL('../apps/api/package.json', import.meta.url));
export const root = fileURLToPath(new URL('..', import.meta.url));
export const ADMIN = { email: 'bench-admin@exemplo.com.br', password: randomBytes(12).toString('hex') };

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitForHealth(base, child) {
  const deadline = Date.now() + 600_000;
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
  throw new Error('a API não respondeu a /api/health em 600 s');
}

/** A call that throws on any non-2xx answer. */
export async function request(base, path, { method = 'GET', body, token, headers = {} } = {}) {
  const answer = await call(base, path, { method, body, token, headers });
  if (answer.status >= 300) throw new Error(`${method} ${path}: ${answer.status} ${JSON.stringify(answer.json)}`);
  return answer.json;
}

/** A call that answers the status and body, whatever they are. */
export async function call(base, path, { method = 'GET', body, token, headers = {} } = {}) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : {} };
}

const { generateCpf } = requireApi('@brazilian-utils/brazilian-utils');

/** A new customer account, logged in: answers its token. */
export async function signUp(base, tag) {
  const account = {
    name: `Cliente Carga ${tag}`,
    email: `carga.${Date.now()}.${tag}@exemplo.com.br`,
    password: 'senha-de-carga-123',
    cpf: generateCpf(),
    phone: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
  };
  await request(base, '/api/user', { method: 'POST', body: account });
  const { data } = await request(base, '/api/auth/login', {
    method: 'POST',
    body: { email: account.email, password: account.password },
  });
  return data.token;
}

/** The API on a free port with demo data and the bench admin; `stop` ends it. */
export async function startApi(env) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: root,
    // The logs go nowhere, but are written as in production (LOG_LEVEL info unless BENCH_LOG_LEVEL).
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      ...env,
      SEED_DEMO: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info',
      JWT_SECRET: env.JWT_SECRET ?? randomBytes(48).toString('base64url'),
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
    },
  });
  try {
    await waitForHealth(base, child);
  } catch (error) {
    // An API that never answered must not outlive the bench, spending a loaded machine's CPU.
    child.kill('SIGKILL');
    throw error;
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
  return { base, stop, pid: child.pid };
}

/**
 * CPU seconds a process has used (user + system, from /proc; undefined elsewhere). Unlike requests
 * per second, CPU time per request hardly moves when neighbours load the machine.
 */
export function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    // utime and stime, fields 14 and 15 of the whole line, in clock ticks (100 a second on Linux).
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return undefined;
  }
}

export const percentile = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : 0;

export function printTable(title, header, rows) {
  const lines = [header, ...rows.map((row) => row.map(String))];
  const widths = header.map((_, col) => Math.max(...lines.map((line) => line[col].length)));
  const format = (line) => line.map((cell, col) => (col === 0 ? cell.padEnd(widths[col]) : cell.padStart(widths[col])));
  console.log(`\n${title}\n`);
  for (const [i, line] of lines.entries()) {
    console.log(format(line).join('  '));
    if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  }
}
