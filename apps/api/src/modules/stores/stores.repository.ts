import type { StoreView, WorkingDay } from '@petshop/domain';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client';
import { cities, states, storeHours, stores } from '../../db/schema';

type Week = StoreView['hours'];

/** Drivers hand json back parsed; a string would mean one did not. */
const fromJson = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);

const weekOf = sql<Week | string>`coalesce((
  select json_agg(json_build_object('weekday', ${storeHours.weekday}, 'start', ${storeHours.startTime}, 'end', ${storeHours.endTime}) order by ${storeHours.weekday})
  from ${storeHours} where ${storeHours.storeId} = ${stores.id}
), '[]'::json)`;

/** The main store: the oldest one ('Loja principal' on a fresh install). */
const isMain = sql<boolean>`${stores.id} = (select min(s.id) from ${stores} s)`;

async function selectStores(db: Executor, where?: SQL): Promise<StoreView[]> {
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
      active: stores.active,
      main: isMain,
      hours: weekOf,
    })
    .from(stores)
    .leftJoin(cities, eq(cities.id, stores.cityId))
    .leftJoin(states, eq(states.id, cities.stateId))
    .where(where)
    .orderBy(asc(stores.id));
  return rows.map(({ cityId, cityName, stateId, uf, hours, ...store }) => ({
    ...store,
    state_id: stateId,
    city_id: cityId,
    city: cityId !== null && cityName !== null ? { id: cityId, name: cityName } : null,
    state: stateId !== null && uf !== null ? { id: stateId, uf } : null,
    hours: fromJson(hours),
  }));
}

/** Every store with its address and hours, the main (oldest) first; only the active ones when asked. */
export const listStores = (db: Executor, { activeOnly = false } = {}) =>
  selectStores(db, activeOnly ? eq(stores.active, true) : undefined);

export const findStore = async (db: Executor, id: number): Promise<StoreView | undefined> =>
  (await selectStores(db, eq(stores.id, id)))[0];

/** The main store's id (the oldest row; migration 0020 makes one on every install). */
export async function mainStoreId(db: Executor): Promise<number> {
  const [row] = await db.select({ id: stores.id }).from(stores).orderBy(asc(stores.id)).limit(1);
  if (!row) throw new Error('no store: migration 0020 creates the main one');
  return row.id;
}

/** Every store's week in one query, by store id (a store closed all week maps to []). */
export async function allWeeks(db: Executor): Promise<Map<number, WorkingDay[]>> {
  const rows = await db.select({ id: stores.id, hours: weekOf }).from(stores);
  return new Map(rows.map((row) => [row.id, fromJson(row.hours)]));
}

/** One store's week; [] for an unknown one. */
export async function weekOfStore(db: Executor, id: number): Promise<WorkingDay[]> {
  const [row] = await db.select({ hours: weekOf }).from(stores).where(eq(stores.id, id));
  return row ? fromJson(row.hours) : [];
}

/** Whether the store exists and is open to customers (and, when asked, does pickup). */
export async function isActive(db: Executor, id: number, { pickup = false } = {}) {
  const rows = await db
    .select({ id: stores.id })
    .from(stores)
    .where(and(eq(stores.id, id), eq(stores.active, true), pickup ? eq(stores.pickup, true) : undefined));
  return rows.length > 0;
}

/** Locks the store's row (changes of one store go one at a time) and tells whether it exists. */
export const lockStore = async (tx: Tx, id: number) =>
  (await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, id)).for('update')).length > 0;

export async function replaceHours(tx: Tx, id: number, week: readonly WorkingDay[]) {
  await tx.delete(storeHours).where(eq(storeHours.storeId, id));
  if (week.length === 0) return;
  await tx
    .insert(storeHours)
    .values(week.map((day) => ({ storeId: id, weekday: day.weekday, startTime: day.start, endTime: day.end })));
}

export type StoreValues = Pick<
  typeof stores.$inferInsert,
  'name' | 'cep' | 'street' | 'number' | 'district' | 'stateId' | 'cityId' | 'phone' | 'pickup' | 'active'
>;

export const insertStore = async (tx: Tx, values: StoreValues) =>
  (await tx.insert(stores).values(values).returning({ id: stores.id }))[0];

export const updateStore = (tx: Tx, id: number, values: StoreValues) =>
  tx.update(stores).set(values).where(eq(stores.id, id));
