import { type CartItem, fromCents, toCents } from '@petshop/domain';

/** Units in the cart; SPEC caps it at CART_MAX_ITEMS. */
export const totalQuantity = (items: readonly CartItem[]) => items.reduce((sum, item) => sum + item.quantity, 0);

/** Line total in reais, computed in cents so R$ 0,10 x 3 is exactly R$ 0,30. */
export const lineTotal = (item: CartItem) => fromCents(toCents(item.productPrice) * item.quantity);

export const cartTotal = (items: readonly CartItem[]) =>
  fromCents(items.reduce((sum, item) => sum + toCents(item.productPrice) * item.quantity, 0));
