import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cartItems, orderItems, orders, payments, products } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';

let t: TestContext;
let admin: Awaited<ReturnType<TestContext['admin']>>;
let customer: Awaited<ReturnType<TestContext['customer']>>;
let categoryId = 0;
let speciesId = 0;
let otherCategoryId = 0;
let otherSpeciesId = 0;

const body = (overrides: Record<string, unknown> = {}) => ({
  name: 'Ração Premium Filhotes 3kg',
  description: 'Alimento completo para filhotes.',
  price: 89.9,
  stock: 12,
  category_id: categoryId,
  species_id: speciesId,
  url: '/products/racao-filhotes.svg',
  ...overrides,
});

const post = (payload: Record<string, unknown>, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: 'POST', url: '/api/products', headers, payload });
const put = (id: number, payload: Record<string, unknown>, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: 'PUT', url: `/api/products/${id}`, headers, payload });
const del = (id: number, headers: Record<string, string> = admin.auth) =>
  t.app.inject({ method: 'DELETE', url: `/api/products/${id}`, headers });

async function create(overrides: Record<string, unknown> = {}): Promise<number> {
  const res = await post(body(overrides));
  if (res.statusCode !== 201) throw new Error(res.body);
  return res.json().data.id;
}

beforeAll(async () => {
  t = await createTestContext();
  admin = await t.admin();
  customer = await t.customer();
  const cats = (await t.app.inject({ url: '/api/categories' })).json().data as { id: number }[];
  const specs = (await t.app.inject({ url: '/api/species' })).json().data as { id: number }[];
  [categoryId, otherCategoryId] = [cats[0]?.id ?? 0, cats[1]?.id ?? 0];
  [speciesId, otherSpeciesId] = [specs[0]?.id ?? 0, specs[1]?.id ?? 0];
});
afterAll(() => t.close());

describe('who may manage products', () => {
  it('answers 401 without a token and 403 for a customer, changing nothing', async () => {
    const id = await create();
    for (const headers of [{}, customer.auth]) {
      const expected = 'authorization' in headers ? 403 : 401;
      expect((await post(body({ name: 'Intruso' }), headers)).statusCode).toBe(expected);
      expect((await put(id, body({ name: 'Intruso' }), headers)).statusCode).toBe(expected);
      expect((await del(id, headers)).statusCode).toBe(expected);
    }
    const read = await t.app.inject({ url: `/api/products/${id}` });
    expect(read.json().data.name).toBe('Ração Premium Filhotes 3kg');
    expect((await t.app.inject({ url: '/api/products/search/intruso' })).json().data).toEqual([]);
  });
});

describe('create, read, update', () => {
  it('creates a product and reads it back', async () => {
    const res = await post(body());
    expect(res.statusCode).toBe(201);
    const created = res.json();
    expect(created.message).toBe('Produto cadastrado com sucesso!');
    expect(created.data).toMatchObject({ name: 'Ração Premium Filhotes 3kg', price: 89.9, stock: 12 });
    const read = (await t.app.inject({ url: `/api/products/${created.data.id}` })).json().data;
    expect(read).toEqual({ ...created.data, categories: { name: expect.any(String) }, species: { name: 'Cachorro' } });
    const [row] = await t.db.select().from(products).where(eq(products.id, created.data.id));
    expect(row).toMatchObject({ priceCents: 8990, nameSearch: 'racao premium filhotes 3kg' });
  });

  it('keeps prices exact', async () => {
    for (const [price, cents] of [
      [19.9, 1990],
      [0.07, 7],
      [1234.56, 123456],
      [0.1, 10],
      [0, 0],
    ] as const) {
      const res = await post(body({ name: `Preço ${price}`, price }));
      expect(res.json().data.price).toBe(price);
      const [row] = await t.db.select().from(products).where(eq(products.id, res.json().data.id));
      expect(row?.priceCents).toBe(cents);
    }
    const read = await t.app.inject({ url: '/api/products/search/preco 19' });
    expect(read.body).toContain('"price":19.9,');
  });

  it('ignores fields a client may not set', async () => {
    const res = await post({
      ...body({ name: 'Sem atalhos' }),
      id: 424242,
      archived_at: '2020-01-01',
      name_search: 'x',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.id).not.toBe(424242);
    const [row] = await t.db.select().from(products).where(eq(products.id, res.json().data.id));
    expect(row).toMatchObject({ archivedAt: null, nameSearch: 'sem atalhos' });
  });

  it('accepts categoryId/speciesId from the edit form, with snake_case winning', async () => {
    const { category_id: _c, species_id: _s, ...rest } = body({ name: 'Camel' });
    const camel = await post({ ...rest, categoryId: otherCategoryId, speciesId: otherSpeciesId });
    expect(camel.statusCode).toBe(201);
    expect(camel.json().data).toMatchObject({ category_id: otherCategoryId, species_id: otherSpeciesId });

    const both = await put(camel.json().data.id, {
      ...body({ name: 'Ambos' }),
      categoryId: otherCategoryId,
      speciesId: otherSpeciesId,
    });
    expect(both.statusCode).toBe(200);
    expect(both.json().data).toMatchObject({ category_id: categoryId, species_id: speciesId });
  });

  it('updates a product and keeps the search column in sync', async () => {
    const id = await create({ name: 'Areia Sanitária' });
    const res = await put(id, body({ name: 'Petisco Único', price: 12.5, stock: 3 }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: 'Produto atualizado com sucesso!',
      data: { id, name: 'Petisco Único', price: 12.5, stock: 3 },
    });
    const found = (await t.app.inject({ url: '/api/products/search/UNICO' })).json().data;
    expect(found.map((p: { id: number }) => p.id)).toEqual([id]);
    expect((await t.app.inject({ url: '/api/products/search/sanitaria' })).json().data).toEqual([]);
  });

  it('answers 404 when updating a product that does not exist', async () => {
    const res = await put(999999, body());
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toBe('Produto não encontrado.');
  });
});

describe('invalid product bodies', () => {
  it.each([
    ['name', { name: '   ' }, 'Informe o nome do produto.'],
    ['name', { name: undefined }, 'Informe o nome do produto.'],
    ['price', { price: 'abc' }, 'Informe um preço válido.'],
    ['price', { price: -1 }, 'O preço não pode ser negativo.'],
    ['price', { price: 1.234 }, 'Use no máximo 2 casas decimais.'],
    ['price', { price: 2_000_000 }, 'Preço acima do permitido.'],
    ['stock', { stock: 1.5 }, 'O estoque deve ser um número inteiro.'],
    ['stock', { stock: -3 }, 'O estoque não pode ser negativo.'],
    ['stock', { stock: '10' }, 'Informe o estoque.'],
    ['category_id', { category_id: undefined }, 'Selecione uma categoria.'],
    ['species_id', { species_id: 'x' }, 'Selecione uma espécie.'],
    ['url', { url: 'javascript:alert(1)' }, 'Informe um endereço de imagem válido.'],
  ])('rejects a bad %s with a 400 naming it', async (field, overrides, message) => {
    const res = await post(body(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      details: expect.arrayContaining([{ field, message }]),
    });
  });

  it('names every bad field at once', async () => {
    const res = await post({ price: -1, stock: 0.5 });
    const fields = res.json().details.map((d: { field: string }) => d.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'price', 'stock', 'category_id', 'species_id']));
  });

  it('rejects a category or species that does not exist', async () => {
    const badCategory = await post(body({ category_id: 9999 }));
    expect(badCategory.statusCode).toBe(400);
    expect(badCategory.json()).toMatchObject({
      message: 'Selecione uma categoria válida.',
      details: [{ field: 'category_id', message: 'Selecione uma categoria válida.' }],
    });
    const id = await create();
    const badSpecies = await put(id, body({ species_id: 9999 }));
    expect(badSpecies.statusCode).toBe(400);
    expect(badSpecies.json().details).toEqual([{ field: 'species_id', message: 'Selecione uma espécie válida.' }]);
  });
});

describe('delete', () => {
  it('deletes a product nothing refers to', async () => {
    const id = await create({ name: 'Descartável' });
    const res = await del(id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { id, archived: false }, message: 'Produto excluído com sucesso!' });
    expect(await t.db.select().from(products).where(eq(products.id, id))).toEqual([]);
    expect((await del(id)).statusCode).toBe(404);
  });

  it('archives a product an order refers to; the order keeps its copy', async () => {
    const id = await create({ name: 'Coleira Vendida', price: 30 });
    const [payment] = await t.db
      .insert(payments)
      .values({
        ownerKind: 'order',
        ownerId: 0,
        userId: customer.user.id,
        method: 'Pix',
        totalCents: 3000,
        status: 'Aprovado',
      })
      .returning();
    const [order] = await t.db
      .insert(orders)
      .values({
        userId: customer.user.id,
        paymentId: payment?.id ?? 0,
        totalCents: 3000,
        addressStreet: 'Praça da Sé',
        addressNumber: '10',
        addressComplement: '',
        addressDistrict: 'Sé',
        addressCity: 'São Paulo',
        addressState: 'SP',
        addressCep: '01001000',
      })
      .returning();
    await t.db.insert(orderItems).values({
      orderId: order?.id ?? 0,
      productId: id,
      productName: 'Coleira Vendida',
      unitPriceCents: 3000,
      quantity: 1,
    });

    const res = await del(id);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ id, archived: true });
    expect(res.json().message).toEqual(expect.any(String));

    expect((await t.app.inject({ url: `/api/products/${id}` })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/products/search/coleira' })).json().data).toEqual([]);
    const all = (await t.app.inject({ url: '/api/products?limit=200' })).json().data;
    expect(all.map((p: { id: number }) => p.id)).not.toContain(id);
    const [row] = await t.db.select().from(products).where(eq(products.id, id));
    expect(row?.archivedAt).toBeInstanceOf(Date);
    const items = await t.db.select().from(orderItems).where(eq(orderItems.productId, id));
    expect(items).toMatchObject([{ productName: 'Coleira Vendida', unitPriceCents: 3000 }]);

    expect((await put(id, body())).statusCode).toBe(404);
    expect((await del(id)).statusCode).toBe(404);
  });

  it('archives a product that sits in a cart and takes it out of the cart', async () => {
    const id = await create({ name: 'No Carrinho' });
    const keep = await create({ name: 'Fica no Carrinho' });
    for (const productId of [id, keep]) {
      const add = await t.app.inject({
        method: 'POST',
        url: '/api/carts/add',
        headers: customer.auth,
        payload: { productId, quantity: 1 },
      });
      expect(add.statusCode).toBe(200);
    }
    const res = await del(id);
    expect(res.json().data).toEqual({ id, archived: true });
    const cart = (await t.app.inject({ url: '/api/carts', headers: customer.auth })).json().data;
    expect(cart.items.map((i: { productId: number }) => i.productId)).toEqual([keep]);
    expect(await t.db.select().from(cartItems).where(eq(cartItems.productId, id))).toEqual([]);
  });
});

describe('OpenAPI', () => {
  it('documents the product body from the same schema that validates it', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json();
    const schema = doc.paths['/api/products'].post.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['name', 'price', 'stock']));
    // Either spelling of each reference, as the route reads them (the edit form sends categoryId).
    const put = doc.paths['/api/products/{id}'].put.requestBody.content['application/json'].schema;
    for (const body of [schema, put]) {
      expect(body.properties.categoryId).toMatchObject({ type: 'integer' });
      expect(body.properties.speciesId).toMatchObject({ type: 'integer' });
      expect(body.required).not.toContain('category_id');
      expect(body.allOf).toEqual([
        { anyOf: [{ required: ['category_id'] }, { required: ['categoryId'] }] },
        { anyOf: [{ required: ['species_id'] }, { required: ['speciesId'] }] },
      ]);
    }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/api/products/search/{name}', '/api/carts/add', '/api/services/{id}', '/api/species']),
    );
  });
});
