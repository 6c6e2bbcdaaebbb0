import { z } from 'zod';
import { CART_MAX_ITEMS } from '../constants';
import { positiveInt } from './common';

/** SPEC section 5: shown by the product page and returned by the API (code CART_LIMIT). */
export const CART_LIMIT_MESSAGE = `Você pode adicionar no máximo ${CART_MAX_ITEMS} produtos ao carrinho.`;

export const cartChangeBody = z.object({
  productId: positiveInt('Produto inválido.'),
  quantity: positiveInt('A quantidade deve ser um número inteiro maior que zero.'),
});
export type CartChangeBody = z.infer<typeof cartChangeBody>;

export const cartItem = z.object({
  productId: z.number(),
  productName: z.string(),
  productPrice: z.number(),
  quantity: z.number(),
  url: z.string(),
  stock: z.number(),
});
export type CartItem = z.infer<typeof cartItem>;

export const cartView = z.object({
  cart: z.object({ id: z.number() }),
  items: z.array(cartItem),
});
export type CartView = z.infer<typeof cartView>;
