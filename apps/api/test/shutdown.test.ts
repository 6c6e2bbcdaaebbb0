import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import { connect, createServer, type Socket } from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { repoRoot } from '../src/config';
import { openTestDatabase, TEST_SECRET, testConfig } from './helper';

/**
 * Graceful shutdown of the real process: requests in flight finish, kept-alive idle connections are
 * closed, a repeated signal changes nothing, and it exits well inside its 10 s deadline.
 * Runs once (embedded database in the spawned process), in the PGlite project.
 */
const runs = process.env.TEST_DB !== 'postgres';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
});

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function startServer(port: number) {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: 'memory://',
    JWT_SECRET: TEST_SECRET,
    WEB_DIST: '/nonexistent',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
    PAYMENTS_SANDBOX: '1',
    FORGOT_PASSWORD_MAX: '10',
  };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.ADMIN_EMAIL;
  delete env.ADMIN_PASSWORD;
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const deadline = Date.now() + 90_000;
  while (!output.includes('PetCare pronto em http')) {
    if (child.exitCode !== null) throw new Error(`server exited:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await sleep(100);
  }
  return { child, output: () => output };
}

/** A forgot-password (≥ 400 ms) whose headers are sent and whose body is held back: in flight until `finish`. */
function heldRequest(port: number, n: number) {
  const body = JSON.stringify({ email: `ninguem${n}@exemplo.com.br` });
  const socket: Socket = connect(port, '127.0.0.1');
  let response = '';
  socket.on('data', (chunk) => {
    response += chunk.toString();
  });
  const closed = new Promise<string>((resolve) => {
    socket.on('close', () => resolve(response));
    socket.on('error', () => resolve(response));
  });
  socket.write(
    `POST /api/auth/password/forgot HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, 10)}`,
  );
  return { finish: () => socket.write(body.slice(10)), closed };
}

describe.runIf(runs)('SIGTERM', () => {
  it('twice, with 20 requests in flight and 100 idle kept-alive connections: all 20 answered, exit < 10 s', async () => {
    const port = await freePort();
    const { child, output } = await startServer(port);

    const agent = new http.Agent({ keepAlive: true, maxSockets: 100 });
    const idleClosed: Promise<void>[] = [];
    agent.on('free', (socket: Socket) => {
      if (!(socket as Socket & { watched?: boolean }).watched) {
        (socket as Socket & { watched?: boolean }).watched = true;
        idleClosed.push(new Promise((resolve) => socket.once('close', () => resolve())));
      }
    });
    await Promise.all(
      Array.from(
        { length: 100 },
        () =>
          new Promise<void>((resolve, reject) => {
            http
              .get({ host: '127.0.0.1', port, path: '/api/health', agent }, (res) => {
                res.resume();
                res.on('end', () => resolve());
              })
              .on('error', reject);
          }),
      ),
    );
    const inFlight = Array.from({ length: 20 }, (_, n) => heldRequest(port, n));
    await sleep(500);

    const exited = new Promise<{ code: number | null; at: number }>((resolve) =>
      child.once('exit', (code) => resolve({ code, at: Date.now() })),
    );
    const signalledAt = Date.now();
    // The process group's signal and, a moment later, the one a wrapper forwards.
    child.kill('SIGTERM');
    await sleep(100);
    child.kill('SIGTERM');
    await sleep(200);
    for (const request of inFlight) request.finish();

    const answers = await Promise.all(inFlight.map((r) => r.closed));
    const answeredAfter = (Date.now() - signalledAt) / 1000;
    const { code, at } = await exited;
    const seconds = (at - signalledAt) / 1000;
    const answered = answers.filter((a) => a.startsWith('HTTP/1.1 202'));
    await Promise.all(idleClosed);
    console.info(
      `shutdown: ${answered.length}/20 in-flight answered, ${idleClosed.length} idle sockets closed, exit ${code} after ${seconds.toFixed(2)} s (last answer after ${answeredAfter.toFixed(2)} s)`,
    );
    expect(answered, answers.join('\n---\n')).toHaveLength(20);
    expect(answers.every((a) => /connection: close/i.test(a))).toBe(true);
    expect(code, output()).toBe(0);
    expect(seconds).toBeLessThan(10);
    expect(idleClosed).toHaveLength(100);
    agent.destroy();
  }, 120_000);
});

describe('a request that comes in while the server drains', () => {
  it("gets the API's own pt-BR 503, not Fastify's English one", async () => {
    const database = await openTestDatabase();
    const app = await buildApp({ config: testConfig(), db: database.db, logger: false });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = app.server.address() as { port: number };
    try {
      // Headers begun before the close (so the connection is not idle), finished after it started.
      const socket = connect(port, '127.0.0.1');
      let response = '';
      socket.on('data', (chunk) => {
        response += chunk.toString();
      });
      const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
      socket.write('GET /api/categories HTTP/1.1\r\nHost: 127.0.0.1\r\n');
      await sleep(100);
      const closing = app.close();
      await sleep(100);
      socket.write('\r\n');
      await closed;
      await closing;
      expect(response).toMatch(/^HTTP\/1\.1 503/);
      expect(response).toMatch(/connection: close/i);
      expect(response).toContain('"code":"SHUTTING_DOWN"');
      expect(response).toContain('Servidor reiniciando. Tente novamente em instantes.');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
