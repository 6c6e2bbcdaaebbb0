import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { repoRoot } from '../../src/config';
import { TEST_SECRET } from '../helper';

/**
 * The real API as a process of its own (`node --import tsx apps/api/src/main.ts`), for tests that
 * kill, restart or run several of it. Every process started here is killed when the test file ends
 * (`killAllApiProcesses` in afterAll).
 */
export interface ApiProcess {
  child: ChildProcess;
  port: number;
  /** e.g. http://127.0.0.1:41234 */
  base: string;
  /** everything it wrote to stdout and stderr so far */
  output(): string;
  /** resolves with the exit code (null when killed by a signal) */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

const started = new Set<ChildProcess>();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Starts the API on `databaseUrl` (PostgreSQL) or an in-memory PGlite, and waits until it listens.
 * `port` reuses a port (a restart); `env` adds or overrides variables ('' removes one).
 */
export async function startApiProcess(
  options: {
    databaseUrl?: string;
    port?: number;
    env?: Record<string, string>;
    /** node's arguments, instead of the API's entry point (e.g. scripts/start.mjs) */
    command?: string[];
    /** a process group of its own, for a signal to the whole group */
    detached?: boolean;
  } = {},
): Promise<ApiProcess> {
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    JWT_SECRET: TEST_SECRET,
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    // Production refuses to offer payments without a PSP; these processes use the embedded stand-ins.
    PAYMENTS_SANDBOX: '1',
    // Staff sign in with a password here; two-factor has its own tests (two-factor.test.ts).
    STAFF_2FA_REQUIRED: '0',
    ...options.env,
  };
  for (const name of ['DATABASE_URL', 'REDIS_URL', 'ADMIN_EMAIL', 'ADMIN_PASSWORD', 'SMTP_URL', 'PIX_API_URL']) {
    if (!options.env?.[name]) delete env[name];
  }
  // An empty value removes the variable: the process starts as if it had never been set.
  for (const [name, value] of Object.entries(options.env ?? {})) if (value === '') delete env[name];
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  const child = spawn(process.execPath, options.command ?? ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: options.detached ?? false,
  });
  started.add(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => {
      started.delete(child);
      resolve({ code, signal });
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 90_000;
  // Listening comes after migrations and the job runner's start: the first answer means ready.
  while (!(await answers(base))) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`the API exited:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the API did not start within 90 s:\n${output}`);
    }
    await sleep(100);
  }
  return {
    child,
    port,
    base,
    output: () => output,
    exited,
    async kill(signal = 'SIGKILL') {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      return exited;
    },
  };
}

async function answers(base: string) {
  try {
    const res = await fetch(`${base}/api/health`, { signal: AbortSignal.timeout(2000) });
    await res.body?.cancel();
    return true;
  } catch {
    return false;
  }
}

/** For afterAll: no process outlives its test file. */
export async function killAllApiProcesses() {
  const waiting = [...started].map(
    (child) =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGKILL');
      }),
  );
  await Promise.all(waiting);
}

/** A JSON call that answers status and body whatever they are (no throw on 4xx/5xx). */
export async function call(
  base: string,
  path: string,
  {
    method = 'GET',
    body,
    token,
    headers = {},
  }: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: res.status, json: json as Record<string, unknown> & { data?: unknown }, text, headers: res.headers };
}
