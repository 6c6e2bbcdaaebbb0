import type { StoreCreateInput, StoreHoursBody, StoreInput, StoreView, WorkingDay } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { conflict, fieldError, notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { assertStoreAccess, canAccessStore } from '../../lib/store-scope';
import { requireValidPlace } from '../addresses/addresses.service';
import { type Actor, recordChange } from '../audit/audit.service';
import * as repo from './stores.repository';

const STORE_NOT_FOUND = 'Loja não encontrada.';

/** GET /stores: the stores open to customers, the main one first. */
export const list = (db: Db) => repo.listStores(db, { activeOnly: true });

/** Every store, the inactive ones too. */
export const listAll = (db: Db) => repo.listStores(db);

/** The back office's list, the inactive stores too: the owner's every store, a manager's own. */
export const listRunBy = async (db: Db, auth: Pick<AuthUser, 'storeIds'>) =>
  (await listAll(db)).filter((store) => canAccessStore(auth, store.id));

/** The stores open to customers, the main one first (booking, pickup, stock sums). */
export const activeStores = (db: Db | Tx) => repo.listStores(db, { activeOnly: true });

export const mainStoreId = (db: Db | Tx) => repo.mainStoreId(db);

export async function get(db: Db | Tx, id: number): Promise<StoreView> {
  const store = await repo.findStore(db, id);
  if (!store) throw notFound(STORE_NOT_FOUND);
  return store;
}

/** Whether a store of this id exists (active or not). */
export const exists = async (db: Db | Tx, id: number) => (await repo.findStore(db, id)) !== undefined;

/** Whether the store takes customers (and, when asked, hands orders over). */
export const isActive = (db: Db | Tx, id: number, options?: { pickup?: boolean }) => repo.isActive(db, id, options);

/**
 * The hours that bound an employee's (availability, booking, agenda, the schedule editor): their
 * store's. Without a store, the main one's.
 */
export const storeWeek = async (db: Db | Tx, storeId?: number): Promise<WorkingDay[]> =>
  repo.weekOfStore(db, storeId ?? (await repo.mainStoreId(db)));

/** Every store's week by store id, in one query (the agenda of many employees). */
export const storeWeeks = (db: Db | Tx) => repo.allWeeks(db);

const toValues = (input: StoreInput): repo.StoreValues => ({
  name: input.name,
  cep: input.cep,
  street: input.street,
  number: input.number,
  district: input.district,
  stateId: input.state_id,
  cityId: input.city_id,
  phone: input.phone,
  pickup: input.pickup,
  active: input.active,
});

/** POST /stores: a new store with its address (checked as /addresses checks one) and its week. */
export const create = (db: Db, input: StoreCreateInput, actor: Actor): Promise<StoreView> =>
  db.transaction(async (tx) => {
    await requireValidPlace(tx, input);
    const created = await repo.insertStore(tx, toValues(input));
    if (!created) throw new Error('insert returned nothing');
    await repo.replaceHours(
      tx,
      created.id,
      [...input.hours].sort((a, b) => a.weekday - b.weekday),
    );
    const store = await get(tx, created.id);
    await recordChange(tx, actor, {
      action: 'create',
      entity: 'store',
      entityId: store.id,
      storeId: store.id,
      after: store,
    });
    return store;
  });

/**
 * PUT /stores/{id}: name, address, phone, pickup, active. The main store stays active (409): it is
 * where everything without a store belongs. A store closed to customers keeps its appointments and
 * orders; nothing new is booked or picked up there.
 */
export const update = (db: Db, id: number, input: StoreInput, actor: Actor): Promise<StoreView> =>
  db.transaction(async (tx) => {
    if (!(await repo.lockStore(tx, id))) throw notFound(STORE_NOT_FOUND);
    if (!input.active && id === (await repo.mainStoreId(tx))) {
      throw conflict('A loja principal não pode ser desativada.', 'MAIN_STORE');
    }
    await requireValidPlace(tx, input);
    const before = await get(tx, id);
    await repo.updateStore(tx, id, toValues(input));
    const after = await get(tx, id);
    await recordChange(tx, actor, { action: 'update', entity: 'store', entityId: id, storeId: id, before, after });
    return after;
  });

/**
 * Replaces a store's opening hours. Employees' own hours are kept: what they serve is their hours
 * inside the new ones, so narrowing the store narrows them at once; appointments already booked stay.
 * A manager sets only their own stores' (another's is 404, as if it did not exist).
 */
export const replaceHours = (
  db: Db,
  id: number,
  body: StoreHoursBody,
  auth: Pick<AuthUser, 'storeIds'>,
  actor: Actor,
): Promise<StoreView> =>
  db.transaction(async (tx) => {
    assertStoreAccess(auth, id, STORE_NOT_FOUND);
    if (!(await repo.lockStore(tx, id))) throw notFound(STORE_NOT_FOUND);
    const week = [...body.week].sort((a, b) => a.weekday - b.weekday);
    const before = await get(tx, id);
    await repo.replaceHours(tx, id, week);
    const store = await get(tx, id);
    await recordChange(tx, actor, {
      action: 'hours',
      entity: 'store',
      entityId: id,
      storeId: id,
      before: { hours: before.hours },
      after: { hours: store.hours },
    });
    return store;
  });

/** A store id sent by a client: an active store (400 naming the field otherwise). */
export async function requireActiveStore(db: Db | Tx, id: number, field: string, options?: { pickup?: boolean }) {
  if (!(await repo.isActive(db, id, options))) {
    throw fieldError(field, options?.pickup ? 'Escolha uma loja que faça retirada.' : 'Escolha uma loja válida.');
  }
}
