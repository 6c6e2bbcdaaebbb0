import type { StoreHoursBody, StoreView } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { type Actor, recordChange } from '../audit/audit.service';
import * as repo from './stores.repository';

export const list = (db: Db) => repo.listStores(db);

/**
 * The hours that bound every employee's (availability, booking, agenda, the schedule editor). One
 * store for now: the main one. With several, this takes the employee's store.
 */
export const storeWeek = (db: Db | Tx) => repo.mainStoreWeek(db);

/**
 * Replaces a store's opening hours. Employees' own hours are kept: what they serve is their hours
 * inside the new ones, so narrowing the store narrows them at once; appointments already booked stay.
 */
export const replaceHours = (db: Db, id: number, body: StoreHoursBody, actor: Actor): Promise<StoreView> =>
  db.transaction(async (tx) => {
    if (!(await repo.lockStore(tx, id))) throw notFound('Loja não encontrada.');
    const week = [...body.week].sort((a, b) => a.weekday - b.weekday);
    const before = (await repo.listStores(tx)).find((s) => s.id === id);
    await repo.replaceHours(tx, id, week);
    const store = (await repo.listStores(tx)).find((s) => s.id === id);
    if (!store) throw new Error(`store ${id} vanished`);
    await recordChange(tx, actor, {
      action: 'hours',
      entity: 'store',
      entityId: id,
      storeId: id,
      before: { hours: before?.hours },
      after: { hours: store.hours },
    });
    return store;
  });
