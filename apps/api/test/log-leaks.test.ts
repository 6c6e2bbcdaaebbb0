import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { generateCpf } from '@brazilian-utils/brazilian-utils';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type App, buildApp } from '../src/app';
import { openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { messageGuards } from '../src/message-guards';
import { createMessageDelivery } from '../src/modules/messages/message-delivery';
import { smtpTransport } from '../src/modules/messages/transports';
import { openTestDatabase, testConfig } from './helper';
import { checkoutFixtures } from './support/checkout';
import { canMountTmpfs, smallDisk } from './support/full-disk';
import { findSecrets, type Secret } from './support/log-search';
import { type SmtpStandIn, startSmtpStandIn } from './support/smtp-stand-in';

/**
 * Each kind of failure made to happen for real while a sign-up's data is in flight, with the app
 * logging at 'info' as in production; then the whole log is searched for every person's e-mail,
 * CPF, phone, password, password hash and session token. Each kind must also have left its mark
 * (its code in the log, its status to the client): a failure that did not happen proves nothing.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let smtp: SmtpStandIn;
let text = '';
const logStream = new Writable({
  write(chunk, _encoding, done) {
    text += chunk.toString();
    done();
  },
});
const logger = { level: 'info', stream: logStream };
const apps: App[] = [];
const people: { email: string; cpf: string; phone: string; password: string }[] = [];
const tokens: string[] = [];
/** the failure kinds that happened, for the report */
const happened: string[] = [];

let seq = 0;
function person(overrides: { email?: string; phone?: string } = {}) {
  seq += 1;
  const p = {
    name: `Pessoa Vazada ${seq}`,
    email: `vazamento${seq}.${Math.random().toString(36).slice(2, 8)}@exemplo.com.br`,
    cpf: generateCpf(),
    phone: `119${String(Math.floor(Math.random() * 1e8)).padStart(8, '0')}`,
    password: `senha-secreta-${Math.random().toString(36).slice(2, 10)}`,
    ...overrides,
  };
  people.push(p);
  return p;
}

async function appOn(db: typeof database.db, overrides: Record<string, string> = {}) {
  const app = await buildApp({ config: testConfig({ LOG_LEVEL: 'info', ...overrides }), db, logger });
  apps.push(app);
  return app;
}

const signUp = (app: App, payload: object) => app.inject({ method: 'POST', url: '/api/user', payload });

/** Log lines (parsed) whose error has this code. */
const loggedWithCode = (code: string) =>
  text
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { err?: { code?: string; stack?: string } })
    .filter((line) => line.err?.code === code);

beforeAll(async () => {
  database = await openTestDatabase();
  smtp = await startSmtpStandIn();
});

afterAll(async () => {
  for (const app of apps) await app.close();
  await smtp?.stop();
  await database?.close();
});

describe('failures with personal data in flight', () => {
  it.runIf(onPostgres)(
    'a lock time-out (users locked by another session): 503, the log names the code only',
    async () => {
      const url = database.url as string;
      const slow = openDatabase({ url, dataDir: '', timeouts: { acquireMs: 2000, statementMs: 5000, lockMs: 300 } });
      const app = await appOn(slow.db);
      app.addHook('onClose', () => slow.close());
      const existing = person();
      expect((await signUp(app, existing)).statusCode).toBe(201);
      const locker = new pg.Client({ connectionString: url });
      await locker.connect();
      try {
        await locker.query('begin; lock table users in access exclusive mode');
        const res = await signUp(app, person());
        expect(res.statusCode).toBe(503);
        expect(res.json().code).toBe('DB_TIMEOUT');
        const login = await app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: existing.email, password: existing.password },
        });
        expect(login.statusCode).toBe(503);
      } finally {
        await locker.query('rollback');
        await locker.end();
      }
      expect(loggedWithCode('55P03').length).toBeGreaterThanOrEqual(2);
      happened.push('lock time-out');
    },
  );

  it('a constraint no module claims: 409, the log names the constraint, not the row', async () => {
    const app = await appOn(database.db);
    const victim = person();
    await database.db.execute(
      sql.raw(`alter table users add constraint leak_probe check (phone <> '${victim.phone}') not valid`),
    );
    try {
      const res = await signUp(app, victim);
      expect(res.statusCode).toBe(409);
    } finally {
      await database.db.execute(sql.raw('alter table users drop constraint leak_probe'));
    }
    const [line] = loggedWithCode('23514');
    expect(line).toMatchObject({ err: { code: '23514', constraint: 'leak_probe' } });
    expect(line?.err?.stack).toMatch(/^modules\/users\/.+\.ts:\d+:\d+$/);
    happened.push('constraint violation');
  });

  it('an SMTP server that refuses the recipient, quoting the address: the log keeps the SMTP code', async () => {
    const app = await appOn(database.db);
    const refused = person({ email: `recusado.${Date.now()}@exemplo.com.br` });
    expect((await signUp(app, refused)).statusCode).toBe(201);
    const delivery = createMessageDelivery({
      db: database.db,
      config: testConfig(),
      log: app.log,
      guards: messageGuards,
      mail: smtpTransport(smtp.url, 'PetCare <loja@exemplo.com.br>'),
    });
    try {
      const result = await delivery.run();
      expect(result.failed).toBeGreaterThanOrEqual(1);
    } finally {
      delivery.close();
    }
    expect(text).toContain('message not delivered');
    expect(text).toMatch(/SMTP [A-Z]+ 550/);
    happened.push('SMTP error');
  });

  it('a PSP that fails and echoes the payer in its error: 503 to the client, nothing of it in the log', async () => {
    let echoed = '';
    const psp: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => {
        body += chunk;
      });
      req.on('end', () => {
        res.setHeader('content-type', 'application/json');
        if (req.url?.endsWith('/oauth/token'))
          return res.end(JSON.stringify({ access_token: 'tok', expires_in: 3600 }));
        echoed = body;
        res.statusCode = 500;
        res.end(JSON.stringify({ title: 'Erro interno', detail: `falha ao processar ${body}` }));
      });
    });
    await new Promise<void>((resolve) => psp.listen(0, '127.0.0.1', resolve));
    try {
      const app = await appOn(database.db, {
        PIX_API_URL: `http://127.0.0.1:${(psp.address() as AddressInfo).port}`,
        PIX_CLIENT_ID: 'loja',
        PIX_CLIENT_SECRET: 'segredo-do-cliente',
        PIX_KEY: 'chave@exemplo.com.br',
        PIX_WEBHOOK_SECRET: 'segredo-do-webhook-123456',
      });
      const buyer = person();
      expect((await signUp(app, buyer)).statusCode).toBe(201);
      const login = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: buyer.email, password: buyer.password },
      });
      const { token, user } = login.json().data as { token: string; user: { id: number } };
      tokens.push(token);
      const shop = checkoutFixtures({ app, db: database.db } as Parameters<typeof checkoutFixtures>[0]);
      const me = { user: { ...user, email: buyer.email, role: 'customer' }, token, password: buyer.password };
      const loggedIn = { ...me, auth: { authorization: `Bearer ${token}` } };
      const productId = await shop.product(`Ração vazamento ${seq}`);
      const cartId = await shop.add(loggedIn, productId, 1);
      const addressId = await shop.address(loggedIn);
      const pay = await app.inject({
        method: 'POST',
        url: '/api/payments/pay',
        headers: loggedIn.auth,
        payload: { cartId, addressId, paymentMethod: 'Pix' },
      });
      expect(pay.statusCode).toBe(503);
      expect(pay.json().code).toBe('PSP_UNAVAILABLE');
      expect(echoed).not.toBe('');
    } finally {
      await new Promise((resolve) => psp.close(resolve));
    }
    happened.push('PSP error');
  });

  it.runIf(!onPostgres && canMountTmpfs())(
    'a full disk under the embedded database: a pt-BR 503, the log names the code only',
    async () => {
      const disk = smallDisk('96m');
      try {
        const dataDir = join(disk.dir, 'db');
        const snapshot = new Blob([readFileSync(inject('pgliteSnapshot'))]);
        const full = openDatabase({ dataDir, snapshot });
        const app = await appOn(full.db, { UPLOADS_DIR: join(disk.dir, 'uploads') });
        await full.db.execute(sql`checkpoint`);
        // The users table of a fresh database is empty: the first sign-up has to grow its files.
        disk.fill();
        const refused = person();
        const res = await signUp(app, refused);
        expect(res.statusCode).toBe(503);
        expect(res.json()).toMatchObject({ code: 'DISK_FULL', message: expect.stringMatching(/espaço/) });
        expect(text).toContain('"msg":"disk full"');
        await app.close();
        apps.splice(apps.indexOf(app), 1);
        await full.close().catch(() => undefined);
        // Space again and a restart: the refused sign-up left nothing half-written (its CPF and e-mail are free).
        disk.free();
        const reopened = openDatabase({ dataDir });
        const after = await appOn(reopened.db, { UPLOADS_DIR: join(disk.dir, 'uploads') });
        expect((await signUp(after, refused)).statusCode).toBe(201);
        await after.close();
        apps.splice(apps.indexOf(after), 1);
        await reopened.close();
      } finally {
        disk.unmount();
      }
      happened.push('disk full');
    },
  );

  it('after all of them, the whole log holds no e-mail, CPF, phone, password, hash or token', async () => {
    const created = await database.db.select({ email: users.email, hash: users.passwordHash }).from(users);
    const known = new Set(people.map((p) => p.email.toLowerCase()));
    for (const row of created) if (known.has(row.email) && row.hash) hashes.push(row.hash);
    const secrets: Secret[] = [
      ...people.flatMap((p) => [
        { field: `e-mail ${p.email}`, value: p.email },
        { field: `CPF of ${p.email}`, value: p.cpf },
        { field: `phone of ${p.email}`, value: p.phone },
        { field: `password of ${p.email}`, value: p.password },
      ]),
      ...hashes.map((hash, i) => ({ field: `password hash ${i}`, value: hash })),
      ...tokens.map((token, i) => ({ field: `session token ${i}`, value: token })),
      // Any password hash at all, also of a sign-up that never reached the table.
      { field: 'a scrypt hash', value: 'scrypt$' },
      { field: 'SQL text', value: 'insert into' },
      { field: "Drizzle's parameters", value: 'params:' },
    ];
    expect(text).toContain('"msg":"request completed"');
    console.info(
      `log-leak check: ${happened.length} failure kinds (${happened.join(', ')}) × ${secrets.length} values ` +
        `(${people.length} people × e-mail, CPF, phone, password; ${hashes.length} hashes; ${tokens.length} tokens; ` +
        `any scrypt hash, SQL text, Drizzle parameters) in ${text.split('\n').length} log lines`,
    );
    expect(findSecrets(text, secrets)).toEqual([]);
    expect(happened.length).toBeGreaterThanOrEqual(4);
  });
});

const hashes: string[] = [];
