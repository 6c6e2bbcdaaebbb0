import { and, asc, count, desc, eq } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { addresses, cities, states } from '../../db/schema';

/** The API.md read shape, built by one joined query. */
const readColumns = {
  id: addresses.id,
  street: addresses.street,
  number: addresses.number,
  complement: addresses.complement,
  district: addresses.district,
  cep: addresses.cep,
  stateId: addresses.stateId,
  cityId: addresses.cityId,
  city: { id: cities.id, name: cities.name },
  state: { id: states.id, name: states.name, uf: states.uf },
};

const own = (userId: number, id: number) => and(eq(addresses.id, id), eq(addresses.userId, userId));

const selectRead = (db: Db) =>
  db
    .select(readColumns)
    .from(addresses)
    .innerJoin(cities, eq(cities.id, addresses.cityId))
    .innerJoin(states, eq(states.id, addresses.stateId));

export const listOwn = (db: Db, userId: number) =>
  selectRead(db).where(eq(addresses.userId, userId)).orderBy(asc(addresses.id));

export const findOwn = async (db: Db, userId: number, id: number) => (await selectRead(db).where(own(userId, id)))[0];

export const countOwn = async (db: Db, userId: number) =>
  (await db.select({ n: count() }).from(addresses).where(eq(addresses.userId, userId)))[0]?.n ?? 0;

/** The state id of a city, or undefined when there is no such city. */
export const stateOfCity = async (db: Db | Tx, cityId: number) =>
  (await db.select({ stateId: cities.stateId }).from(cities).where(eq(cities.id, cityId)))[0]?.stateId;

/** The UF of a state, or undefined when there is no such state. */
export const ufOfState = async (db: Db | Tx, stateId: number) =>
  (await db.select({ uf: states.uf }).from(states).where(eq(states.id, stateId)))[0]?.uf;

export type AddressValues = Pick<
  typeof addresses.$inferInsert,
  'street' | 'number' | 'complement' | 'district' | 'cep' | 'stateId' | 'cityId'
>;

export const insertAddress = async (db: Db, userId: number, values: AddressValues) =>
  (
    await db
      .insert(addresses)
      .values({ ...values, userId })
      .returning({ id: addresses.id })
  )[0]?.id;

export const updateOwn = async (db: Db, userId: number, id: number, values: AddressValues) =>
  (await db.update(addresses).set(values).where(own(userId, id)).returning({ id: addresses.id })).length > 0;

export const deleteOwn = async (db: Db, userId: number, id: number) =>
  (await db.delete(addresses).where(own(userId, id)).returning({ id: addresses.id })).length > 0;

/** The caller's address as a checkout copies it onto the order. */
export const findForDelivery = async (db: Db | Tx, userId: number, addressId: number) =>
  (
    await db
      .select({
        street: addresses.street,
        number: addresses.number,
        complement: addresses.complement,
        district: addresses.district,
        cep: addresses.cep,
        city: cities.name,
        uf: states.uf,
      })
      .from(addresses)
      .innerJoin(cities, eq(cities.id, addresses.cityId))
      .innerJoin(states, eq(states.id, addresses.stateId))
      .where(own(userId, addressId))
  )[0];

/** LGPD erasure: the user's addresses go (orders keep their own copy). */
export const deleteAllOf = (tx: Tx, userId: number) => tx.delete(addresses).where(eq(addresses.userId, userId));

/** LGPD export: every address of the user, with the city's name and the UF. */
export const exportOf = async (db: Db, userId: number) =>
  (
    await db
      .select({ address: addresses, city: cities.name, state: states.uf })
      .from(addresses)
      .innerJoin(cities, eq(cities.id, addresses.cityId))
      .innerJoin(states, eq(states.id, addresses.stateId))
      .where(eq(addresses.userId, userId))
      .orderBy(asc(addresses.id))
  ).map(({ address, city, state }) => ({ ...address, city, state }));

/** The user's newest address: a boleto for pickup is still registered with one. */
export const findLatestForBilling = async (db: Db | Tx, userId: number) =>
  (
    await db
      .select({
        street: addresses.street,
        number: addresses.number,
        complement: addresses.complement,
        district: addresses.district,
        cep: addresses.cep,
        city: cities.name,
        uf: states.uf,
      })
      .from(addresses)
      .innerJoin(cities, eq(cities.id, addresses.cityId))
      .innerJoin(states, eq(states.id, addresses.stateId))
      .where(eq(addresses.userId, userId))
      .orderBy(desc(addresses.id))
      .limit(1)
  )[0];
