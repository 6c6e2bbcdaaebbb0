import type { Tx } from '../../db/client';
import { restoreStock } from './orders.repository';

/** Puts an order's items back in stock; called inside the transaction that cancels or expires it. */
export const restoreOrderStock = (tx: Tx, orderId: number) => restoreStock(tx, orderId);
