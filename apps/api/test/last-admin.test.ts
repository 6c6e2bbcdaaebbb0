import { ROLES } from '@petshop/domain';
import { and, count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { type Database, openDatabase } from '../src/db/client';
import { users } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';

let t: TestContext;
/** On PostgreSQL a second app on its own pool, like a second instance; on PGlite the same app. */
let second: TestContext['app'];
let secondDb: Database | undefined;

beforeAll(async () => {
  t = await createTestContext();
  if (t.url) {
    secondDb = openDatabase({ url: t.url, dataDir: '' });
    second = await buildApp({ config: t.config, db: secondDb.db, logger: false });
    await second.ready();
  } else {
    second = t.app;
  }
});
afterAll(async () => {
  if (secondDb) {
    await second.close();
    await secondDb.close();
  }
  await t.close();
});

const liveAdmins = async () =>
  (
    await t.db
      .select({ n: count() })
      .from(users)
      .where(and(eq(users.role, ROLES.admin), isNull(users.deletedAt)))
  )[0]?.n;

const removeEachOther = (a: LoggedIn, b: LoggedIn, how: 'delete' | 'demote') => {
  const request = (app: TestContext['app'], caller: LoggedIn, target: LoggedIn) =>
    how === 'delete'
      ? app.inject({ method: 'DELETE', url: `/api/user/${target.user.id}`, headers: caller.auth })
      : app.inject({
          method: 'PUT',
          url: `/api/user/${target.user.id}`,
          headers: caller.auth,
          payload: { name: 'Ex-admin', email: target.user.email, phone: '11987654321', role: ROLES.customer },
        });
  return Promise.all([request(t.app, a, b), request(second, b, a)]);
};

describe('two admins removing each other at once (one request on each instance)', () => {
  let survivor: LoggedIn | undefined;
  it.each(['delete', 'demote'] as const)(
    '%s: one wins, the other is refused, one admin is always left',
    async (how) => {
      survivor ??= await t.admin();
      for (let round = 0; round < 6; round += 1) {
        const other = await t.admin();
        expect(await liveAdmins()).toBe(2);
        const results = await removeEachOther(survivor, other, how);
        const statuses = results.map((r) => r.statusCode).sort();
        expect(await liveAdmins(), `round ${round}: ${statuses}`).toBe(1);
        expect(statuses.filter((s) => s === 200)).toHaveLength(1);
        // The loser is refused for being the last admin, or was already out (deleted or a customer) when it came in.
        for (const res of results.filter((r) => r.statusCode !== 200)) {
          expect([401, 404, 409], res.body).toContain(res.statusCode);
          if (res.statusCode === 409) expect(res.json().code).toBe('LAST_ADMIN');
        }
        const [kept] = await t.db
          .select({ id: users.id })
          .from(users)
          .where(and(eq(users.role, ROLES.admin), isNull(users.deletedAt)));
        survivor = kept?.id === other.user.id ? other : survivor;
      }
    },
  );
});
