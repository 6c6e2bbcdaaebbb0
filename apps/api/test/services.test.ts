import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { services } from '../src/db/schema';
import { createTestContext, type TestContext } from './helper';
import { onePrice } from './support/booking';

let t: TestContext;
const ids = { bath: 0, consult: 0, retired: 0 };

beforeAll(async () => {
  t = await createTestContext();
  const rows = await t.db
    .insert(services)
    .values([
      {
        name: 'Banho e Tosa',
        description: 'Banho completo e tosa higiênica.',
        priceCents: 7990,
        priceSmallCents: 7990,
        priceMediumCents: 9990,
        priceLargeCents: 12990,
        durationMinutes: 90,
      },
      { name: 'Consulta Veterinária', ...onePrice(15000) },
      { name: 'Serviço Antigo', ...onePrice(100), archivedAt: new Date() },
    ])
    .returning({ id: services.id });
  [ids.bath, ids.consult, ids.retired] = rows.map((r) => r.id) as [number, number, number];
});
afterAll(() => t.close());

describe('services', () => {
  it('lists the services on offer with exact prices and durations', async () => {
    const res = await t.app.inject({ url: '/api/services' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      data: [
        {
          id: ids.bath,
          name: 'Banho e Tosa',
          description: 'Banho completo e tosa higiênica.',
          price: 79.9,
          prices: { Pequeno: 79.9, Médio: 99.9, Grande: 129.9 },
          durationMinutes: 90,
        },
        {
          id: ids.consult,
          name: 'Consulta Veterinária',
          description: '',
          price: 150,
          prices: { Pequeno: 150, Médio: 150, Grande: 150 },
          durationMinutes: 30,
        },
      ],
      meta: { total: 2, limit: 60, offset: 0 },
    });
  });

  it('pages the list', async () => {
    const res = await t.app.inject({ url: '/api/services?limit=1&offset=1' });
    expect(res.json()).toMatchObject({ data: [{ id: ids.consult }], meta: { total: 2, limit: 1, offset: 1 } });
    expect((await t.app.inject({ url: '/api/services?limit=201' })).statusCode).toBe(400);
  });

  it('shows one service', async () => {
    const res = await t.app.inject({ url: `/api/services/${ids.bath}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ id: ids.bath, name: 'Banho e Tosa', price: 79.9, durationMinutes: 90 });
  });

  it('answers 404 for an unknown or retired service and 400 for a bad id', async () => {
    for (const id of [999999, ids.retired]) {
      const res = await t.app.inject({ url: `/api/services/${id}` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ message: 'Serviço não encontrado.', code: 'NOT_FOUND' });
    }
    expect((await t.app.inject({ url: '/api/services/abc' })).statusCode).toBe(400);
  });
});
