import { z } from 'zod';
import { positiveInt } from './common';

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
