// `npm start`: builds the web app when its sources are newer than the build, then serves shop and API.
// `npm start -- --no-build` skips the build. On a terminal the API's JSON log is shown as one
// readable line per start step (scripts/terminal-log.mjs); piped elsewhere it stays JSON.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { terminalLine, wantsText } from './terminal-log.mjs';

const root = new URL('..', import.meta.url).pathname;
const built = join(root, 'apps/web/dist/index.html');

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist') continue;
    newest = Math.max(newest, newestMtime(join(path, entry)));
  }
  return newest;
}

const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'packages/domain/src',
];
const stale =
  !existsSync(built) ||
  sources.some((s) => existsSync(join(root, s)) && newestMtime(join(root, s)) > statSync(built).mtimeMs);

// `--no-build`: serve whatever build there is (or the API alone), e.g. in tests of this script.
// The build's own report (a line per file) is shown only when it fails.
if (stale && !process.argv.includes('--no-build')) {
  process.stdout.write('Gerando o build do site... ');
  const started = Date.now();
  const result = spawnSync('npm', ['run', 'build', '--silent', '-w', 'apps/web'], { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) {
    console.log('falhou:');
    process.stdout.write(result.stdout ?? '');
    process.stderr.write(result.stderr ?? '');
    process.exit(result.status ?? 1);
  }
  console.log(`pronto em ${((Date.now() - started) / 1000).toFixed(1).replace('.', ',')} s`);
}

const text = wantsText();
const verbose = ['debug', 'trace'].includes(process.env.LOG_LEVEL ?? '');

/**
 * A first run on the embedded database, with no PSP configured and no NODE_ENV, is a demo: its
 * payments go to the embedded sandbox PSPs (every page says no payment is real), and the demo owner
 * signs in with the printed password alone, without first enrolling an authenticator app
 * (two-factor stays offered on /user). With NODE_ENV set by the operator (`NODE_ENV=production npm
 * start` is a shop, never the demo), DATABASE_URL (a deployment) or any PSP configured, nothing is
 * assumed: the production guard decides (no PSP and no PAYMENTS_SANDBOX=1: the API refuses to start,
 * naming what is missing), and staff two-factor is required.
 */
function demoDefaults(env) {
  const configured = ['NODE_ENV', 'DATABASE_URL', 'PIX_API_URL', 'CARD_PSP_ACCESS_TOKEN', 'PAYMENTS_SANDBOX'].some(
    (name) => env[name],
  );
  return configured ? {} : { PAYMENTS_SANDBOX: '1', STAFF_2FA_REQUIRED: '0' };
}

// The IPC channel tells the API when this process is gone, even by SIGKILL.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: root,
  stdio: ['inherit', text ? 'pipe' : 'inherit', 'inherit', 'ipc'],
  env: { NODE_ENV: 'production', ...demoDefaults(process.env), ...process.env },
});
if (text && server.stdout) {
  createInterface({ input: server.stdout }).on('line', (line) => {
    const shown = terminalLine(line, { verbose });
    if (shown !== null) console.log(shown);
  });
}

// One signal path: the API is told once (it ignores repeats, e.g. the same signal sent to the whole
// process group) and gets its 10 s to drain; this process exits when it does.
let stopping = false;
function stop(signal) {
  if (stopping) return;
  stopping = true;
  server.kill(signal);
  setTimeout(() => server.kill('SIGKILL'), 12_000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
// Whoever started us (npm) went away without passing a signal on: stop as if told to.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) stop('SIGTERM');
}, 500).unref();
// 'close', not 'exit': the API's last log lines are read before this process goes.
server.on('close', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
