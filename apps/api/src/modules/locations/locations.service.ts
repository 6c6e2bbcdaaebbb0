import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import * as repo from './locations.repository';

// Sorted here, not in SQL: the database collation may be 'C', which puts 'Águas Belas' after 'Zé Doca'.
const collator = new Intl.Collator('pt-BR', { sensitivity: 'base' });
const byName = <T extends { name: string }>(rows: T[]) => rows.sort((a, b) => collator.compare(a.name, b.name));

export const listStates = async (db: Db) => byName(await repo.listStates(db));

export async function listCities(db: Db, stateId: number) {
  if (!(await repo.stateExists(db, stateId))) throw notFound('Estado não encontrado.');
  return byName(await repo.listCitiesOf(db, stateId));
}
