import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helper';
import { type FakeCep, startFakeCep } from './support/fake-cep';

const SAO_PAULO = 3550308;
const SAO_JOSE_DOS_CAMPOS = 3549904;
const TIMEOUT_MS = 300;
const LIMIT = 5;

let t: TestContext;
let cep: FakeCep;
let ipSeq = 0;
let ip: string;

beforeAll(async () => {
  cep = await startFakeCep([
    { cep: '01310100', state: 'SP', city: 'São Paulo', neighborhood: 'Bela Vista', street: 'Avenida Paulista' },
    // The service may spell a city without its accents.
    { cep: '12245000', state: 'SP', city: 'Sao Jose dos Campos', neighborhood: 'Jardim Aquarius', street: 'Rua Um' },
    // A town with one CEP for all of it: no street, no neighbourhood.
    { cep: '20040020', state: 'RJ', city: 'Rio de Janeiro', neighborhood: 'Centro', street: 'Rua da Assembleia' },
    { cep: '13960000', state: 'SP', city: 'Socorro', neighborhood: null, street: null },
    { cep: '99999000', state: 'SP', city: 'Cidade Que Não Existe', neighborhood: 'Centro', street: 'Rua A' },
  ]);
  t = await createTestContext({
    CEP_API_URL: cep.baseUrl,
    CEP_TIMEOUT_MS: String(TIMEOUT_MS),
    CEP_RATE_LIMIT_PER_MINUTE: String(LIMIT),
  });
});
afterAll(async () => {
  await t.close();
  await cep.close();
});
beforeEach(() => {
  // Each test calls from its own address, so the per-IP limit of one does not leak into another.
  ipSeq += 1;
  ip = `10.0.0.${ipSeq}`;
  cep.setMode('ok');
});

const lookup = (value: string) => t.app.inject({ url: `/api/cep/${value}`, remoteAddress: ip });

describe('GET /cep/:cep, found', () => {
  it('answers street, district, IBGE city and state, masked or bare, without a token', async () => {
    const res = await lookup('01310-100');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({
      cep: '01310100',
      street: 'Avenida Paulista',
      district: 'Bela Vista',
      city: { id: SAO_PAULO, name: 'São Paulo' },
      state: { id: 35, uf: 'SP' },
    });
    expect((await lookup('01310100')).json().data.city.id).toBe(SAO_PAULO);
  });

  it('asks the service once for the same CEP (cached)', async () => {
    const answers = await Promise.all([lookup('20040020'), lookup('20040-020'), lookup('20040020')]);
    expect(answers.map((res) => res.json().data.district)).toEqual(['Centro', 'Centro', 'Centro']);
    expect((await lookup('20040020')).json().data.city.name).toBe('Rio de Janeiro');
    expect(cep.requests.filter((c) => c === '20040020')).toHaveLength(1);
  });

  it('matches a city spelled without accents to the IBGE name', async () => {
    const res = await lookup('12245000');
    expect(res.json().data.city).toEqual({ id: SAO_JOSE_DOS_CAMPOS, name: 'São José dos Campos' });
  });

  it('leaves street and district empty for a one-CEP town, for the customer to type', async () => {
    const res = await lookup('13960-000');
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ street: '', district: '', city: { name: 'Socorro' }, state: { uf: 'SP' } });
  });

  it('answers city null when the IBGE list has no such city (state still filled)', async () => {
    const res = await lookup('99999000');
    expect(res.json().data).toMatchObject({ city: null, state: { uf: 'SP' } });
  });
});

describe('GET /cep/:cep, not found or invalid', () => {
  it('404 for a CEP the service does not know, also from the cache', async () => {
    const res = await lookup('01000999');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: expect.stringContaining('CEP não encontrado') });
    const asked = cep.requests.length;
    expect((await lookup('01000-999')).statusCode).toBe(404);
    expect(cep.requests.length).toBe(asked);
  });

  it.each(['123', '013101000', 'abcdefgh', '01310-10a'])('400 for %s, the service is not asked', async (value) => {
    const asked = cep.requests.length;
    const res = await lookup(value);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', message: 'CEP inválido. Use 8 dígitos.' });
    expect(cep.requests.length).toBe(asked);
  });
});

describe('GET /cep/:cep, service down', () => {
  it('503 when the service answers 500, not cached: it answers once the service is back', async () => {
    cep.setMode('server-error');
    const res = await lookup('01001000');
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      code: 'CEP_UNAVAILABLE',
      message: 'A consulta de CEP está indisponível agora. Preencha o endereço manualmente.',
    });
    cep.setMode('ok');
    expect((await lookup('01001000')).statusCode).toBe(404);
  });

  it('503 when the service drops the connection', async () => {
    cep.setMode('hang-up');
    expect((await lookup('01002000')).statusCode).toBe(503);
  });

  it('503 when the service is slower than the time-out, without waiting for it', async () => {
    cep.setMode('slow');
    const started = Date.now();
    const res = await lookup('01003000');
    expect(res.statusCode).toBe(503);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS + 1_000);
  });

  it('503 when nothing listens at CEP_API_URL', async () => {
    const closed = await startFakeCep([]);
    await closed.close();
    const other = await createTestContext({ CEP_API_URL: closed.baseUrl });
    try {
      expect((await other.app.inject({ url: '/api/cep/01310100' })).statusCode).toBe(503);
    } finally {
      await other.close();
    }
  });
});

describe('GET /cep/:cep, rate limit', () => {
  it(`429 after ${LIMIT} lookups a minute from one IP; another IP is not affected`, async () => {
    for (let i = 0; i < LIMIT; i += 1) expect((await lookup('01310100')).statusCode).toBe(200);
    const limited = await lookup('01310100');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().code).toBe('TOO_MANY_REQUESTS');
    const elsewhere = await t.app.inject({ url: '/api/cep/01310100', remoteAddress: '10.1.0.1' });
    expect(elsewhere.statusCode).toBe(200);
  });
});
