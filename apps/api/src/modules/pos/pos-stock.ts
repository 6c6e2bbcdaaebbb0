import type { Tx } from '../../db/client';
import * as inventory from '../inventory/inventory.service';

export interface Line {
  productId: number;
  quantity: number;
}

interface Where {
  storeId: number;
  ref: string;
  userId: number;
}

/**
 * The store's shelf, as the counter moves it, through the stock ledger: a sale takes units (all or
 * none; shelves locked in product-id order, as web orders take them, so a counter sale and a web
 * order racing for the last unit never both get it), a return or a sale that never completed gives
 * them back. Every change is a movement of the ledger in the sale's transaction.
 */
export async function take(tx: Tx, where: Where, lines: readonly Line[]) {
  if (lines.length === 0) return { taken: true as const };
  const result = await inventory.take(tx, { ...where, lines, reason: 'venda_balcao' });
  return 'shortOf' in result ? { shortOf: result.shortOf } : { taken: true as const };
}

export async function giveBack(
  tx: Tx,
  where: Where & { reason: 'devolucao' | 'cancelamento' },
  lines: readonly Line[],
) {
  if (lines.length === 0) return;
  await inventory.giveBack(tx, { ...where, lines });
}
