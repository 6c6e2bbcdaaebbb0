// `npm start`: builds the web app when its sources are newer than the build, then serves shop and API.
// `npm start -- --no-build` skips the build.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

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
if (stale && !process.argv.includes('--no-build')) {
  console.log('Gerando o build do site...');
  const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// The IPC channel tells the API when this process is gone, even by SIGKILL.
const server = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
  cwd: root,
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { NODE_ENV: 'production', ...process.env },
});

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
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
