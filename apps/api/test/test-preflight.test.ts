import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/** `npm test`'s first step, run as its own process with the environment a machine would have. */
const preflight = fileURLToPath(new URL('../../../scripts/test-preflight.mjs', import.meta.url));
const check = async (env: Record<string, string>) => {
  const code = `import { missingForTests, report } from ${JSON.stringify(preflight)};
    console.log(JSON.stringify(report(await missingForTests(process.env))));`;
  const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', code], {
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return JSON.parse(stdout) as string[];
};

describe('what the suites need from the system, checked first', () => {
  it('names the missing browser with the one install line', async () => {
    const lines = await check({ CHROMIUM_PATH: '/nenhum/chromium' });
    expect(lines).toContain('Instale com: apt-get install -y chromium');
  });

  it('names a PostgreSQL and a Redis that do not answer, only when the run asks for them', async () => {
    const closed = 'postgres://postgres@127.0.0.1:1/test';
    const lines = await check({
      CHROMIUM_PATH: process.execPath,
      TEST_DATABASE_URL: closed,
      TEST_REDIS_URL: 'redis://127.0.0.1:1',
    });
    expect(lines.join('\n')).toMatch(/PostgreSQL não responde em TEST_DATABASE_URL \(127\.0\.0\.1:1\)/);
    expect(lines.join('\n')).toMatch(/Redis não responde em TEST_REDIS_URL/);
    expect(await check({ CHROMIUM_PATH: process.execPath })).toEqual([]);
  });
});
