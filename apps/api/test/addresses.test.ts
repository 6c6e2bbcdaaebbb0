import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addresses } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';

const SP = 35;
const SAO_PAULO = 3550308;
const CAMPINAS = 3509502;
const RJ = 33;
const RIO = 3304557;

let t: TestContext;

const valid = {
  street: 'Avenida Paulista',
  number: '1578',
  complement: 'Apto 12',
  district: 'Bela Vista',
  cep: '01310-100',
  state_id: SP,
  city_id: SAO_PAULO,
};

const call = (user: LoggedIn | undefined, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api${url}`, headers: user?.auth, payload });

async function create(user: LoggedIn, payload: object = valid) {
  const res = await call(user, 'POST', '/addresses', payload);
  if (res.statusCode !== 201) throw new Error(`create failed: ${res.body}`);
  return res.json().data as { id: number };
}

const rowOf = async (id: number) => (await t.db.select().from(addresses).where(eq(addresses.id, id)))[0];

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('authentication', () => {
  it.each([
    ['GET', '/addresses'],
    ['GET', '/addresses/1'],
    ['POST', '/addresses'],
    ['PUT', '/addresses/1'],
    ['DELETE', '/addresses/1'],
  ] as const)('%s %s needs a token', async (method, url) => {
    const res = await call(undefined, method, url, method === 'POST' || method === 'PUT' ? valid : undefined);
    expect(res.statusCode).toBe(401);
  });
});

describe('POST /addresses', () => {
  it('stores the CEP as digits and answers the joined read shape', async () => {
    const user = await t.customer();
    const res = await call(user, 'POST', '/addresses', valid);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.message).toBe('Endereço cadastrado com sucesso!');
    expect(body.data).toEqual({
      id: expect.any(Number),
      street: 'Avenida Paulista',
      number: '1578',
      complement: 'Apto 12',
      district: 'Bela Vista',
      cep: '01310100',
      stateId: SP,
      cityId: SAO_PAULO,
      city: { id: SAO_PAULO, name: 'São Paulo' },
      state: { id: SP, name: 'São Paulo', uf: 'SP' },
    });
    expect((await rowOf(body.data.id))?.userId).toBe(user.user.id);
  });

  it('accepts a missing complement', async () => {
    const user = await t.customer();
    const { complement: _, ...rest } = valid;
    const res = await call(user, 'POST', '/addresses', { ...rest, cep: '01310100' });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.complement).toBe('');
  });

  it('ignores unknown fields: user_id cannot give the address to someone else', async () => {
    const owner = await t.customer();
    const other = await t.customer();
    const res = await call(owner, 'POST', '/addresses', {
      ...valid,
      user_id: other.user.id,
      userId: other.user.id,
      id: 999,
    });
    expect(res.statusCode).toBe(201);
    const id = res.json().data.id as number;
    expect(id).not.toBe(999);
    expect((await rowOf(id))?.userId).toBe(owner.user.id);
    expect((await call(other, 'GET', '/addresses')).json().data).toEqual([]);
  });

  it.each([
    ['street', { street: '' }],
    ['street', { street: undefined }],
    ['district', { district: '  ' }],
    ['district', { district: undefined }],
    ['number', { number: '' }],
    ['number', { number: undefined }],
    ['cep', { cep: '0131-010' }],
    ['cep', { cep: '013101000' }],
    ['cep', { cep: undefined }],
    ['state_id', { state_id: undefined }],
    ['state_id', { state_id: 'SP' }],
    ['city_id', { city_id: undefined }],
    ['city_id', { city_id: 0 }],
  ])('400 naming %s for %j, nothing stored', async (field, change) => {
    const user = await t.customer();
    const res = await call(user, 'POST', '/addresses', { ...valid, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toContainEqual({ field, message: expect.any(String) });
    expect((await call(user, 'GET', '/addresses')).json().data).toEqual([]);
  });

  it('400 naming city_id when the city is in another state', async () => {
    const user = await t.customer();
    const res = await call(user, 'POST', '/addresses', { ...valid, state_id: RJ, city_id: SAO_PAULO });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'A cidade escolhida não pertence ao estado informado.',
      code: 'VALIDATION_ERROR',
      details: [{ field: 'city_id', message: 'A cidade escolhida não pertence ao estado informado.' }],
    });
    expect((await call(user, 'GET', '/addresses')).json().data).toEqual([]);
  });

  it('400 naming cep when the CEP belongs to another state (the fee is priced by it)', async () => {
    const user = await t.customer();
    const res = await call(user, 'POST', '/addresses', { ...valid, cep: '20040-020' });
    expect(res.statusCode).toBe(400);
    expect(res.json().details).toEqual([{ field: 'cep', message: 'Este CEP não é de SP. Confira o CEP ou o estado.' }]);
    const outside = await call(user, 'POST', '/addresses', { ...valid, cep: '00000-001' });
    expect(outside.statusCode).toBe(400);
    expect((await call(user, 'GET', '/addresses')).json().data).toEqual([]);
  });

  it('400 naming the field for an unknown state or city', async () => {
    const user = await t.customer();
    const state = await call(user, 'POST', '/addresses', { ...valid, state_id: 99 });
    expect(state.statusCode).toBe(400);
    expect(state.json().details).toEqual([{ field: 'state_id', message: 'Estado não encontrado.' }]);
    const city = await call(user, 'POST', '/addresses', { ...valid, city_id: 9999999 });
    expect(city.statusCode).toBe(400);
    expect(city.json().details).toEqual([{ field: 'city_id', message: 'Cidade não encontrada.' }]);
  });
});

describe('GET /addresses and /addresses/:id', () => {
  it('lists only my addresses, oldest first, in the read shape', async () => {
    const me = await t.customer();
    const other = await t.customer();
    const first = await create(me);
    const second = await create(me, { ...valid, cep: '20040-020', state_id: RJ, city_id: RIO, number: '10' });
    await create(other);
    const res = await call(me, 'GET', '/addresses');
    expect(res.statusCode).toBe(200);
    const list = res.json().data as { id: number; city: { name: string }; state: { uf: string } }[];
    expect(list.map((a) => a.id)).toEqual([first.id, second.id]);
    expect(list[1]).toMatchObject({ city: { name: 'Rio de Janeiro' }, state: { uf: 'RJ' } });
  });

  it('reads one of mine; 404 for a missing one', async () => {
    const me = await t.customer();
    const { id } = await create(me);
    const res = await call(me, 'GET', `/addresses/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id, cep: '01310100', city: { name: 'São Paulo' } });
    const missing = await call(me, 'GET', '/addresses/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Endereço não encontrado.');
  });
});

describe('PUT /addresses/:id', () => {
  it('updates every field', async () => {
    const me = await t.customer();
    const { id } = await create(me);
    const res = await call(me, 'PUT', `/addresses/${id}`, {
      street: 'Rua Barão de Jaguara',
      complement: '',
      number: '200',
      district: 'Centro',
      cep: '13010-000',
      state_id: SP,
      city_id: CAMPINAS,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe('Endereço atualizado com sucesso!');
    expect(res.json().data).toMatchObject({
      id,
      street: 'Rua Barão de Jaguara',
      complement: '',
      number: '200',
      district: 'Centro',
      cep: '13010000',
      cityId: CAMPINAS,
    });
    expect((await call(me, 'GET', `/addresses/${id}`)).json().data.city.name).toBe('Campinas');
  });

  it('400 for bad input or a city of another state, and nothing changes', async () => {
    const me = await t.customer();
    const { id } = await create(me);
    const before = await rowOf(id);
    const bad = await call(me, 'PUT', `/addresses/${id}`, { ...valid, number: '   ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details).toContainEqual({ field: 'number', message: 'Informe o número.' });
    const wrongState = await call(me, 'PUT', `/addresses/${id}`, { ...valid, state_id: RJ });
    expect(wrongState.statusCode).toBe(400);
    expect(wrongState.json().details).toEqual([{ field: 'city_id', message: expect.any(String) }]);
    const noStreet = await call(me, 'PUT', `/addresses/${id}`, { ...valid, street: '' });
    expect(noStreet.statusCode).toBe(400);
    expect(noStreet.json().details).toContainEqual({ field: 'street', message: 'Informe a rua.' });
    expect(await rowOf(id)).toEqual(before);
  });

  it('cannot move the address to another user', async () => {
    const me = await t.customer();
    const other = await t.customer();
    const { id } = await create(me);
    const res = await call(me, 'PUT', `/addresses/${id}`, { ...valid, user_id: other.user.id });
    expect(res.statusCode).toBe(200);
    expect((await rowOf(id))?.userId).toBe(me.user.id);
  });
});

describe('DELETE /addresses/:id', () => {
  it('deletes the row', async () => {
    const me = await t.customer();
    const { id } = await create(me);
    const res = await call(me, 'DELETE', `/addresses/${id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Endereço deletado com sucesso!' });
    expect(await rowOf(id)).toBeUndefined();
    expect((await call(me, 'DELETE', `/addresses/${id}`)).statusCode).toBe(404);
  });
});

describe("someone else's address", () => {
  it('is 404 on read, update and delete, and nothing changes', async () => {
    const owner = await t.customer();
    const intruder = await t.customer();
    const { id } = await create(owner);
    const before = await rowOf(id);
    for (const res of [
      await call(intruder, 'GET', `/addresses/${id}`),
      await call(intruder, 'PUT', `/addresses/${id}`, { ...valid, number: '1' }),
      await call(intruder, 'DELETE', `/addresses/${id}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ message: 'Endereço não encontrado.', code: 'NOT_FOUND' });
    }
    expect(await rowOf(id)).toEqual(before);
  });

  it('is also 404 for an admin through these customer routes', async () => {
    const owner = await t.customer();
    const admin = await t.admin();
    const { id } = await create(owner);
    expect((await call(admin, 'GET', `/addresses/${id}`)).statusCode).toBe(404);
  });
});

describe('limit', () => {
  it('keeps at most 20 addresses a user (409)', async () => {
    const me = await t.customer();
    await t.db.insert(addresses).values(
      Array.from({ length: 20 }, (_, i) => ({
        userId: me.user.id,
        number: String(i),
        cep: '01310100',
        stateId: SP,
        cityId: SAO_PAULO,
      })),
    );
    const res = await call(me, 'POST', '/addresses', valid);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ code: 'ADDRESS_LIMIT', message: 'Você pode salvar no máximo 20 endereços.' });
  });
});
