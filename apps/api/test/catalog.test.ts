import { foldText } from '@petshop/domain';
import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../src/db/schema';
import { listProducts } from '../src/modules/catalog/catalog.repository';
import { createTestContext, type TestContext } from './helper';
import { stockUp } from './support/stock';

let t: TestContext;
const ids = { racoes: 0, brinquedos: 0, farmacia: 0, cachorro: 0, gato: 0, coelho: 0 };
const named: Record<string, number> = {};
const FILLER = 62;
let total = 0;

async function insertProduct(name: string, categoryId: number, speciesId: number, priceCents = 1000) {
  const [row] = await t.db
    .insert(products)
    .values({ name, nameSearch: foldText(name), priceCents, categoryId, speciesId, url: '/p.svg' })
    .returning({ id: products.id });
  if (!row) throw new Error('insert failed');
  await stockUp(t.db, row.id, 5);
  named[name] = row.id;
  return row.id;
}

const get = (url: string) => t.app.inject({ url: `/api${url}` });
const namesOf = (body: { data: { name: string }[] }) => body.data.map((p) => p.name).sort();

beforeAll(async () => {
  t = await createTestContext();
  const cats = (await get('/categories')).json().data as { id: number; name: string }[];
  const specs = (await get('/species')).json().data as { id: number; name: string }[];
  const idOf = (list: { id: number; name: string }[], name: string) => list.find((e) => e.name === name)?.id ?? 0;
  ids.racoes = idOf(cats, 'Rações');
  ids.brinquedos = idOf(cats, 'Brinquedos');
  ids.farmacia = idOf(cats, 'Farmácia');
  ids.cachorro = idOf(specs, 'Cachorro');
  ids.gato = idOf(specs, 'Gato');
  ids.coelho = idOf(specs, 'Coelho');

  await insertProduct('Ração Premium Cães Adultos 15kg', ids.racoes, ids.cachorro, 19990);
  await insertProduct('RAÇÃO ÚMIDA GATOS', ids.racoes, ids.gato, 450);
  await insertProduct('Petisco de Frango', ids.racoes, ids.cachorro);
  await insertProduct('Cupom 50% off_especial', ids.racoes, ids.gato);
  await insertProduct('Ração Antiga', ids.racoes, ids.cachorro);
  await t.db
    .update(products)
    .set({ archivedAt: new Date() })
    .where(eq(products.id, named['Ração Antiga'] ?? 0));
  for (let i = 1; i <= FILLER; i += 1) {
    await insertProduct(`Bolinha ${String(i).padStart(2, '0')}`, ids.brinquedos, i % 2 ? ids.cachorro : ids.gato);
  }
  total = 4 + FILLER;
});
afterAll(() => t.close());

describe('categories and species', () => {
  it('lists the reference categories and species as {id, name}', async () => {
    const cats = (await get('/categories')).json().data;
    expect(cats).toHaveLength(7);
    expect(cats[0]).toEqual({ id: expect.any(Number), name: 'Rações' });
    const specs = (await get('/species')).json().data;
    expect(specs.map((s: { name: string }) => s.name)).toEqual(
      expect.arrayContaining(['Cachorro', 'Gato', 'Pássaro', 'Réptil']),
    );
  });
});

describe('GET /products', () => {
  it('returns the first 60 live products ordered by id, with meta', async () => {
    const res = await get('/products');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({ total, limit: 60, offset: 0 });
    expect(body.data).toHaveLength(60);
    const pageIds = body.data.map((p: { id: number }) => p.id);
    expect(pageIds).toEqual([...pageIds].sort((a, b) => a - b));
    expect(namesOf(body)).not.toContain('Ração Antiga');
  });

  it('returns the read shape with the category and species names and an exact price', async () => {
    const res = await get(`/products/${named['Ração Premium Cães Adultos 15kg']}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      id: named['Ração Premium Cães Adultos 15kg'],
      name: 'Ração Premium Cães Adultos 15kg',
      description: '',
      price: 199.9,
      stock: 5,
      category_id: ids.racoes,
      species_id: ids.cachorro,
      url: '/p.svg',
      barcode: null,
      categories: { name: 'Rações' },
      species: { name: 'Cachorro' },
    });
    expect(res.body).toContain('"price":199.9,');
  });

  it('pages with limit and offset; the total stays right past the end', async () => {
    const second = (await get('/products?limit=60&offset=60')).json();
    expect(second.meta).toEqual({ total, limit: 60, offset: 60 });
    expect(second.data).toHaveLength(total - 60);
    const first = (await get('/products?limit=60')).json();
    const all = [...first.data, ...second.data].map((p: { id: number }) => p.id);
    expect(new Set(all).size).toBe(total);

    const past = (await get('/products?limit=10&offset=500')).json();
    expect(past).toEqual({ data: [], meta: { total, limit: 10, offset: 500 } });
    expect((await get('/products?limit=200')).json().data).toHaveLength(total);
  });

  it.each([
    ['limit=201', 'limit'],
    ['limit=0', 'limit'],
    ['limit=abc', 'limit'],
    ['offset=-1', 'offset'],
    ['offset=1.5', 'offset'],
  ])('rejects %s with a 400 naming the field', async (query, field) => {
    const res = await get(`/products?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [expect.objectContaining({ field })] });
  });

  it('rejects limit > 200 on the filtered lists too', async () => {
    expect((await get(`/products/category/${ids.racoes}?limit=201`)).statusCode).toBe(400);
    expect((await get('/products/search/racao?limit=1000')).json().message).toBe('O limite máximo é 200.');
  });
});

describe('GET /products/{id}', () => {
  it('answers 404 for an unknown or archived product and 400 for a bad id', async () => {
    for (const id of [999999, named['Ração Antiga']]) {
      const res = await get(`/products/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Produto não encontrado.', code: 'NOT_FOUND' });
    }
    expect((await get('/products/abc')).statusCode).toBe(400);
    expect((await get('/products/0')).statusCode).toBe(400);
  });
});

describe('filters', () => {
  it('lists a category', async () => {
    const body = (await get(`/products/category/${ids.racoes}`)).json();
    expect(body.meta).toEqual({ total: 4, limit: 60, offset: 0 });
    expect(body.data.every((p: { category_id: number }) => p.category_id === ids.racoes)).toBe(true);
    const page = (await get(`/products/category/${ids.brinquedos}?limit=10&offset=60`)).json();
    expect(page.meta.total).toBe(FILLER);
    expect(page.data).toHaveLength(FILLER - 60);
  });

  it('lists a species', async () => {
    const body = (await get(`/products/specie/${ids.gato}`)).json();
    expect(body.meta.total).toBe(2 + FILLER / 2);
    expect(body.data.every((p: { species: { name: string } }) => p.species.name === 'Gato')).toBe(true);
  });

  it('gives an empty list for an existing category or species without products', async () => {
    expect((await get(`/products/category/${ids.farmacia}`)).json()).toEqual({
      data: [],
      meta: { total: 0, limit: 60, offset: 0 },
    });
    expect((await get(`/products/specie/${ids.coelho}`)).json().data).toEqual([]);
  });

  it('filters the whole list by category and species and sorts it by price or name', async () => {
    const dogFood = (await get(`/products?categoryId=${ids.racoes}&speciesId=${ids.cachorro}`)).json();
    expect(namesOf(dogFood)).toEqual(['Petisco de Frango', 'Ração Premium Cães Adultos 15kg']);
    const cheapest = (await get(`/products?categoryId=${ids.racoes}&sort=price-asc`)).json();
    expect(cheapest.data.map((p: { price: number }) => p.price)).toEqual([4.5, 10, 10, 199.9]);
    const dearest = (await get(`/products?categoryId=${ids.racoes}&sort=price-desc`)).json();
    expect(dearest.data[0].price).toBe(199.9);
    const byName = (await get(`/products?sort=name&limit=3`)).json();
    expect(byName.data.map((p: { name: string }) => p.name)).toEqual(['Bolinha 01', 'Bolinha 02', 'Bolinha 03']);
    expect(byName.meta.total).toBe(total);
    // A category route narrowed by species; the route's own category wins over the query's.
    const gatoRacoes = (
      await get(`/products/category/${ids.racoes}?speciesId=${ids.gato}&categoryId=${ids.brinquedos}`)
    ).json();
    expect(namesOf(gatoRacoes)).toEqual(['Cupom 50% off_especial', 'RAÇÃO ÚMIDA GATOS']);
  });

  it('refuses a sort or a filter it does not know, in pt-BR', async () => {
    const sort = await get('/products?sort=popular');
    expect(sort.statusCode).toBe(400);
    expect(sort.json().message).toBe('Ordenação inválida: use name, price-asc ou price-desc.');
    const cat = await get('/products?categoryId=abc');
    expect(cat.statusCode).toBe(400);
    expect(cat.json().message).toBe('Categoria inválida.');
    expect((await get('/products?speciesId=-1')).json().message).toBe('Espécie inválida.');
  });

  it('answers 404 for a category or species that does not exist', async () => {
    const cat = await get('/products/category/9999');
    expect(cat.statusCode).toBe(404);
    expect(cat.json().message).toBe('Categoria não encontrada.');
    const spec = await get('/products/specie/9999');
    expect(spec.statusCode).toBe(404);
    expect(spec.json().message).toBe('Espécie não encontrada.');
  });
});

describe('GET /products/search/{name}', () => {
  const search = async (term: string, query = '') => {
    const res = await get(`/products/search/${encodeURIComponent(term)}${query}`);
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('ignores case and accents in both the term and the names', async () => {
    const expected = ['RAÇÃO ÚMIDA GATOS', 'Ração Premium Cães Adultos 15kg'];
    expect(namesOf(await search('racao'))).toEqual(expected);
    expect(namesOf(await search('RAÇÃO'))).toEqual(expected);
    expect(namesOf(await search('  rAçAo '))).toEqual(expected);
    expect(namesOf(await search('umida'))).toEqual(['RAÇÃO ÚMIDA GATOS']);
    expect(namesOf(await search('CÃES'))).toEqual(['Ração Premium Cães Adultos 15kg']);
  });

  it('finds every word of the term in any order, each anywhere in the name', async () => {
    expect(namesOf(await search('racao gato'))).toEqual(['RAÇÃO ÚMIDA GATOS']);
    expect(namesOf(await search('gatos  ÚMIDA'))).toEqual(['RAÇÃO ÚMIDA GATOS']);
    expect(namesOf(await search('racao adultos caes'))).toEqual(['Ração Premium Cães Adultos 15kg']);
    // One word that matches nothing empties the result: every word must be there.
    expect((await search('racao tartaruga')).data).toEqual([]);
  });

  it('narrows a search by category and species and orders it', async () => {
    const byPrice = await search('racao', '?sort=price-asc');
    expect(byPrice.data.map((p: { name: string }) => p.name)).toEqual([
      'RAÇÃO ÚMIDA GATOS',
      'Ração Premium Cães Adultos 15kg',
    ]);
    const cats = await search('racao', `?speciesId=${ids.gato}&categoryId=${ids.racoes}`);
    expect(namesOf(cats)).toEqual(['RAÇÃO ÚMIDA GATOS']);
    expect((await search('bolinha', `?categoryId=${ids.racoes}`)).meta.total).toBe(0);
  });

  it('pages the results', async () => {
    const body = await search('bolinha', '?limit=5&offset=10');
    expect(body.meta).toEqual({ total: FILLER, limit: 5, offset: 10 });
    expect(body.data.map((p: { name: string }) => p.name)).toEqual([
      'Bolinha 11',
      'Bolinha 12',
      'Bolinha 13',
      'Bolinha 14',
      'Bolinha 15',
    ]);
  });

  it('lists everything for a blank search', async () => {
    expect((await search('   ')).meta.total).toBe(total);
    const empty = await get('/products/search/');
    expect(empty.statusCode).toBe(200);
    expect(empty.json().meta.total).toBe(total);
  });

  it('treats SQL and quotes as plain text', async () => {
    const body = await search("'; drop table products; --");
    expect(body).toEqual({ data: [], meta: { total: 0, limit: 60, offset: 0 } });
    expect((await search('" OR 1=1 --')).data).toEqual([]);
    expect((await get('/products')).json().meta.total).toBe(total);
  });

  it('matches %, _ and \\ literally instead of as wildcards', async () => {
    expect((await search('%_\\')).data).toEqual([]);
    expect(namesOf(await search('%'))).toEqual(['Cupom 50% off_especial']);
    expect(namesOf(await search('_'))).toEqual(['Cupom 50% off_especial']);
    expect(namesOf(await search('0%'))).toEqual(['Cupom 50% off_especial']);
    expect((await search('\\')).data).toEqual([]);
    expect((await search('bolinha_0')).data).toEqual([]);
  });

  it('accepts a 100-character term and refuses a longer one', async () => {
    expect((await get(`/products/search/${'a'.repeat(100)}`)).statusCode).toBe(200);
    expect((await get(`/products/search/${'a'.repeat(101)}`)).statusCode).toBe(414);
  });

  it('is served by the trigram index on a catalogue of realistic size', async () => {
    let plan = '';
    // 20,000 extra rows, analysed, then rolled back: the planner sees real statistics.
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`
          insert into products (name, name_search, price_cents, category_id, species_id)
          select 'Item ' || n, 'item ' || n, 100, ${ids.brinquedos}, ${ids.gato} from generate_series(1, 20000) n`);
        await tx.execute(sql`analyze products`);
        const result = await tx.execute(
          sql`explain ${listProducts(t.db, { nameContainsAll: ['racao'] }, { limit: 60, offset: 0 })}`,
        );
        plan = JSON.stringify((result as { rows?: unknown }).rows);
        tx.rollback();
      })
      .catch((error: unknown) => {
        if (!(error instanceof TransactionRollbackError)) throw error;
      });
    expect(plan).toContain('products_name_search_trgm_idx');
    expect((await get('/products')).json().meta.total).toBe(total);
  });
});
