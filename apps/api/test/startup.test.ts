import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/db/client';
import { prepareDatabase } from '../src/db/prepare';
import { testConfig } from './helper';

/** Instances started together on an empty PostgreSQL database: each runs the whole start-up. */
describe('start-up of several instances at once (PostgreSQL)', () => {
  it('on an empty database all succeed: one schema, one extension, one admin', async (ctx) => {
    const base = process.env.TEST_DATABASE_URL;
    if (process.env.TEST_DB !== 'postgres' || !base) ctx.skip();
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    const config = testConfig({ ADMIN_EMAIL: 'dono@exemplo.com.br', ADMIN_PASSWORD: 'senha-do-dono-123' });
    const quiet = { info: () => undefined, warn: () => undefined };
    try {
      for (let round = 0; round < 2; round += 1) {
        const name = `petshop_start_${process.pid}_${round}_${Math.random().toString(36).slice(2, 8)}`;
        await admin.query(`create database ${name}`);
        const url = new URL(base as string);
        url.pathname = `/${name}`;
        const instances = Array.from({ length: 3 }, () => openDatabase({ url: url.toString(), dataDir: '' }));
        try {
          const results = await Promise.allSettled(instances.map((d) => prepareDatabase(d, config, quiet)));
          const failures = results.flatMap((r) => (r.status === 'rejected' ? [String(r.reason)] : []));
          expect(failures, `round ${round}`).toEqual([]);
          const check = new pg.Client({ connectionString: url.toString() });
          await check.connect();
          const count = async (query: string) => (await check.query(query)).rows[0].n;
          expect(await count(`select count(*)::int as n from users where role = 'admin'`)).toBe(1);
          expect(await count(`select count(*)::int as n from pg_extension where extname = 'pg_trgm'`)).toBe(1);
          await check.end();
        } finally {
          await Promise.all(instances.map((d) => d.close()));
          await admin.query(`drop database if exists ${name} with (force)`);
        }
      }
    } finally {
      await admin.end();
    }
  }, 120_000);
});
