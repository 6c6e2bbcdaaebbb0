import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/check-shape.mjs', import.meta.url));
const run = async (dir?: string) => {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script, ...(dir ? [dir] : [])]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
};

const root = mkdtempSync(join(tmpdir(), 'check-shape-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function project(name: string, files: Record<string, string>) {
  const dir = join(root, name);
  mkdirSync(join(dir, 'scripts'), { recursive: true });
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const lines = (count: number) => Array.from({ length: count }, (_, i) => `export const a${i} = ${i};`).join('\n');

describe('scripts/check-shape.mjs (npm run lint)', () => {
  it('passes on the project as it is (its temporary list applied)', async () => {
    const { code, output } = await run();
    expect(output).toMatch(/none over 300 lines, no import cycle/);
    expect(code).toBe(0);
  });

  it('passes files of 300 lines, one-way imports, tests, generated types and seeds', async () => {
    const dir = project('clean', {
      'apps/api/src/modules/a/a.service.ts': `import { b } from '../b/b.service';\n${lines(299)}`,
      'apps/api/src/modules/b/b.service.ts': "import type { Row } from './b.schema';\nexport const b = 1;",
      // A foreign key to another module's table is no module import.
      'apps/api/src/modules/b/b.schema.ts': "import { a } from '../a/a.schema';\nexport type Row = {};",
      'apps/api/src/modules/a/a.schema.ts': 'export const a = 1;',
      'apps/api/src/db/seed/big.ts': lines(400),
      'apps/web/src/api/schema.gen.ts': lines(400),
      'apps/web/src/page.test.tsx': lines(400),
      'apps/web/src/lazy.ts': "export const load = () => import('./page');",
      'apps/web/src/page.tsx': "import { load } from './lazy';\nexport const page = load;",
    });
    const { code, output } = await run(dir);
    expect(output).toMatch(/no import cycle/);
    expect(code).toBe(0);
  });

  it('fails on a long file, a file cycle and a module cycle, naming them', async () => {
    const dir = project('bad', {
      'packages/domain/src/long.ts': lines(301),
      'scripts/tool.mjs': lines(320),
      'apps/sandbox/src/pix/stand-in.ts': "import { recur } from './recurrence';\nexport type Receiver = {};",
      'apps/sandbox/src/pix/recurrence.ts': "import type { Receiver } from './stand-in';\nexport const recur = 1;",
      'apps/api/src/modules/orders/orders.service.ts': "import { buy } from '../packages/buying';\nexport const o = 1;",
      'apps/api/src/modules/packages/buying.ts': "import { o } from '../orders/orders.service';\nexport const buy = 1;",
    });
    const { code, output } = await run(dir);
    expect(code).toBe(1);
    expect(output).toContain('packages/domain/src/long.ts: 301 lines, more than 300');
    expect(output).toContain('scripts/tool.mjs: 320 lines');
    expect(output).toContain(
      'import cycle: files apps/sandbox/src/pix/recurrence.ts ↔ apps/sandbox/src/pix/stand-in.ts',
    );
    expect(output).toContain('import cycle: modules orders ↔ packages');
  });
});
