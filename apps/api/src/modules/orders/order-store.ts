import { DELIVERY_METHOD, type DeliveryMethod } from '@petshop/domain';
import type { Tx } from '../../db/client';
import { conflict } from '../../lib/app-error';
import * as inventory from '../inventory/inventory.service';
import * as stores from '../stores/stores.service';

interface Line {
  productId: number;
  quantity: number;
  productName: string;
}

/**
 * The store an order is taken from. Pickup: the customer's pick (an active store that does
 * pickup, 400 otherwise), which must have every item (409 naming the store otherwise); with no
 * pick (a shop with one store, an older client), the first pickup store that has them, the main one
 * first. Delivery (a pick is ignored: the shop ships from where the goods are): the main store when
 * it has every item, else the first active store that does.
 * When none has them all, the main store (or the pick): its take then answers the 409 naming
 * the product short. The stock is read before the take; the take itself is conditional, so a
 * sale that wins the race in between still makes this a 409, never a negative shelf.
 */
export async function storeForOrder(
  tx: Tx,
  lines: readonly Line[],
  method: DeliveryMethod,
  chosen: number | undefined,
): Promise<number> {
  const pickup = method === DELIVERY_METHOD.pickup;
  if (chosen !== undefined && pickup) {
    await stores.requireActiveStore(tx, chosen, 'storeId', { pickup });
    const having = await inventory.storesHavingAll(tx, lines);
    if (!having.includes(chosen)) {
      const { name } = await stores.get(tx, chosen);
      throw conflict(
        `A ${name} não tem todos os itens do carrinho para retirada. Escolha outra loja ou a entrega.`,
        'STORE_OUT_OF_STOCK',
      );
    }
    return chosen;
  }
  const [candidates, having] = await Promise.all([stores.activeStores(tx), inventory.storesHavingAll(tx, lines)]);
  const open = candidates.filter((store) => !pickup || store.pickup);
  const found = open.find((store) => having.includes(store.id));
  return found?.id ?? open[0]?.id ?? (await stores.mainStoreId(tx));
}
