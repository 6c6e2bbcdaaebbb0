import { readFileSync } from 'node:fs';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import type { StoreRole } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { type Config, loadConfig } from '../src/config';
import { type Database, openDatabase } from '../src/db/client';
import { userStores, users } from '../src/db/schema';
import { ensureAdmin } from '../src/modules/users/admin-account';

export const TEST_SECRET = 'test-secret-that-is-long-enough-for-hs256-000';

export function testConfig(overrides: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    JWT_SECRET: TEST_SECRET,
    DATA_DIR: 'memory://',
    WEB_DIST: '/nonexistent',
    ...overrides,
  });
}

/** A fresh database for one test file: PGlite from the snapshot, or a PostgreSQL copy of the template. */
export async function openTestDatabase(): Promise<Database & { url?: string }> {
  const template = inject('pgTemplate');
  if (template) {
    const base = process.env.TEST_DATABASE_URL as string;
    const name = `petshop_t_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const database = openDatabase({ url: url.toString(), dataDir: '', poolSize: 20 });
    return {
      ...database,
      url: url.toString(),
      async close() {
        await database.close();
        // pool.end() resolves before the server has seen every backend go; a forced drop would kill them mid-exit.
        for (let i = 0; i < 50; i += 1) {
          const { rows } = await admin.query('select count(*)::int as n from pg_stat_activity where datname = $1', [
            name,
          ]);
          if (rows[0].n === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
  return openDatabase({ dataDir: 'memory://', snapshot });
}

export type TestContext = Awaited<ReturnType<typeof createTestContext>>;

type UserFields = Partial<Record<'email' | 'password' | 'cpf' | 'name' | 'phone', string>>;

export interface LoggedIn {
  user: { id: number; email: string; role: string };
  token: string;
  password: string;
  auth: { authorization: string };
}

/**
 * Builds the app on a fresh database (or on `shared`, which its `close` then leaves open); call
 * `close` in afterAll.
 */
export async function createTestContext(
  overrides: Record<string, string> = {},
  shared?: Awaited<ReturnType<typeof openTestDatabase>>,
) {
  const database = shared ?? (await openTestDatabase());
  const config = testConfig(overrides);
  const app = await buildApp({ config, db: database.db, logger: false });
  // Listening: the embedded sandbox PSP is reached over HTTP, and sends its webhooks over HTTP.
  await app.listen({ port: 0, host: '127.0.0.1' });
  let seq = 0;

  const api = {
    app,
    db: database.db,
    kind: database.kind,
    /** where the app listens, e.g. http://127.0.0.1:41234 */
    baseUrl: `http://127.0.0.1:${(app.server.address() as { port: number }).port}`,
    /** PostgreSQL only: this file's own database, for a second pool in a test */
    url: database.url,
    config,
    async close() {
      await app.close();
      if (!shared) await database.close();
    },
    /** A valid, unused registration payload. */
    newUserPayload(overrides: UserFields = {}) {
      seq += 1;
      return {
        email: `cliente${seq}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
        password: 'senha-segura-123',
        cpf: generateCpf(),
        name: `Cliente ${seq}`,
        phone: '11987654321',
        ...overrides,
      };
    },
    /** Registers and logs in a customer. */
    async customer(overrides: UserFields = {}): Promise<LoggedIn> {
      const payload = api.newUserPayload(overrides);
      const created = await app.inject({ method: 'POST', url: '/api/user', payload });
      if (created.statusCode !== 201) throw new Error(`register failed: ${created.body}`);
      return api.login(payload.email, payload.password);
    },
    async login(email: string, password: string): Promise<LoggedIn> {
      const res = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
      if (res.statusCode !== 201) throw new Error(`login failed: ${res.body}`);
      const { user, token } = res.json().data as { user: { id: number; email: string; role: string }; token: string };
      return { user, token, password, auth: { authorization: `Bearer ${token}` } };
    },
    async admin(): Promise<LoggedIn> {
      seq += 1;
      const email = `admin${seq}@exemplo.com.br`;
      await ensureAdmin(database.db, email, 'admin-senha-123');
      return api.login(email, 'admin-senha-123');
    },
    /** Registers a user and makes them staff of these stores (the main store, id 1, by default). */
    async staffMember(role: StoreRole, storeIds: readonly number[] = [1]): Promise<LoggedIn> {
      const logged = await api.customer();
      await database.db.update(users).set({ role }).where(eq(users.id, logged.user.id));
      if (storeIds.length > 0)
        await database.db.insert(userStores).values(storeIds.map((storeId) => ({ userId: logged.user.id, storeId })));
      return { ...logged, user: { ...logged.user, role } };
    },
  };
  return api;
}
