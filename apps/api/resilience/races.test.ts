import { addDays, businessMoment } from '@petshop/domain';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employees, pets, services } from '../src/db/schema';
import { ensureAdmin } from '../src/modules/users/admin-account';
import { openTestDatabase } from '../test/helper';
import { type ApiProcess, call, killAllApiProcesses, startApiProcess } from '../test/support/api-process';
import { onePrice } from '../test/support/booking';
import { checkout, insertAddress, insertProduct, type RemoteCustomer, signUp } from '../test/support/remote-shop';
import { brokenInvariants } from './support/shop-invariants';

/**
 * Two API processes on one PostgreSQL database, the same request sent to both at once: the
 * database decides, whichever process asks. Counted in SQL afterwards.
 */
const redisUrl = process.env.TEST_REDIS_URL;
let database: Awaited<ReturnType<typeof openTestDatabase>>;
let a: ApiProcess;
let b: ApiProcess;

beforeAll(async () => {
  database = await openTestDatabase();
  // With Redis (CI sets TEST_REDIS_URL) the two share sessions' login budgets, as in production.
  const env = { LOG_LEVEL: 'warn', ...(redisUrl ? { REDIS_URL: redisUrl } : {}) };
  [a, b] = await Promise.all([
    startApiProcess({ databaseUrl: database.url, env }),
    startApiProcess({ databaseUrl: database.url, env }),
  ]);
});
afterAll(async () => {
  await killAllApiProcesses();
  await database?.close();
});

const rows = async <T>(query: ReturnType<typeof sql>) =>
  ((await database.db.execute(query)) as unknown as { rows: T[] }).rows;
/** Alternates between the two processes. */
const either = (i: number) => (i % 2 === 0 ? a : b).base;
const statuses = (answers: { status: number }[]) => answers.map((r) => r.status).sort();

async function login(email: string, password: string) {
  const res = await call(a.base, '/api/auth/login', { method: 'POST', body: { email, password } });
  return res.json.data as { user: { id: number }; token: string };
}

describe('two processes racing', () => {
  it('the same account deleted from both at once: deleted once', async () => {
    const who = await signUp(a.base, 'apaga');
    const before = await rows<{ version: number }>(
      sql`select token_version as version from users where id = ${who.id}`,
    );
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        call(either(i), `/api/user/${who.id}`, { method: 'DELETE', token: who.token }),
      ),
    );
    // DELETE is idempotent: those that crossed the first one may say 200 too; what counts is below.
    expect(answers.filter((r) => ![200, 401, 404].includes(r.status))).toEqual([]);
    const [user] = await rows<{ deleted: boolean; email: string; version: number }>(
      sql`select deleted_at is not null as deleted, email, token_version as version from users where id = ${who.id}`,
    );
    expect(user?.deleted).toBe(true);
    expect(user?.email).toBe(`excluida-${who.id}@anonimo.invalid`);
    // The soft delete itself ran once (each run moves the token version).
    expect(user?.version).toBe((before[0]?.version ?? 0) + 1);
    expect((await call(b.base, `/api/user/${who.id}`, { token: who.token })).status).toBe(401);
  });

  it.runIf(redisUrl)(
    'twenty wrong passwords at once across both (Redis): five are checked, fifteen get 429',
    async () => {
      const who = await signUp(a.base, 'senha');
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          call(either(i), '/api/auth/login', {
            method: 'POST',
            body: { email: who.email, password: 'senha-errada-1' },
          }),
        ),
      );
      expect(statuses(answers)).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    },
  );

  it('two admins deleting each other, one on each process: one admin is left', async () => {
    await ensureAdmin(database.db, 'admin.um@exemplo.com.br', 'senha-admin-um-123');
    await ensureAdmin(database.db, 'admin.dois@exemplo.com.br', 'senha-admin-dois-123');
    const one = await login('admin.um@exemplo.com.br', 'senha-admin-um-123');
    const two = await login('admin.dois@exemplo.com.br', 'senha-admin-dois-123');
    const answers = await Promise.all([
      call(a.base, `/api/user/${two.user.id}`, { method: 'DELETE', token: one.token }),
      call(b.base, `/api/user/${one.user.id}`, { method: 'DELETE', token: two.token }),
    ]);
    expect(answers.filter((r) => r.status >= 500)).toEqual([]);
    const [admins] = await rows<{ n: number }>(
      sql`select count(*)::int as n from users where role = 'admin' and deleted_at is null`,
    );
    expect(admins?.n).toBe(1);
    expect(statuses(answers)).toEqual([200, 409]);
  });

  it('ten customers on two processes paying for the last unit: one order', async () => {
    const productId = await insertProduct(database.db, 'Última unidade', 1);
    const buyers: { who: RemoteCustomer; addressId: number }[] = [];
    for (let i = 0; i < 10; i += 1) {
      const who = await signUp(either(i), 'ultima');
      buyers.push({ who, addressId: await insertAddress(database.db, who.id) });
    }
    const answers = await Promise.all(
      buyers.map(({ who, addressId }, i) =>
        checkout(either(i), who, addressId, [[productId, 1]], i % 2 ? 'Pix' : 'Cartão de Crédito'),
      ),
    );
    expect(answers.filter((r) => r.status >= 500)).toEqual([]);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status !== 201).every((r) => r.status === 409)).toBe(true);
    expect(await brokenInvariants(database.db, new Map([[productId, 1]]))).toEqual({});
    const [stock] = await rows<{ stock: number }>(sql`select stock from products where id = ${productId}`);
    expect(stock?.stock).toBe(0);
  });

  it('ten customers on two processes booking the same slot: one appointment', async () => {
    const [service] = await database.db
      .insert(services)
      .values({ name: 'Banho da corrida', description: '', ...onePrice(5000) })
      .returning({ id: services.id });
    const [employee] = await database.db
      .insert(employees)
      .values({ name: 'Bia Corrida', phone: '11987654321', position: 'Banhista', serviceId: service?.id ?? 0 })
      .returning({ id: employees.id });
    let date = addDays(businessMoment().date, 2);
    if (new Date(`${date}T12:00:00Z`).getUTCDay() === 0) date = addDays(date, 1);
    const bookers = [];
    for (let i = 0; i < 10; i += 1) {
      const who = await signUp(either(i), 'vaga');
      const [pet] = await database.db
        .insert(pets)
        .values({ userId: who.id, name: `Rex ${i}`, age: 3, specie: 'Cachorro', size: 'Médio' })
        .returning({ id: pets.id });
      bookers.push({ who, petId: pet?.id });
    }
    const answers = await Promise.all(
      bookers.map(({ who, petId }, i) =>
        call(either(i), '/api/appointments', {
          method: 'POST',
          token: who.token,
          body: {
            service_id: service?.id,
            employer_id: employee?.id,
            pet_id: petId,
            appointment_date: date,
            appointment_time: '14:00',
          },
        }),
      ),
    );
    expect(answers.filter((r) => r.status >= 500)).toEqual([]);
    expect(answers.filter((r) => r.status === 201)).toHaveLength(1);
    expect(answers.filter((r) => r.status !== 201).every((r) => r.status === 409)).toBe(true);
    const [booked] = await rows<{ n: number }>(
      sql`select count(*)::int as n from appointments where employee_id = ${employee?.id} and status <> 'Cancelado'`,
    );
    expect(booked?.n).toBe(1);
  });
});
