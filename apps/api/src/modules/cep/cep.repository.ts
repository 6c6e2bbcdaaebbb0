import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cities, states } from '../../db/schema';

export const findStateByUf = async (db: Db, uf: string) =>
  (await db.select({ id: states.id, uf: states.uf }).from(states).where(eq(states.uf, uf)))[0];

export const listCitiesOf = (db: Db, stateId: number) =>
  db.select({ id: cities.id, name: cities.name }).from(cities).where(eq(cities.stateId, stateId));
