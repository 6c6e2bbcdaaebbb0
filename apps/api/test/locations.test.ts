import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helper';

let t: TestContext;

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

describe('GET /states', () => {
  it('lists the 27 UFs by name, public and cacheable', async () => {
    const res = await t.app.inject({ url: '/api/states' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const states = res.json().data as { id: number; name: string; uf: string }[];
    expect(states).toHaveLength(27);
    expect(states[0]).toEqual({ id: 12, name: 'Acre', uf: 'AC' });
    expect(states.find((s) => s.uf === 'SP')).toEqual({ id: 35, name: 'São Paulo', uf: 'SP' });
    const names = states.map((s) => s.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR')));
  });
});

describe('GET /cities/cityToState/:stateId', () => {
  it("lists a state's cities by name (accents sorted as letters), public and cacheable", async () => {
    const res = await t.app.inject({ url: '/api/cities/cityToState/35' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toMatch(/max-age=\d+/);
    const cities = res.json().data as { id: number; name: string }[];
    expect(cities).toHaveLength(645);
    expect(cities).toContainEqual({ id: 3550308, name: 'São Paulo' });
    expect(Object.keys(cities[0] ?? {}).sort()).toEqual(['id', 'name']);
    const names = cities.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'pt-BR', { sensitivity: 'base' })));
    // 'Águas de Lindóia' comes among the A's, not after 'Zacarias'.
    expect(names.indexOf('Águas de Lindóia')).toBeLessThan(names.indexOf('Americana'));
  });

  it('answers 404 for an unknown state', async () => {
    const res = await t.app.inject({ url: '/api/cities/cityToState/99' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ message: 'Estado não encontrado.', code: 'NOT_FOUND' });
  });

  it('answers 400 for an id that is not a number', async () => {
    const res = await t.app.inject({ url: '/api/cities/cityToState/sp' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', details: [{ field: 'stateId' }] });
  });
});
