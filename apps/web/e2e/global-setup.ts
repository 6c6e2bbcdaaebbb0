import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportJWK } from 'jose';
import type { TestProject } from 'vitest/node';
import { type FakeCep, startFakeCep } from '../../api/test/support/fake-cep';
import { type FakeGoogle, startFakeGoogle } from '../../api/test/support/fake-google';
import { type SmtpStandIn, startSmtpStandIn } from '../../api/test/support/smtp-stand-in';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './support/accounts';
import { E2E_CEP } from './support/cep';
import { chromiumPath } from './support/chromium';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
// E2E_STARTUP_TIMEOUT_MS: more room on a machine busy with other builds (the demo seed runs at start).
const STARTUP_TIMEOUT_MS = Number(process.env.E2E_STARTUP_TIMEOUT_MS ?? 90_000);
const STOP_TIMEOUT_MS = 10_000;
const BUILD_LOCK_WAIT_MS = 180_000;
const PORT_ATTEMPTS = 5;

/**
 * Builds the web app, then starts the server the way a user does (node + tsx, embedded PGlite in a
 * fresh folder, so demo data is seeded) on a port the OS picks, and stops it afterwards.
 * Build and database live in a temporary folder of their own, so runs started side by side do not
 * overwrite each other; E2E_SKIP_BUILD=1 serves the existing apps/web/dist instead of building.
 */
export default async function setup(project: TestProject) {
  chromiumPath();
  const workDir = mkdtempSync(join(tmpdir(), 'petshop-e2e-'));
  let server: RunningServer | undefined;
  let google: FakeGoogle | undefined;
  let smtp: SmtpStandIn | undefined;
  let cep: FakeCep | undefined;
  const tearDown = async () => {
    if (server) await stopServer(server.child);
    await google?.close();
    await smtp?.stop();
    await cep?.close();
    rmSync(workDir, { recursive: true, force: true });
  };

  try {
    const webDist = await buildWebApp(join(workDir, 'web'));
    // A local stand-in for Google's key set; the tests sign ID tokens with its private key.
    google = await startFakeGoogle();
    // A real SMTP server: what the shop e-mails lands in a folder the tests read.
    const mailDir = join(workDir, 'mail');
    mkdirSync(mailDir);
    let mailCount = 0;
    smtp = await startSmtpStandIn({
      onMail: ({ to, subject, text }) => {
        mailCount += 1;
        writeFileSync(
          join(mailDir, `${String(mailCount).padStart(5, '0')}.json`),
          JSON.stringify({ to, subject, text }),
        );
      },
    });
    // A local stand-in for the CEP service: it knows the journeys' CEP, any other is unknown (filled by hand).
    cep = await startFakeCep([E2E_CEP]);
    const standIns = { ...google.env, CEP_API_URL: cep.baseUrl, SMTP_URL: smtp.url };
    project.provide('mailDir', mailDir);
    // The port is picked after the stand-ins have theirs; a port taken between the probe and the
    // server's listen (another process on the machine) costs one more try, not the whole run.
    let baseUrl = '';
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      baseUrl = `http://127.0.0.1:${port}`;
      server = startServer(port, join(workDir, `data-${attempt}`), webDist, { ...standIns, APP_URL: baseUrl });
      try {
        await waitForHealth(baseUrl, server);
        break;
      } catch (error) {
        const portTaken = server.output.join('').includes('EADDRINUSE');
        await stopServer(server.child);
        if (!portTaken || attempt >= PORT_ATTEMPTS) throw error;
      }
    }
    project.provide('baseUrl', baseUrl);
    project.provide(
      'googleSigningKey',
      JSON.stringify({ ...(await exportJWK(google.primary.privateKey)), kid: google.primary.kid }),
    );
  } catch (error) {
    await tearDown();
    throw error;
  }
  return tearDown;
}

/**
 * Runs `npm run build -w apps/web` and copies the result into `target`, which the server then
 * serves: a later build (another run, another person) cannot change files under a running test.
 * A lock keeps two runs from building into apps/web/dist at the same time.
 */
async function buildWebApp(target: string): Promise<string> {
  const dist = join(repoRoot, 'apps/web/dist');
  if (process.env.E2E_SKIP_BUILD === '1' && existsSync(join(dist, 'index.html'))) return dist;
  await withBuildLock(() => {
    // vitest sets NODE_ENV=test, which would give a development build of React.
    const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], {
      cwd: repoRoot,
      encoding: 'utf8',
      env: { ...process.env, NODE_ENV: 'production' },
    });
    if (result.status !== 0) {
      throw new Error(`O build do site falhou (npm run build -w apps/web):\n${result.stdout}\n${result.stderr}`);
    }
    cpSync(dist, target, { recursive: true });
  });
  return target;
}

async function withBuildLock(task: () => void) {
  const lock = join(
    tmpdir(),
    `petshop-web-build-${createHash('sha1').update(repoRoot).digest('hex').slice(0, 12)}.lock`,
  );
  const deadline = Date.now() + BUILD_LOCK_WAIT_MS;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than the wait limit was left by a run that died.
      const age = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > BUILD_LOCK_WAIT_MS) {
        rmSync(lock, { recursive: true, force: true });
      } else if (Date.now() > deadline) {
        throw new Error(`Outro build do site não terminou (trava ${lock}).`);
      } else {
        await sleep(500);
      }
    }
  }
  try {
    task();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Asks the OS for a free port (listen on 0), then releases it for the server. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no port from the OS'))));
    });
  });
}

interface RunningServer {
  child: ChildProcess;
  /** The last lines it printed, to explain a failed start. */
  output: string[];
}

function startServer(port: number, dataDir: string, webDist: string, extraEnv: Record<string, string>): RunningServer {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    // Not production: the customer's own 'Simular pagamento' of the sandbox PSPs is what the journeys
    // click (a production shop that runs the sandbox lets only its admins do that).
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST: webDist,
    LOG_LEVEL: 'warn',
    // The shortest Pix the server allows, so a journey can watch one expire; the others pay or cancel sooner.
    PIX_EXPIRATION_SECONDS: '30',
    ADMIN_EMAIL,
    ADMIN_PASSWORD,
    ...extraEnv,
  };
  // Always the embedded database and in-memory rate limits, whatever the caller's shell has.
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  delete env.JWT_SECRET;

  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const output: string[] = [];
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    output.push(text);
    if (output.length > 50) output.shift();
    process.stderr.write(`[api] ${text}`);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  return { child, output };
}

async function waitForHealth(baseUrl: string, server: RunningServer) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`O servidor terminou ao iniciar (código ${server.child.exitCode}):\n${server.output.join('')}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await sleep(250);
  }
  throw new Error(`O servidor não respondeu em ${baseUrl}/api/health:\n${server.output.join('')}`);
}

async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}
