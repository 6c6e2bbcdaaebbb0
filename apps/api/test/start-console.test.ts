import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { terminalLine } from '../../../scripts/terminal-log.mjs';
import { type ApiProcess, killAllApiProcesses, startApiProcess } from './support/api-process';

// Two starts of an embedded database on disk (migrations, IBGE cities, demo data).
vi.setConfig({ testTimeout: 240_000 });

const dataDir = mkdtempSync(join(tmpdir(), 'petshop-first-start-'));
afterAll(async () => {
  await killAllApiProcesses();
  rmSync(dataDir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const format = terminalLine as (line: string, options?: { verbose?: boolean }) => string | null;

describe('what the terminal shows of a JSON log line', () => {
  const record = (fields: Record<string, unknown>) => JSON.stringify({ level: 30, time: 0, pid: 1, ...fields });

  it('a start step is one readable line; a warning says so, with its error', () => {
    expect(format(record({ msg: 'banco de dados pronto', db: 'pglite' }))).toMatch(
      /^\d\d:\d\d:\d\d {2}banco de dados pronto$/,
    );
    expect(format(record({ level: 40, msg: 'message not delivered', error: 'SMTP 421' }))).toMatch(
      /aviso: message not delivered \(SMTP 421\)$/,
    );
  });

  it('request logs and Fastify listening lines stay off unless verbose (LOG_LEVEL=debug)', () => {
    const request = record({
      msg: 'request completed',
      req: { method: 'GET', url: '/api/products' },
      res: { statusCode: 200 },
      responseTime: 3,
    });
    expect(format(request)).toBeNull();
    expect(format(record({ msg: 'incoming request', req: { method: 'GET', url: '/' } }))).toBeNull();
    expect(format(record({ msg: 'Server listening at http://127.0.0.1:3000' }))).toBeNull();
    expect(format(request, { verbose: true })).toMatch(/request completed GET \/api\/products 200$/);
  });

  it('lines that are not JSON (the banner) pass as they are', () => {
    expect(format('PetCare pronto em http://localhost:3000')).toBe('PetCare pronto em http://localhost:3000');
  });
});

/** `npm start` without the build, its output as a terminal shows it (LOG_FORMAT=text). */
async function startScript() {
  return startApiProcess({
    command: ['scripts/start.mjs', '--no-build'],
    // As a newcomer runs it: nothing about the environment, payments or two-factor set, `npm start` decides.
    env: {
      DATA_DIR: dataDir,
      LOG_FORMAT: 'text',
      LOG_LEVEL: 'info',
      NODE_ENV: '',
      PAYMENTS_SANDBOX: '',
      STAFF_2FA_REQUIRED: '',
    },
  });
}

async function untilBanner(api: ApiProcess) {
  const deadline = Date.now() + 30_000;
  while (!api.output().includes('Conta do painel')) {
    if (Date.now() > deadline) throw new Error(`no banner:\n${api.output()}`);
    await sleep(100);
  }
}

describe.skipIf(process.env.TEST_DB === 'postgres')('npm start on a new embedded database (terminal)', () => {
  let password = '';

  it('the first start: one line per step, the banner with the demo owner and its password, no JSON', async () => {
    const api = await startScript();
    await untilBanner(api);
    // Some requests: none of them reaches the terminal.
    for (const path of ['/api/products', '/api/services', '/api/health', '/']) await fetch(`${api.base}${path}`);
    await sleep(500);
    const output = api.output();
    expect(output).not.toContain('{"level"');
    expect(output).not.toMatch(/request completed|incoming request|Server listening/);
    const found = output.match(/Conta do painel: dono@petcare\.local {2}senha: (\S+)/);
    expect(found, output).not.toBeNull();
    password = found?.[1] ?? '';
    const login = await fetch(`${api.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dono@petcare.local', password }),
    });
    expect(login.status).toBe(201);
    const lines = output.trim().split('\n');
    console.info(`first start (without the build): ${lines.length} lines\n${output.replace(password, '****')}`);
    expect(lines.length).toBeLessThanOrEqual(10);
    expect((await api.kill('SIGTERM')).code).toBe(0);
  });

  it('a restart shows no password, and the account still signs in with it', async () => {
    const api = await startScript();
    await untilBanner(api);
    expect(api.output()).toContain('Conta do painel: dono@petcare.local (a senha apareceu no primeiro início');
    expect(api.output()).not.toContain(password);
    const login = await fetch(`${api.base}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'dono@petcare.local', password }),
    });
    expect(login.status).toBe(201);
    expect((await api.kill('SIGTERM')).code).toBe(0);
  });
});
