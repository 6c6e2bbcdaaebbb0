import { seedCategoriesAndSpecies } from '../../modules/catalog/catalog.seed';
import { seedPlaces } from '../../modules/locations/locations.seed';
import type { Db } from '../client';

export const CATEGORY_NAMES = [
  'Rações',
  'Petiscos',
  'Brinquedos',
  'Higiene e Beleza',
  'Acessórios',
  'Farmácia',
  'Camas e Casinhas',
] as const;

/** SPEC section 3: the species with icons. */
export const SPECIES_NAMES = ['Cachorro', 'Gato', 'Coelho', 'Peixe', 'Pássaro', 'Réptil', 'Hamster'] as const;

/** The places, categories and species every database needs. Idempotent. */
export async function seedReferenceData(db: Db) {
  await db.transaction(async (tx) => {
    await seedPlaces(tx);
    await seedCategoriesAndSpecies(tx, CATEGORY_NAMES, SPECIES_NAMES);
  });
}
