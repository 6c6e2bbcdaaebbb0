// `npm test`: every check, in order; stops at nothing so one run shows every failure, then exits non-zero if any failed.
import { spawnSync } from 'node:child_process';
import { missingForTests, report } from './test-preflight.mjs';

const root = new URL('..', import.meta.url).pathname;

// Stops at once, naming the one install line, instead of failing a suite twenty minutes in.
const missing = report(await missingForTests());
if (missing.length > 0) {
  console.error(missing.join('\n'));
  process.exit(1);
}
const steps = [
  ['typecheck', 'npm', ['run', 'typecheck']],
  ['lint', 'npm', ['run', 'lint']],
  ['unit + API + web', 'npx', ['vitest', 'run']],
  [
    'browser (Chromium)',
    'npx',
    [
      'vitest',
      'run',
      '-c',
      'vitest.e2e.config.ts',
      '--reporter=default',
      '--reporter=json',
      '--outputFile.json=test-results/e2e.json',
    ],
  ],
];

if (process.env.TEST_DATABASE_URL) {
  // Real processes killed, flooded and cut off from PostgreSQL (see vitest.resilience.config.ts).
  steps.push(['resilience (PostgreSQL)', 'npx', ['vitest', 'run', '-c', 'vitest.resilience.config.ts']]);
} else {
  console.log(
    'TEST_DATABASE_URL não definido: os testes de API rodam só no PGlite (defina para rodar também no PostgreSQL) e a suíte de resiliência não roda.',
  );
}

const results = [];
for (const [name, command, args] of steps) {
  console.log(`\n━━ ${name} ━━`);
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  results.push({ name, ok: status === 0, seconds: ((Date.now() - started) / 1000).toFixed(1) });
}

console.log('\nResumo:');
for (const r of results) console.log(`  ${r.ok ? '✔' : '✘'} ${r.name} (${r.seconds} s)`);
process.exit(results.every((r) => r.ok) ? 0 : 1);
