import { getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';
import { count } from 'drizzle-orm';
import type { Db } from '../client';
import { categories, cities, species, states } from '../schema';

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

const CHUNK = 1000;

/**
 * States and municipalities from IBGE's table as shipped by @brazilian-utils/brazilian-utils
 * (27 UFs, 5,571 municipalities, accented names, 7-digit IBGE codes as ids). Idempotent.
 */
export async function seedReferenceData(db: Db) {
  await db.transaction(async (tx) => {
    const ufs = getStates();
    await tx
      .insert(states)
      .values(ufs.map((s) => ({ id: s.ibgeCode, name: s.name, uf: s.code })))
      .onConflictDoNothing();
    const [row] = await tx.select({ n: count() }).from(cities);
    if ((row?.n ?? 0) === 0) {
      const byUf = new Map(ufs.map((s) => [s.code, s.ibgeCode]));
      const rows = getMunicipalities().map((m) => ({
        id: Number(m.code),
        name: m.name,
        stateId: byUf.get(m.stateCode) ?? Number(m.code.slice(0, 2)),
      }));
      for (let i = 0; i < rows.length; i += CHUNK) {
        await tx
          .insert(cities)
          .values(rows.slice(i, i + CHUNK))
          .onConflictDoNothing();
      }
    }
    await tx
      .insert(categories)
      .values(CATEGORY_NAMES.map((name) => ({ name })))
      .onConflictDoNothing();
    await tx
      .insert(species)
      .values(SPECIES_NAMES.map((name) => ({ name })))
      .onConflictDoNothing();
  });
}
