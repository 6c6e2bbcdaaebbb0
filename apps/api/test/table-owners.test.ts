import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

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

/** A project: `files` maps paths under it (`apps/api/src/modules/m/f.ts`) to their text. */
function project(name: string, files: Record<string, string>) {
  const dir = join(root, name);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const src = 'apps/api/src';
const base = {
  [`${src}/modules/shop/shop.schema.ts`]:
    "import { pgTable, serial } from 'drizzle-orm/pg-core';\nexport const products = pgTable(\n  'products',\n  { id: serial('id') },\n);",
  [`${src}/modules/stock/stock.schema.ts`]: "export const storeStock = pgTable('store_stock', { id: serial('id') });",
  [`${src}/modules/sales/sales.schema.ts`]: "export const orders = pgTable('orders', { id: serial('id') });",
  [`${src}/db/schema.ts`]:
    "export * from '../modules/shop/shop.schema';\nexport * from '../modules/sales/sales.schema';",
  [`${src}/modules/shop/index.ts`]: "export { products as catalogue } from './shop.schema';",
};

/** A file of module sales whose line 2 is `code`. */
const sales = (code: string, imports = "import { products } from '../shop/shop.schema';") => `${imports}\n${code}\n`;

describe('scripts/check-table-owners.mjs (npm run lint)', () => {
  it('passes on the project as it is', async () => {
    const { code, output } = await run();
    expect(code).toBe(0);
    expect(output).toMatch(/each writes only its own tables/);
  }, 120_000);

  it('lets a module write its own tables, read any, and talk about updates in prose', async () => {
    const dir = project('clean', {
      ...base,
      [`${src}/modules/sales/sales.repository.ts`]: [
        "import { orders } from './sales.schema';",
        "import { products } from '../shop/shop.schema';",
        'await tx.insert(orders).values(v);',
        'await tx.update(orders).set({ status });',
        'await db.select().from(products);',
        'sql`select * from products where id = $' + '{id}`;',
        'sql`update orders set total = (select sum(id) from products)`;',
        'const message = `we update the order and delete nothing from the catalogue`;',
        'hash.update(products.id);',
      ].join('\n'),
      [`${src}/modules/shop/stock.ts`]: "import { products } from './shop.schema';\nawait tx.delete(products);",
    });
    const { code, output } = await run(dir);
    expect(output).toMatch(/each writes only its own tables/);
    expect(code).toBe(0);
  });

  describe('fails on a write to another module’s table, naming file, line and owner', () => {
    const evasions: [string, string, string, string?][] = [
      ['drizzle-update', 'await tx\n  .update(products)\n  .set({ stock: 1 });', 'update on "products"'],
      ['drizzle-insert', 'await tx.insert(products).values(v);', 'insert on "products"'],
      ['drizzle-delete', 'await tx.delete(products).where(w);', 'delete on "products"'],
      [
        'renamed-import',
        'await tx.update(catalogue).set({ stock: 1 });',
        'update on "products"',
        "import { products as catalogue } from '../shop/shop.schema';",
      ],
      [
        're-exported',
        'await tx.delete(catalogue);',
        'delete on "products"',
        "import { catalogue } from '../shop/index';",
      ],
      [
        'namespace-of-barrel',
        'await tx.insert(schema.products).values(v);',
        'insert on "products"',
        "import * as schema from '../../db/schema';",
      ],
      ['local-alias', 'const t = products; await tx.delete(t);', 'delete on "products"'],
      ['raw-by-name', 'await db.execute(sql`UPDATE products SET stock = 0`);', 'update on "products"'],
      ['raw-alias', 'await db.execute(sql`update products p set stock = 0 where p.id = 1`);', 'update on "products"'],
      ['raw-schema-quoted', 'sql`update "public"."products" set stock = 0`;', 'update on "products"'],
      ['raw-insert-schema', 'sql`insert into public.products (id) values ($' + '{id})`;', 'insert on "products"'],
      ['raw-delete-only', 'sql`delete from only products where id = 1`;', 'delete on "products"'],
      ['raw-table-object', 'sql`delete from $' + '{products} where id = 1`;', 'delete on "products"'],
      [
        'raw-cte',
        'sql`with gone as (update products set stock = 0 returning id) select count(*) from gone`;',
        'update on "products"',
      ],
      [
        'raw-upsert',
        'sql`insert into products (id) values (1) on conflict (id) do update set id = excluded.id`;',
        'insert … on conflict do update on "products"',
      ],
      [
        'raw-merge',
        'sql`merge into products p using (select 1 as id) s on s.id = p.id when matched then delete`;',
        'merge on "products"',
      ],
      ['raw-truncate', 'sql`truncate table only orders, products`;', 'truncate on "products"'],
      ['sql-raw', "await db.execute(sql.raw('delete from products'));", 'delete on "products"'],
      ['plain-template', 'const q = `delete from products where id = $' + '{id}`;', 'delete on "products"'],
      ['fragment', 'sql`update products set $' + '{sql.join(changes, sql`, `)}`;', 'update on "products"'],
    ];
    let result: { code: number; output: string };
    beforeAll(async () => {
      const files = Object.fromEntries(
        evasions.map(([name, code, , imports]) => [`${src}/modules/sales/${name}.ts`, sales(code, imports)]),
      );
      result = await run(project('bad', { ...base, ...files }));
    }, 60_000);

    it.each(evasions)('%s', (name, _, expected) => {
      expect(result.code).toBe(1);
      const line = result.output.split('\n').find((text) => text.includes(`modules/sales/${name}.ts:`));
      expect(line).toMatch(new RegExp(`modules/sales/${name}\\.ts:[23]: `));
      expect(line).toContain(expected);
      expect(line).toContain('a table of module "shop"');
    });
  });

  it('reads every folder of the api, not only modules/', async () => {
    const dir = project('folders', {
      ...base,
      [`${src}/jobs/sweep.ts`]: sales('sql`delete from products`;', ''),
      [`${src}/db/seed/demo.ts`]: sales(
        'await tx.insert(products).values(v);',
        "import { products } from '../schema';",
      ),
      [`${src}/lib/fix.ts`]: sales(
        'await tx.update(products).set(v);',
        "import { products } from '../modules/shop/shop.schema';",
      ),
    });
    const { code, output } = await run(dir);
    expect(code).toBe(1);
    expect(output).toContain('apps/api/src/jobs/sweep.ts:2: delete on "products", a table of module "shop"');
    expect(output).toContain('apps/api/src/db/seed/demo.ts:2: insert on "products", a table of module "shop"');
    expect(output).toContain('apps/api/src/lib/fix.ts:2: update on "products"');
  });

  it('reads trigger functions in the migrations: a write across owners must be listed', async () => {
    const trigger = (name: string, table: string) =>
      [
        `CREATE OR REPLACE FUNCTION "${name}"() RETURNS trigger LANGUAGE plpgsql AS $$`,
        'BEGIN',
        '  IF TG_OP = $q$INSERT$q$ THEN',
        '    UPDATE "public"."products" SET "id" = NEW."id" WHERE "id" = NEW."id";',
        '  END IF;',
        '  RETURN NULL;',
        'END $$;--> statement-breakpoint',
        `CREATE TRIGGER "${name}" AFTER INSERT ON "${table}" FOR EACH ROW EXECUTE FUNCTION "${name}"();`,
      ].join('\n');
    const dir = project('triggers', {
      ...base,
      'apps/api/drizzle/0001_a.sql': `${trigger('orders_moved', 'orders')}\n--> statement-breakpoint\n${trigger('store_stock_changed', 'store_stock')}`,
      'apps/api/drizzle/0002_b.sql': `${trigger('gone', 'orders')}\n--> statement-breakpoint\nDROP TRIGGER "gone" ON "orders";`,
    });
    const { code, output } = await run(dir);
    expect(code).toBe(1);
    expect(output).toContain(
      'apps/api/drizzle/0001_a.sql:1: trigger orders_moved on orders writes products (update), a table of module "shop" while "orders" is module "sales"\'s',
    );
    // The same write listed in TRIGGER_WRITES (stock keeps products.stock), and a dropped trigger, pass.
    expect(output).not.toContain('store_stock_changed');
    expect(output).not.toContain('gone');
  });
});
