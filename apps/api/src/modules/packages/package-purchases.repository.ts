import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { packagePurchases } from '../../db/schema';

/** The purchase of an order the card PSP made no charge for: the order goes, and its purchase with it. */
export const deleteOfOrder = (tx: Tx, orderId: number) =>
  tx.delete(packagePurchases).where(eq(packagePurchases.orderId, orderId));
