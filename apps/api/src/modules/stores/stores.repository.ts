import type { StoreView, WorkingDay } from '@petshop/domain';
import { asc, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { cities, states, storeHours, stores } from '../../db/schema';

type Executor = Db | Tx;
type Week = StoreView['hours'];

/** Drivers hand json back parsed; a string would mean one did not. */
const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const weekOf = sql<Week | string>`coalesce((
  select json_agg(json_build_object('weekday', ${storeHours.weekday}, 'start', ${storeHours.startTime}, 'end', ${storeHours.endTime}) order by ${storeHours.weekday})
  from ${storeHours} where ${storeHours.storeId} = ${stores.id}
), '[]'::json)`;

/** Every store with its address and hours, the main (oldest) first. */
export async function listStores(db: Executor): Promise<StoreView[]> {
  const rows = await db
    .select({
      id: stores.id,
      name: stores.name,
      cep: stores.cep,
      street: stores.street,
      number: stores.number,
      district: stores.district,
      cityId: cities.id,
      cityName: cities.name,
      stateId: states.id,
      uf: states.uf,
      phone: stores.phone,
      pickup: stores.pickup,
      hours: weekOf,
    })
    .from(stores)
    .leftJoin(cities, eq(cities.id, stores.cityId))
    .leftJoin(states, eq(states.id, cities.stateId))
    .orderBy(asc(stores.id));
  return rows.map(({ cityId, cityName, stateId, uf, hours, ...store }) => ({
    ...store,
    city: cityId !== null && cityName !== null ? { id: cityId, name: cityName } : null,
    state: stateId !== null && uf !== null ? { id: stateId, uf } : null,
    hours: fromJson(hours),
  }));
}

/** The main store's week: the hours every booking is bounded by while the shop has one store. */
export async function mainStoreWeek(db: Executor): Promise<WorkingDay[]> {
  const [row] = await db.select({ hours: weekOf }).from(stores).orderBy(asc(stores.id)).limit(1);
  return row ? fromJson(row.hours) : [];
}

/** Locks the store's row (hours change one at a time) and tells whether it exists. */
export const lockStore = async (tx: Tx, id: number) =>
  (await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, id)).for('update')).length > 0;

export async function replaceHours(tx: Tx, id: number, week: readonly WorkingDay[]) {
  await tx.delete(storeHours).where(eq(storeHours.storeId, id));
  if (week.length === 0) return;
  await tx
    .insert(storeHours)
    .values(week.map((day) => ({ storeId: id, weekday: day.weekday, startTime: day.start, endTime: day.end })));
}

/** The demo store's address (demo data only). */
export const setAddress = (
  db: Executor,
  id: number,
  address: { cep: string; street: string; number: string; district: string; cityId: number; phone: string },
) => db.update(stores).set(address).where(eq(stores.id, id));
