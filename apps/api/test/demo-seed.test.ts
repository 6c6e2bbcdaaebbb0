import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { foldText, isPhone } from '@petshop/domain';
import { count, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../src/db/client';
import { categories, employees, products, services, species } from '../src/db/schema';
import { seedDemoData } from '../src/db/seed/demo';
import { DEMO_PRODUCTS } from '../src/db/seed/demo-products';
import { CATEGORY_NAMES, SPECIES_NAMES } from '../src/db/seed/reference';
import { createTestContext, openTestDatabase, type TestContext } from './helper';
import { onePrice } from './support/booking';

const webPublic = join(dirname(fileURLToPath(import.meta.url)), '../../web/public');

const countRows = async (db: Db, table: typeof products | typeof services | typeof employees) =>
  (await db.select({ n: count() }).from(table))[0]?.n ?? 0;

let t: TestContext;
let firstRun: boolean;
beforeAll(async () => {
  t = await createTestContext();
  firstRun = await seedDemoData(t.db);
});
afterAll(() => t.close());

describe('demo data', () => {
  it('loads a catalogue of at least 48 products into the empty database', async () => {
    expect(firstRun).toBe(true);
    expect(await countRows(t.db, products)).toBeGreaterThanOrEqual(48);
  });

  it('covers every category and every species', async () => {
    const rows = await t.db
      .select({ category: categories.name, species: species.name })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .innerJoin(species, eq(species.id, products.speciesId));
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(CATEGORY_NAMES));
    expect(new Set(rows.map((r) => r.species))).toEqual(new Set(SPECIES_NAMES));
  });

  it('stores sane prices, stock, search names and descriptions', async () => {
    const rows = await t.db.select().from(products);
    for (const p of rows) {
      expect(Number.isInteger(p.priceCents) && p.priceCents > 0, p.name).toBe(true);
      expect(p.stock, p.name).toBeGreaterThanOrEqual(0);
      expect(p.nameSearch).toBe(foldText(p.name));
      expect(p.description.length, p.name).toBeGreaterThan(20);
      expect(p.archivedAt).toBeNull();
    }
    expect(rows.filter((p) => p.stock <= 3).length).toBeGreaterThanOrEqual(2);
    expect(rows.filter((p) => p.description.length > 200).length).toBeGreaterThanOrEqual(3);
    expect(new Set(rows.map((p) => p.name)).size).toBe(rows.length);
  });

  it('finds at least three products for the accent-free search "racao"', async () => {
    const rows = await t.db
      .select({ name: products.name })
      .from(products)
      .where(like(products.nameSearch, `%${foldText('racao')}%`));
    expect(rows.length).toBeGreaterThanOrEqual(3);
    expect(rows.every((r) => r.name.includes('Ração'))).toBe(true);
  });

  it('points every product at a small, self-contained SVG shipped with the web app', async () => {
    const rows = await t.db.select({ url: products.url }).from(products);
    expect(new Set(rows.map((r) => r.url)).size).toBe(rows.length);
    for (const { url } of rows) {
      expect(url).toMatch(/^\/products\/[a-z0-9-]+\.svg$/);
      const file = join(webPublic, url);
      expect(statSync(file).size, url).toBeLessThan(4096);
      const svg = readFileSync(file, 'utf8');
      expect(svg, url).toMatch(/^<svg [^>]*width="400" height="400" viewBox="0 0 400 400"/);
      expect(svg, url).not.toMatch(/<script|<image|href=|url\((?!#)|data:/i);
    }
  });

  it('ties every employee to an existing service, two or three per service', async () => {
    const serviceRows = await t.db.select().from(services);
    expect(serviceRows.length).toBeGreaterThanOrEqual(4);
    expect(serviceRows.length).toBeLessThanOrEqual(6);
    const ids = new Set(serviceRows.map((s) => s.id));
    const employeeRows = await t.db.select().from(employees);
    for (const e of employeeRows) {
      expect(ids.has(e.serviceId), e.name).toBe(true);
      expect(e.phone).toMatch(/^\d{10,11}$/);
      expect(isPhone(e.phone)).toBe(true);
      expect(e.position.length).toBeGreaterThan(0);
    }
    for (const s of serviceRows) {
      expect(Number.isInteger(s.priceCents) && s.priceCents > 0, s.name).toBe(true);
      expect(s.durationMinutes).toBeGreaterThan(0);
      const staff = employeeRows.filter((e) => e.serviceId === s.id).length;
      expect(staff, s.name).toBeGreaterThanOrEqual(2);
      expect(staff, s.name).toBeLessThanOrEqual(3);
    }
  });

  it('does nothing when the database already has products', async () => {
    const before = await Promise.all([
      countRows(t.db, products),
      countRows(t.db, services),
      countRows(t.db, employees),
    ]);
    expect(await seedDemoData(t.db)).toBe(false);
    const after = await Promise.all([countRows(t.db, products), countRows(t.db, services), countRows(t.db, employees)]);
    expect(after).toEqual(before);
  });
});

describe('demo data on other empty databases', () => {
  it('is loaded once when several instances start together', async () => {
    const database = await openTestDatabase();
    try {
      // open the pool's connections first so the runs really overlap
      await Promise.all(Array.from({ length: 4 }, () => database.db.execute(sql`select 1`)));
      const runs = await Promise.all(Array.from({ length: 4 }, () => seedDemoData(database.db)));
      expect(runs.filter(Boolean)).toHaveLength(1);
      expect(await countRows(database.db, products)).toBe(DEMO_PRODUCTS.length);
    } finally {
      await database.close();
    }
  });

  it('keeps the services a database already has and adds only products', async () => {
    const database = await openTestDatabase();
    try {
      await database.db.insert(services).values({ name: 'Hospedagem', ...onePrice(8000) });
      expect(await seedDemoData(database.db)).toBe(true);
      expect(await countRows(database.db, services)).toBe(1);
      expect(await countRows(database.db, employees)).toBe(0);
      expect(await countRows(database.db, products)).toBe(DEMO_PRODUCTS.length);
    } finally {
      await database.close();
    }
  });
});
