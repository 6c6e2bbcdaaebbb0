import { describe, expect, test } from 'vitest';
import { authPath, safeReturnPath } from './return-path';

describe('volta depois do login', () => {
  test('aceita só caminhos da própria loja', () => {
    expect(safeReturnPath('/products/5')).toBe('/products/5');
    expect(safeReturnPath('/products?q=ra%C3%A7%C3%A3o')).toBe('/products?q=ra%C3%A7%C3%A3o');
    for (const raw of [
      null,
      '',
      'products',
      '//evil.example',
      'https://evil.example',
      '/\\evil.example',
      '/login',
      '/register?next=/x',
    ]) {
      expect(safeReturnPath(raw), String(raw)).toBeNull();
    }
  });

  test('monta o link de login com o destino', () => {
    expect(authPath('/login', '/products/5')).toBe('/login?next=%2Fproducts%2F5');
    expect(authPath('/register', '//evil.example')).toBe('/register');
  });
});
