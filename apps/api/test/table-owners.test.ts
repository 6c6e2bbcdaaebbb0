import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

const script = fileURLToPath(new URL('../../../scripts/check-table-owners.mjs', import.meta.url));
const run = async (dir?: string) => {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, [script, ...(dir ? [dir] : [])]);
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { code: failed.code, output: failed.stderr };
  }
};

const root = mkdtempSync(join(tmpdir(), 'table-owners-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A tree of modules: `files` maps `module/file.ts` to its text. */
function modules(name: string, files: Record<string, string>) {
  const dir = join(root, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const schemas = {
  'shop/shop.schema.ts': "export const products = pgTable(\n  'products',\n  { id: serial('id') },\n);",
  'sales/sales.schema.ts': "export const orders = pgTable('orders', { id: serial('id') });",
};

describe('scripts/check-table-owners.mjs (npm run lint)', () => {
  it('passes on the project as it is', async () => {
    const { code, output } = await run();
    expect(code).toBe(0);
    expect(output).toMatch(/each writes only its own tables/);
  });

  it('lets a module write its own tables, read any, and talk about updates in prose', async () => {
    const dir = modules('clean', {
      ...schemas,
      'sales/sales.repository.ts': [
        'await tx.insert(orders).values(v);',
        'await tx.update(orders).set({ status });',
        'await db.select().from(products);',
        'sql`select * from products where id = $' + '{id}`;',
        '// we update the order and delete nothing from the catalogue',
      ].join('\n'),
    });
    expect((await run(dir)).code).toBe(0);
  });

  it.each([
    ['a Drizzle update', 'await tx\n  .update(products)\n  .set({ stock: 1 });', 'update on "products"'],
    ['a Drizzle insert', 'await tx.insert(products).values(v);', 'insert on "products"'],
    ['a Drizzle delete', 'await tx.delete(products).where(w);', 'delete on "products"'],
    ['raw SQL by name', 'await db.execute(sql`UPDATE products SET stock = 0`);', 'update on "products"'],
    [
      'raw SQL through the table object',
      'await db.execute(sql`delete from $' + '{products} where id = 1`);',
      'delete from on "products"',
    ],
    ['raw SQL insert', 'await db.execute(sql`insert into "products" (id) values (1)`);', 'insert into on "products"'],
  ])('fails on %s of another module’s table, naming file, line and owner', async (_, code, expected) => {
    const dir = modules(`bad-${Math.random().toString(36).slice(2, 8)}`, {
      ...schemas,
      'sales/sales.repository.ts': `import { x } from 'y';\n${code}`,
    });
    const { code: exit, output } = await run(dir);
    expect(exit).toBe(1);
    expect(output).toMatch(/sales\/sales\.repository\.ts:[23]: /);
    expect(output).toContain(expected);
    expect(output).toContain('a table of module "shop"');
  });
});
