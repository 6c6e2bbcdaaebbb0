import { foldText } from '@petshop/domain';
import { count, sql } from 'drizzle-orm';
import { insertDemoProducts } from '../../modules/catalog/catalog.seed';
import { insertDemoEmployees } from '../../modules/employees/employees.seed';
import { initialStock } from '../../modules/inventory/inventory.service';
import { insertDemoServices } from '../../modules/services/services.seed';
import type { Db, Tx } from '../client';
import { categories, products, services, species } from '../schema';
import { DEMO_PRODUCTS } from './demo-products';
import { DEMO_SERVICES } from './demo-services';

/**
 * Demo catalogue: services, employees and products with images shipped in apps/web/public.
 * Loads only into a database without products (services only if there are none either), in one
 * transaction; an advisory lock keeps two instances starting together from both loading it.
 * Returns whether anything was loaded.
 */
export async function seedDemoData(db: Db): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('petshop:demo-seed'))`);
    if ((await countOf(tx, products)) > 0) return false;
    if ((await countOf(tx, services)) === 0) await insertServices(tx);
    await insertProducts(tx);
    return true;
  });
}

async function countOf(tx: Tx, table: typeof products | typeof services) {
  const [row] = await tx.select({ n: count() }).from(table);
  return row?.n ?? 0;
}

async function insertServices(tx: Tx) {
  const inserted = await insertDemoServices(
    tx,
    DEMO_SERVICES.map(({ name, description, sizePricesCents: [small, medium, large], durationMinutes }) => ({
      name,
      description,
      priceCents: Math.min(small, medium, large),
      priceSmallCents: small,
      priceMediumCents: medium,
      priceLargeCents: large,
      durationMinutes,
    })),
  );
  const serviceId = new Map(inserted.map((s) => [s.name, s.id]));
  await insertDemoEmployees(
    tx,
    DEMO_SERVICES.flatMap((service) =>
      service.employees.map((employee) => ({ ...employee, serviceId: lookup(serviceId, service.name, 'service') })),
    ),
  );
}

async function insertProducts(tx: Tx) {
  const categoryId = new Map(
    (await tx.select({ id: categories.id, name: categories.name }).from(categories)).map((c) => [c.name, c.id]),
  );
  const speciesId = new Map(
    (await tx.select({ id: species.id, name: species.name }).from(species)).map((s) => [s.name, s.id]),
  );
  const inserted = await insertDemoProducts(
    tx,
    DEMO_PRODUCTS.map((p) => ({
      name: p.name,
      nameSearch: foldText(p.name),
      description: p.description,
      priceCents: p.priceCents,
      categoryId: lookup(categoryId, p.category, 'category'),
      speciesId: lookup(speciesId, p.species, 'species'),
      url: `/products/${p.slug}.svg`,
    })),
  );
  // The units go on the main store's shelf through the ledger, one 'ajuste' each.
  for (const [index, row] of inserted.entries()) {
    await initialStock(tx, row.id, DEMO_PRODUCTS[index]?.stock ?? 0);
  }
}

function lookup(ids: Map<string, number>, name: string, kind: string): number {
  const id = ids.get(name);
  if (id === undefined) throw new Error(`demo seed: ${kind} '${name}' is missing (run the reference seed first)`);
  return id;
}
