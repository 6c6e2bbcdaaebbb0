import { CART_LIMIT_MESSAGE, foldText } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { carts, products } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { stockUp } from './support/stock';

type User = Awaited<ReturnType<TestContext['customer']>>;

let t: TestContext;
let categoryId = 0;
let speciesId = 0;

async function product(name: string, stock = 50, priceCents = 1990) {
  const [row] = await t.db
    .insert(products)
    .values({ name, nameSearch: foldText(name), priceCents, categoryId, speciesId, url: `/${name}.svg` })
    .returning({ id: products.id });
  if (!row) throw new Error('insert failed');
  await stockUp(t.db, row.id, stock);
  return row.id;
}

const getCart = (user: User) => t.app.inject({ url: '/api/carts', headers: user.auth });
const change = (user: User, action: 'add' | 'remove', payload: unknown) =>
  t.app.inject({ method: 'POST', url: `/api/carts/${action}`, headers: user.auth, payload: payload as object });
const add = (user: User, productId: number, quantity: number) => change(user, 'add', { productId, quantity });
const remove = (user: User, productId: number, quantity: number) => change(user, 'remove', { productId, quantity });
const lines = async (user: User) =>
  ((await getCart(user)).json().data.items as { productId: number; quantity: number }[]).map((i) => [
    i.productId,
    i.quantity,
  ]);

beforeAll(async () => {
  t = await createTestContext();
  categoryId = (await t.app.inject({ url: '/api/categories' })).json().data[0].id;
  speciesId = (await t.app.inject({ url: '/api/species' })).json().data[0].id;
});
afterAll(() => t.close());

describe('authentication', () => {
  it.each([
    ['GET', '/api/carts'],
    ['POST', '/api/carts/add'],
    ['POST', '/api/carts/remove'],
    ['DELETE', '/api/carts/clear'],
    ['DELETE', '/api/carts/delete'],
  ] as const)('%s %s needs a token', async (method, url) => {
    const res = await t.app.inject({
      method,
      url,
      payload: method === 'POST' ? { productId: 1, quantity: 1 } : undefined,
    });
    expect(res.statusCode).toBe(401);
  });
});

describe('GET /carts', () => {
  it('creates the cart on first use and keeps it', async () => {
    const user = await t.customer();
    const first = await getCart(user);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ data: { cart: { id: expect.any(Number) }, items: [] } });
    expect((await getCart(user)).json().data.cart.id).toBe(first.json().data.cart.id);
  });

  it('creates exactly one cart when the first requests arrive together', async () => {
    const user = await t.customer();
    const answers = await Promise.all(Array.from({ length: 8 }, () => getCart(user)));
    expect(new Set(answers.map((r) => r.json().data.cart.id)).size).toBe(1);
    expect(await t.db.select().from(carts).where(eq(carts.userId, user.user.id))).toHaveLength(1);
  });
});

describe('POST /carts/add', () => {
  it('adds a product and answers with the cart', async () => {
    const user = await t.customer();
    const id = await product('Ração Gourmet', 50, 1990);
    const res = await add(user, id, 2);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Produto adicionado ao carrinho!',
      data: {
        cart: { id: expect.any(Number) },
        items: [
          {
            productId: id,
            productName: 'Ração Gourmet',
            productPrice: 19.9,
            quantity: 2,
            url: '/Ração Gourmet.svg',
            stock: 50,
          },
        ],
      },
    });
    await add(user, id, 3);
    expect(await lines(user)).toEqual([[id, 5]]);
  });

  it('refuses the 11th unit with the exact message', async () => {
    const user = await t.customer();
    const a = await product('Bola');
    const b = await product('Corda');
    expect((await add(user, a, 6)).statusCode).toBe(200);
    expect((await add(user, b, 4)).statusCode).toBe(200);
    const res = await add(user, b, 1);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: CART_LIMIT_MESSAGE, code: 'CART_LIMIT' });
    expect(CART_LIMIT_MESSAGE).toBe('Você pode adicionar no máximo 10 produtos ao carrinho.');
    expect(await lines(user)).toEqual([
      [a, 6],
      [b, 4],
    ]);
    expect((await add(await t.customer(), a, 11)).statusCode).toBe(400);
  });

  it.each([
    ['zero', 0],
    ['negative', -1],
    ['fractional', 1.5],
    ['string', '2'],
    ['missing', undefined],
  ])('rejects a %s quantity with a pt-BR 400', async (_label, quantity) => {
    const user = await t.customer();
    const id = await product('Arranhador');
    const res = await change(user, 'add', { productId: id, quantity });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'A quantidade deve ser um número inteiro maior que zero.',
      details: [{ field: 'quantity', message: 'A quantidade deve ser um número inteiro maior que zero.' }],
    });
    expect((await change(user, 'remove', { productId: id, quantity })).statusCode).toBe(400);
    expect(await lines(user)).toEqual([]);
  });

  it('rejects a bad product id', async () => {
    const user = await t.customer();
    const res = await change(user, 'add', { productId: 'x', quantity: 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'productId', message: 'Produto inválido.' }]);
  });

  it('answers 404 for an unknown or archived product', async () => {
    const user = await t.customer();
    const archived = await product('Fora de Linha');
    await t.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, archived));
    for (const id of [999999, archived]) {
      const res = await add(user, id, 1);
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Produto não encontrado.');
    }
  });

  it('refuses more than the stock with a 409 naming the product, taking no stock', async () => {
    const user = await t.customer();
    const id = await product('Ração X', 3);
    expect((await add(user, id, 2)).statusCode).toBe(200);
    const res = await add(user, id, 2);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'OUT_OF_STOCK',
      message: 'Estoque insuficiente para "Ração X": restam 3 unidades e você já tem 2 unidades no carrinho.',
    });
    expect((await add(await t.customer(), id, 4)).json().message).toBe(
      'Estoque insuficiente para "Ração X": restam 3 unidades.',
    );
    const soldOut = await product('Esgotado', 0);
    expect((await add(user, soldOut, 1)).json().message).toBe(
      'Estoque insuficiente para "Esgotado": produto esgotado.',
    );
    expect((await add(user, id, 1)).statusCode).toBe(200);
    const [row] = await t.db.select({ stock: products.stock }).from(products).where(eq(products.id, id));
    expect(row?.stock).toBe(3);
  });

  it('never lets parallel adds exceed 10 units', async () => {
    // Several users at once widen the race window; each fires 10 adds of 2 units together.
    const users = await Promise.all([t.customer(), t.customer(), t.customer()]);
    const id = await product('Tapete Higiênico', 100);
    const rounds = await Promise.all(
      users.map((user) => Promise.all(Array.from({ length: 10 }, () => add(user, id, 2)))),
    );
    for (const [i, answers] of rounds.entries()) {
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 200, 200, 400, 400, 400, 400, 400]);
      for (const r of answers.filter((a) => a.statusCode === 400)) expect(r.json().code).toBe('CART_LIMIT');
      expect(await lines(users[i] as User)).toEqual([[id, 10]]);
    }
  });
});

describe('POST /carts/remove', () => {
  it('lowers a line and drops it at zero', async () => {
    const user = await t.customer();
    const a = await product('Comedouro');
    const b = await product('Bebedouro');
    await add(user, a, 3);
    await add(user, b, 2);
    const lowered = await remove(user, a, 2);
    expect(lowered.statusCode).toBe(200);
    expect(lowered.json().message).toBe('Carrinho atualizado!');
    expect(await lines(user)).toEqual([
      [a, 1],
      [b, 2],
    ]);
    expect((await remove(user, a, 1)).json().data.items.map((i: { productId: number }) => i.productId)).toEqual([b]);
    expect((await remove(user, b, 5)).json().data.items).toEqual([]);
  });

  it('answers 404 for a product that is not in the cart', async () => {
    const user = await t.customer();
    const id = await product('Guia');
    const res = await remove(user, id, 1);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Este produto não está no carrinho.');
  });
});

describe('clear and delete', () => {
  it('clears the cart, keeping the cart itself', async () => {
    const user = await t.customer();
    const id = await product('Escova');
    const cartId = (await add(user, id, 2)).json().data.cart.id;
    const res = await t.app.inject({ method: 'DELETE', url: '/api/carts/clear', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { cart: { id: cartId }, items: [] }, message: 'Carrinho limpo com sucesso!' });
    expect((await getCart(user)).json().data).toEqual({ cart: { id: cartId }, items: [] });
  });

  it('deletes the cart; the next use creates a new one', async () => {
    const user = await t.customer();
    const id = await product('Shampoo');
    const cartId = (await add(user, id, 1)).json().data.cart.id;
    const res = await t.app.inject({ method: 'DELETE', url: '/api/carts/delete', headers: user.auth });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Carrinho excluído com sucesso!' });
    expect(await t.db.select().from(carts).where(eq(carts.id, cartId))).toEqual([]);
    const fresh = (await getCart(user)).json().data;
    expect(fresh.cart.id).not.toBe(cartId);
    expect(fresh.items).toEqual([]);
    expect((await t.app.inject({ method: 'DELETE', url: '/api/carts/delete', headers: user.auth })).statusCode).toBe(
      200,
    );
  });
});

describe('ownership', () => {
  it("never shows or changes another user's cart", async () => {
    const alice = await t.customer();
    const bob = await t.customer();
    const id = await product('Casinha', 3);
    const aliceCart = (await add(alice, id, 3)).json().data.cart.id;

    const bobView = (await getCart(bob)).json().data;
    expect(bobView.cart.id).not.toBe(aliceCart);
    expect(bobView.items).toEqual([]);
    expect((await remove(bob, id, 1)).statusCode).toBe(404);
    await t.app.inject({ method: 'DELETE', url: '/api/carts/clear', headers: bob.auth });
    await t.app.inject({ method: 'DELETE', url: '/api/carts/delete', headers: bob.auth });
    // Carts reserve nothing: Alice's 3 units do not count against Bob's.
    expect((await add(bob, id, 3)).statusCode).toBe(200);
    expect(await lines(alice)).toEqual([[id, 3]]);

    const other = await product('Cama');
    const ignored = await t.app.inject({
      method: 'POST',
      url: '/api/carts/add',
      headers: bob.auth,
      payload: { productId: other, quantity: 1, cartId: aliceCart, userId: alice.user.id },
    });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json().data.cart.id).not.toBe(aliceCart);
    expect(await lines(alice)).toEqual([[id, 3]]);
    expect(await lines(bob)).toEqual([
      [id, 3],
      [other, 1],
    ]);
  });
});
