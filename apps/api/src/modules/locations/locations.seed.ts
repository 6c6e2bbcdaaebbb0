import { getMunicipalities, getStates } from '@brazilian-utils/brazilian-utils';
import { count } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { cities, states } from './locations.schema';

const CHUNK = 1000;

/**
 * States and municipalities from IBGE's table as shipped by @brazilian-utils/brazilian-utils
 * (27 UFs, 5,571 municipalities, accented names, 7-digit IBGE codes as ids). Idempotent.
 */
export async function seedPlaces(tx: Tx) {
  const ufs = getStates();
  await tx
    .insert(states)
    .values(ufs.map((s) => ({ id: s.ibgeCode, name: s.name, uf: s.code })))
    .onConflictDoNothing();
  const [row] = await tx.select({ n: count() }).from(cities);
  if ((row?.n ?? 0) > 0) return;
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
