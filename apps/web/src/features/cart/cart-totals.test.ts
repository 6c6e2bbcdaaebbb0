import type { CartItem } from '@petshop/domain';
import { describe, expect, it } from 'vitest';
import { cartTotal, lineTotal, totalQuantity } from './cart-totals';

const item = (productPrice: number, quantity: number): CartItem => ({
  productId: quantity,
  productName: 'Item',
  productPrice,
  quantity,
  url: '',
  stock: 10,
});

describe('cart totals', () => {
  it('adds money in cents, without floating-point drift', () => {
    expect(lineTotal(item(0.1, 3))).toBe(0.3);
    expect(cartTotal([item(0.1, 1), item(0.2, 2), item(19.99, 3)])).toBe(60.47);
  });

  it('counts units, not lines', () => {
    expect(totalQuantity([item(5, 2), item(7, 3)])).toBe(5);
    expect(totalQuantity([])).toBe(0);
    expect(cartTotal([])).toBe(0);
  });
});
