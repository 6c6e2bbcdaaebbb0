import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { ownsTheSchema } from '../src/db/app-role';
import { type Database, openDatabase } from '../src/db/client';
import { prepareDatabase } from '../src/db/prepare';
import { testConfig } from './helper';

/**
 * The app signs in as a role that owns nothing; the migrations run as the owner
 * (DATABASE_OWNER_URL). Whatever the app's role is made to run, it cannot switch the audit log's
 * trigger off, change the tables or rewrite the past. PostgreSQL only: PGlite has one user.
 */
const onPostgres = process.env.TEST_DB === 'postgres' && Boolean(process.env.TEST_DATABASE_URL);
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

// Roles belong to the cluster, not to a database: fixed names, made once and kept.
const OWNER_ROLE = 'petshop_test_owner';
const APP_ROLE = 'petshop_test_app';
const ADMIN = { email: 'dono@papeis.test', password: 'senha-do-dono-123' };
const NOT_ALLOWED = '42501';

const urlAs = (base: string, role: string, database: string) => {
  const url = new URL(base);
  url.username = role;
  url.password = '';
  url.pathname = `/${database}`;
  return url.toString();
};

async function ensureRole(admin: pg.Client, role: string, extra: string) {
  // Two runs on one cluster may race to make it: the loser's duplicate is fine.
  await admin.query(
    `do $$ begin create role ${role} login nosuperuser ${extra}; exception when duplicate_object then null; end $$`,
  );
}

describe.skipIf(!onPostgres)('the app on a role that owns nothing', () => {
  const base = process.env.TEST_DATABASE_URL as string;
  const name = `petshop_roles_${process.pid}_${Math.random().toString(36).slice(2, 8)}`;
  const config = testConfig({ ADMIN_EMAIL: ADMIN.email, ADMIN_PASSWORD: ADMIN.password });
  const warnings: string[] = [];
  const log = { info: () => undefined, warn: (message: unknown) => warnings.push(String(message)) };
  let admin: pg.Client;
  let owner: Database;
  let appDatabase: Database;
  let app: Awaited<ReturnType<typeof buildApp>>;
  /** A plain connection as the app's role, to try what a compromised app would. */
  let asApp: pg.Client;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await ensureRole(admin, OWNER_ROLE, 'createdb');
    await ensureRole(admin, APP_ROLE, '');
    await admin.query(`create database ${name} owner ${OWNER_ROLE}`);
    owner = openDatabase({ url: urlAs(base, OWNER_ROLE, name), dataDir: '', poolSize: 2 });
    appDatabase = openDatabase({ url: urlAs(base, APP_ROLE, name), dataDir: '', poolSize: 5 });
    app = await buildApp({ config, db: appDatabase.db, logger: false });
    await prepareDatabase(appDatabase, config, log, {
      database: owner,
      installJobs: (ownerDb) => app.jobs.install(ownerDb),
    });
    await app.jobs.start();
    asApp = new pg.Client({ connectionString: urlAs(base, APP_ROLE, name) });
    await asApp.connect();
  });

  afterAll(async () => {
    await asApp?.end();
    await app?.close();
    await appDatabase?.close();
    await owner?.close();
    await admin?.query(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  it('serves the shop: the owner signs in, a staff write lands with its audit entry, the jobs run', async () => {
    const login = await app.inject({ method: 'POST', url: '/api/auth/login', payload: ADMIN });
    expect(login.statusCode).toBe(201);
    const auth = { authorization: `Bearer ${login.json().data.token}` };
    const [category] = (await asApp.query('select id from categories order by id limit 1')).rows;
    const [species] = (await asApp.query('select id from species order by id limit 1')).rows;
    const created = await app.inject({
      method: 'POST',
      url: '/api/products',
      headers: auth,
      payload: {
        name: 'Ração dos papéis 1kg',
        description: 'Produto criado pelo papel do app.',
        price: 19.9,
        stock: 4,
        category_id: category.id,
        species_id: species.id,
        url: '/products/racao.svg',
      },
    });
    expect(created.statusCode).toBe(201);
    const { rows } = await asApp.query(
      `select action, entity from audit_log where entity = 'product' and entity_id = $1`,
      [created.json().data.id],
    );
    expect(rows).toEqual([{ action: 'create', entity: 'product' }]);
    // pg-boss's queues were made by the owner; the app's role queues and reads jobs in them.
    expect(Object.keys(await app.jobs.queued()).length).toBeGreaterThan(0);
    expect(warnings).toEqual([]);
  });

  it.each([
    ['disables the audit trigger', 'alter table audit_log disable trigger all'],
    ['deletes an audit entry', 'delete from audit_log'],
    ['rewrites an audit entry', `update audit_log set action = 'nada'`],
    ['empties the audit log', 'truncate audit_log'],
    ['alters a table', 'alter table products add column sneaky int'],
    ['drops a table', 'drop table orders'],
    ['creates a table', 'create table sneaky (id int)'],
    ['creates a table in the jobs schema', 'create table pgboss.sneaky (id int)'],
    ['turns every trigger off for its session', 'set session_replication_role = replica'],
  ])('refuses the app role when it %s', async (_what, statement) => {
    // The privilege system's refusal, not the audit trigger's (which answers 42501 too).
    await expect(asApp.query(statement)).rejects.toMatchObject({
      code: NOT_ALLOWED,
      message: expect.stringMatching(/^(permission denied|must be owner)/),
    });
  });

  it('leaves the audit log as it was after every refusal', async () => {
    const { rows } = await asApp.query(`select count(*)::int as n from audit_log where entity = 'product'`);
    expect(rows[0].n).toBe(1);
  });

  it('knows which role could change the rules: the owner does, the app does not', async () => {
    expect(await ownsTheSchema(appDatabase.db)).toBe(false);
    expect(await ownsTheSchema(owner.db)).toBe(true);
  });

  it('starts again on the same database, and grants a table a later migration adds', async () => {
    await owner.db.execute(sql`create table later_table (id int)`);
    await prepareDatabase(appDatabase, config, log, {
      database: owner,
      installJobs: (ownerDb) => app.jobs.install(ownerDb),
    });
    await asApp.query('insert into later_table values (1)');
    const { rows } = await asApp.query('select count(*)::int as n from later_table');
    expect(rows[0].n).toBe(1);
  });

  it('warns at start when the app signs in as the owner', async () => {
    const ownerWarnings: string[] = [];
    await prepareDatabase(owner, config, {
      info: () => undefined,
      warn: (message: unknown) => ownerWarnings.push(String(message)),
    });
    expect(ownerWarnings.join('\n')).toContain('DATABASE_OWNER_URL');
  });
});
