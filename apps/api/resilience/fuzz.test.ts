import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/helper';
import { type ApiProcess, call, killAllApiProcesses, startApiProcess } from '../test/support/api-process';
import { type FakeCep, startFakeCep } from '../test/support/fake-cep';
import { findSecrets } from '../test/support/log-search';
import { insertAddress, insertProduct, pixOrder, type RemoteCustomer, signUp } from '../test/support/remote-shop';
import { type FuzzCase, hostileCases, type Operation, ownedIds } from './support/hostile-input';

/**
 * Every operation of the OpenAPI document, as the running process publishes it, called with
 * hostile input: control characters and huge strings in every field, wrong types, ids that are
 * not plain positive integers, no token, another customer's token. No answer may be a 5xx, every
 * 4xx is the API's pt-BR error body, the process lives, and its log leaks nothing.
 */
const ADMIN = { email: 'dono.fuzz@exemplo.com.br', password: 'senha-do-dono-fuzz-123' };
const CONCURRENCY = 8;

let database: Awaited<ReturnType<typeof openTestDatabase>>;
let cep: FakeCep;
let api: ApiProcess;

beforeAll(async () => {
  database = await openTestDatabase();
  cep = await startFakeCep([{ cep: '01310100', state: 'SP', city: 'São Paulo', street: 'Avenida Paulista' }]);
  api = await startApiProcess({
    databaseUrl: database.url,
    env: {
      LOG_LEVEL: 'info',
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      CEP_API_URL: cep.baseUrl,
      // The fuzz sends thousands of requests from one address: the limits stay out of its way.
      LOGIN_MAX_ATTEMPTS: '100000',
      LOGIN_ACCOUNT_MAX_ATTEMPTS: '100000',
      LOGIN_IP_MAX_ATTEMPTS: '100000',
      SIGNUP_IP_MAX_ATTEMPTS: '100000',
      FORGOT_PASSWORD_MAX: '100000',
      CEP_RATE_LIMIT_PER_MINUTE: '100000',
    },
  });
});
afterAll(async () => {
  await killAllApiProcesses();
  await cep?.close();
  await database?.close();
});

/** English words an error message of this API never has (it speaks pt-BR). */
const ENGLISH =
  /\b(the|must|should|invalid|required|expected|not found|error|body|request|unsupported|route|allowed|too many|unauthorized|forbidden)\b/i;

async function login(email: string, password: string) {
  const res = await call(api.base, '/api/auth/login', { method: 'POST', body: { email, password } });
  if (res.status !== 201) throw new Error(`login failed: ${res.text}`);
  return (res.json.data as { token: string }).token;
}

async function runAll(cases: FuzzCase[]) {
  const results: { fuzz: FuzzCase; status: number; text: string; contentType: string }[] = [];
  let next = 0;
  const worker = async () => {
    while (next < cases.length) {
      const fuzz = cases[next] as FuzzCase;
      next += 1;
      try {
        const res = await fetch(`${api.base}${fuzz.path}`, {
          method: fuzz.method,
          headers: fuzz.headers,
          body: fuzz.body,
          signal: AbortSignal.timeout(20_000),
        });
        results.push({
          fuzz,
          status: res.status,
          text: await res.text(),
          contentType: res.headers.get('content-type') ?? '',
        });
      } catch (error) {
        results.push({ fuzz, status: 0, text: String(error), contentType: '' });
      }
    }
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return results;
}

describe('hostile input on every operation', () => {
  it('never a 5xx, every 4xx the pt-BR error body, nothing secret in the log', async () => {
    const owner: RemoteCustomer = await signUp(api.base, 'dono');
    const other: RemoteCustomer = await signUp(api.base, 'outro');
    const adminToken = await login(ADMIN.email, ADMIN.password);
    const ids = await ownedIds(api.base, database.db, owner, {
      insertAddress,
      insertProduct,
      pixOrder,
    });

    const doc = (await call(api.base, '/api/docs/json')).json as { paths: Record<string, Record<string, Operation>> };
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops).map(([method, op]) => ({ ...op, path, method: method.toUpperCase() })),
    );
    // Admin-only operations get their hostile input with the admin's token, so it reaches validation.
    const adminOnly = new Set<string>();
    for (const op of operations.filter((o) => o.security?.length)) {
      const probe = hostileCases(op, owner.token, { other: other.token }, ids).find((c) => c.label === 'no token');
      if (!probe) continue;
      const res = await fetch(`${api.base}${probe.path}`, {
        method: op.method,
        headers: {
          authorization: `Bearer ${owner.token}`,
          ...(op.requestBody ? { 'content-type': 'application/json' } : {}),
        },
        body: op.requestBody ? '{}' : undefined,
      });
      await res.body?.cancel();
      if (res.status === 403) adminOnly.add(`${op.method} ${op.path}`);
    }
    const cases = operations.flatMap((op) =>
      hostileCases(
        op,
        adminOnly.has(`${op.method} ${op.path}`) ? adminToken : owner.token,
        { other: other.token },
        ids,
      ),
    );
    const started = Date.now();
    const results = await runAll(cases);
    const seconds = (Date.now() - started) / 1000;

    const histogram: Record<string, number> = {};
    for (const r of results) histogram[r.status] = (histogram[r.status] ?? 0) + 1;
    const perOperation = cases.length / operations.length;
    console.info(
      `fuzz: ${operations.length} operations (${adminOnly.size} admin-only) × ${perOperation.toFixed(1)} inputs on average = ${cases.length} requests ` +
        `in ${seconds.toFixed(1)} s; statuses ${JSON.stringify(histogram)}`,
    );

    const describeCase = (r: (typeof results)[number]) =>
      `${r.fuzz.method} ${r.fuzz.path.slice(0, 160)} [${r.fuzz.label}] → ${r.status} ${r.text.slice(0, 200)}`;
    // One 5xx is by design: a Google sign-in on a server with no Google client id (a 503 the web
    // app shows as it is). Any other is a bug.
    const byDesign = (r: (typeof results)[number]) =>
      r.status === 503 && r.fuzz.path === '/api/auth/google' && r.text.includes('"code":"GOOGLE_NOT_CONFIGURED"');
    expect(results.filter((r) => r.status === 0 || (r.status >= 500 && !byDesign(r))).map(describeCase)).toEqual([]);

    // The API's own routes answer errors in one shape and in Portuguese. The sandbox PSP speaks the
    // Banco Central's API (problem+json), as a real PSP would.
    const ours = results.filter((r) => r.status >= 400 && !r.fuzz.path.startsWith('/api/sandbox/pix/v2'));
    const badBodies = ours.filter((r) => {
      if (!r.contentType.includes('application/json')) return true;
      const body = JSON.parse(r.text) as { message?: unknown; code?: unknown };
      return (
        typeof body.message !== 'string' ||
        typeof body.code !== 'string' ||
        !/^[A-Z][A-Z0-9_]+$/.test(body.code) ||
        ENGLISH.test(body.message)
      );
    });
    expect(badBodies.map(describeCase)).toEqual([]);

    // Someone else's token never reaches the owner's things.
    const trespass = results.filter((r) => r.fuzz.label === "another customer's token" && r.status < 400);
    expect(trespass.map(describeCase)).toEqual([]);

    expect((await call(api.base, '/api/health')).status).toBe(200);

    const users = await database.db.execute(
      sql`select email, cpf, password_hash from users where password_hash is not null`,
    );
    const secrets = (users as unknown as { rows: { email: string; cpf: string; password_hash: string }[] }).rows;
    // The start banner names the configured owner account on purpose (the operator's own ADMIN_EMAIL,
    // on the terminal); everything else the process wrote is searched.
    const log = api
      .output()
      .split('\n')
      .filter((line) => !line.includes('Conta do painel:'))
      .join('\n');
    expect(log).toContain('"msg":"request completed"');
    // CPFs are looked for as numbers of their own: the admin's seed CPF 00000000191 used to turn up
    // inside a response time now and then (see findSecrets).
    const leaked = findSecrets(log, [
      ...secrets.flatMap(({ email, cpf, password_hash }) => [
        { field: 'e-mail', value: email },
        { field: 'CPF', value: cpf },
        { field: 'password hash', value: password_hash },
      ]),
      ...[owner.token, other.token, adminToken].map((value) => ({ field: 'a token', value })),
    ]);
    expect(leaked).toEqual([]);
    // Requests are logged by path: no query string (hmac secrets, searches, reset tokens).
    expect(log.match(/"url":"[^"]*\?[^"]*"/g) ?? []).toEqual([]);
  }, 300_000);
});
