import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { cities, states } from '../../db/schema';

export const listStates = (db: Db) => db.select({ id: states.id, name: states.name, uf: states.uf }).from(states);

export const stateExists = async (db: Db, stateId: number) =>
  (await db.select({ id: states.id }).from(states).where(eq(states.id, stateId))).length > 0;

export const listCitiesOf = (db: Db, stateId: number) =>
  db.select({ id: cities.id, name: cities.name }).from(cities).where(eq(cities.stateId, stateId));
