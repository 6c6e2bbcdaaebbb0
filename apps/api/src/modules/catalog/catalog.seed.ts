import type { Tx } from '../../db/client';
import { categories, products, species } from './catalog.schema';

/** The reference categories and species (idempotent). */
export async function seedCategoriesAndSpecies(
  tx: Tx,
  categoryNames: readonly string[],
  speciesNames: readonly string[],
) {
  await tx
    .insert(categories)
    .values(categoryNames.map((name) => ({ name })))
    .onConflictDoNothing();
  await tx
    .insert(species)
    .values(speciesNames.map((name) => ({ name })))
    .onConflictDoNothing();
}

/** The demo products, ids in the order given (their stock goes through inventory's ledger). */
export const insertDemoProducts = async (tx: Tx, rows: (typeof products.$inferInsert)[]) =>
  tx.insert(products).values(rows).returning({ id: products.id });
