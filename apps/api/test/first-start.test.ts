import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../src/app';
import { prepareDatabase } from '../src/db/prepare';
import { messages, users } from '../src/db/schema';
import { DEMO_OWNER_EMAIL } from '../src/db/seed/demo-owner';
import { startBanner } from '../src/lib/start-banner';
import { messageGuards } from '../src/message-guards';
import { createMessageDelivery } from '../src/modules/messages/message-delivery';
import { openTestDatabase, testConfig } from './helper';

// Demo data and scrypt hashes: room for a loaded machine.
vi.setConfig({ testTimeout: 120_000 });

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let app: Awaited<ReturnType<typeof buildApp>>;
// A PostgreSQL database gets demo data only when asked; the embedded one always when empty.
const config = testConfig({ SEED_DEMO: '1' });
const quiet = { info: () => undefined, warn: () => undefined };

beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ config, db: database.db, logger: false });
});
afterAll(async () => {
  await app?.close();
  await database?.close();
});

const login = (email: string, password: string) =>
  app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });

describe('the first start of an empty database with demo data', () => {
  let password: string;

  it('creates the demo owner, an admin, and hands its password out once', async () => {
    const signIn = await prepareDatabase(database, config, quiet);
    expect(signIn).toMatchObject({ source: 'demo', email: DEMO_OWNER_EMAIL });
    if (signIn.source !== 'demo' || !signIn.password) throw new Error('no password on the first start');
    password = signIn.password;
    expect(password).toMatch(/^[\w]{4}-[\w]{4}-[\w]{4}$/);

    const res = await login(DEMO_OWNER_EMAIL, password);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.user.role).toBe('admin');
    // Stored only as a hash.
    const [row] = await database.db.select().from(users).where(eq(users.email, DEMO_OWNER_EMAIL));
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(JSON.stringify(row)).not.toContain(password);
  });

  it('the banner names the account and the password on that start only', () => {
    const first = startBanner({
      url: 'http://localhost:3000',
      db: database.kind,
      signIn: { source: 'demo', email: DEMO_OWNER_EMAIL, password },
      smtp: false,
    }).join('\n');
    expect(first).toContain(`Conta do painel: ${DEMO_OWNER_EMAIL}  senha: ${password}`);
    expect(first).toContain('http://localhost:3000/login');
    expect(first).toContain('caixa de desenvolvimento (Painel → Mensagens)');
  });

  it('a restart keeps the account and its password, and shows no password', async () => {
    const again = await prepareDatabase(database, config, quiet);
    expect(again).toEqual({ source: 'demo', email: DEMO_OWNER_EMAIL });
    expect((await login(DEMO_OWNER_EMAIL, password)).statusCode).toBe(201);
    const banner = startBanner({ url: 'http://localhost:3000', db: database.kind, signIn: again, smtp: true });
    expect(banner.join('\n')).not.toMatch(/senha: \S/);
    expect(banner.join('\n')).not.toContain('caixa de desenvolvimento');
  });

  it('a configured ADMIN_EMAIL is the account the banner names, with no password of its own', async () => {
    const configured = testConfig({
      SEED_DEMO: '1',
      ADMIN_EMAIL: 'gerente@exemplo.com.br',
      ADMIN_PASSWORD: 'senha-da-gerente',
    });
    const signIn = await prepareDatabase(database, configured, quiet);
    expect(signIn).toEqual({ source: 'config', email: 'gerente@exemplo.com.br' });
    const banner = startBanner({ url: 'http://localhost:3000', db: database.kind, signIn, smtp: false }).join('\n');
    expect(banner).toContain('gerente@exemplo.com.br com a senha de ADMIN_PASSWORD');
    expect(banner).not.toContain('senha-da-gerente');
  });
});

describe('e-mails held without SMTP', () => {
  it('are announced once: a restart does not log the held ones again', async () => {
    const logged: unknown[] = [];
    const log = Object.assign(Object.create(app.log), { info: (...args: unknown[]) => logged.push(args) });
    const hold = (key: string) =>
      database.db.insert(messages).values({
        channel: 'email',
        kind: 'account-created',
        eventKey: key,
        recipient: 'cliente@exemplo.com.br',
        payload: { name: 'Cliente' },
      });
    const firstRun = createMessageDelivery({ db: database.db, config, log, guards: messageGuards });
    await hold('held:1');
    await firstRun.run();
    await firstRun.run();
    expect(logged).toHaveLength(1);

    // The next start: the one already announced stays quiet, a new one is announced.
    const restarted = createMessageDelivery({ db: database.db, config, log, guards: messageGuards });
    await restarted.run();
    expect(logged).toHaveLength(1);
    await hold('held:2');
    await restarted.run();
    expect(logged).toHaveLength(2);
  });
});
