import type { Db } from '../../src/db/client';
import { initialStock, mainStoreId, move, setTotal } from '../../src/modules/inventory/inventory.service';

/** A product's first units, on the main store's shelf through the ledger (as the back office does). */
export const stockUp = (db: Db, productId: number, quantity: number) => initialStock(db, productId, quantity);

/** Sets a product's stock (SPEC's sum) as the back office's edit does: an 'ajuste' on the main store. */
export const setStock = (db: Db, productId: number, quantity: number) =>
  db.transaction((tx) => setTotal(tx, productId, quantity));

/** Moves the main store's shelf of a product by `delta` ('ajuste'), as a sale or a count would. */
export const moveStock = async (db: Db, productId: number, delta: number) =>
  move(db, { storeId: await mainStoreId(db), productId, delta, reason: 'ajuste', ref: 'test' });
