import { readFileSync } from 'node:fs';
import { desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema';
import { type Actor, changedFields, recordChange } from '../src/modules/audit/audit.service';
import { createTestContext, type TestContext } from './helper';

let t: TestContext;
const actor: Actor = { userId: 1, role: 'admin', storeId: null, ip: '203.0.113.7' };

beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t?.close());

const lastEntry = async () => (await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1))[0];

describe('recordChange', () => {
  it('keeps only the fields that changed, in the API shape, and no secret', async () => {
    const written = await recordChange(t.db, actor, {
      action: 'update',
      entity: 'product',
      entityId: 42,
      before: { name: 'Ração', price: 40, stock: 3, passwordHash: 'x', categories: { name: 'A' } },
      after: { name: 'Ração', price: 45.5, stock: 3, passwordHash: 'y', categories: { name: 'B' } },
    });
    expect(written).toBe(true);
    const entry = await lastEntry();
    expect(entry).toMatchObject({
      userId: 1,
      role: 'admin',
      storeId: null,
      action: 'update',
      entity: 'product',
      entityId: 42,
      ip: '203.0.113.7',
      before: { price: 40, categories: { name: 'A' } },
      after: { price: 45.5, categories: { name: 'B' } },
    });
    expect(JSON.stringify(entry)).not.toContain('passwordHash');
  });

  it('writes nothing for an update that changed nothing', async () => {
    const count = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]?.n;
    const n = await count();
    expect(
      await recordChange(t.db, actor, {
        action: 'update',
        entity: 'service',
        entityId: 1,
        before: { price: 40 },
        after: { price: 40 },
      }),
    ).toBe(false);
    expect(await count()).toBe(n);
  });

  it('keeps a creation whole, secrets out at any depth, and takes the record’s store', async () => {
    await recordChange(t.db, actor, {
      action: 'create',
      entity: 'user',
      entityId: 7,
      storeId: 3,
      after: { name: 'Ana', role: 'manager', totpSecret: 's', nested: [{ token: 't', ok: 1 }] },
    });
    const entry = await lastEntry();
    expect(entry?.before).toBeNull();
    // A person's identifiers are marked as changed, never written (LGPD).
    expect(entry?.after).toEqual({ name: '(dado pessoal)', role: 'manager', nested: [{ ok: 1 }] });
    expect(entry?.storeId).toBe(3);
  });

  it('rolls back with the write it records', async () => {
    await expect(
      t.db.transaction(async (tx) => {
        await recordChange(tx, actor, { action: 'delete', entity: 'category', entityId: 999, before: { name: 'X' } });
        throw new Error('the write failed');
      }),
    ).rejects.toThrow('the write failed');
    expect(await t.db.select().from(auditLog).where(eq(auditLog.entityId, 999))).toEqual([]);
  });

  it('refuses entity names that are not singular lower-case words', async () => {
    await expect(recordChange(t.db, actor, { action: 'update', entity: 'Products', entityId: 1 })).rejects.toThrow();
  });

  it('diffs fields present on one side only', () => {
    expect(changedFields({ a: 1, b: 2 }, { a: 1, c: 3 })).toEqual({ before: { b: 2 }, after: { c: 3 } });
  });
});

/** What a careless write would put in the log: people's identifiers in several entities, at several depths. */
const inClear = {
  employee: { name: 'Joana Pereira', phone: '11988887777', position: 'Banhista' },
  appointment: {
    status: 'Agendado',
    customer: { name: 'Ana Lima', email: 'ana.lima@exemplo.com.br', cpf: '52998224725' },
    employees: [{ name: 'Bruno Costa', id: 3 }],
    lines: [{ customerPhone: '11977776666', price: 40 }],
  },
  supplier: { name: 'Rações do Vale Ltda', contact: 'Carla, 11 96666-5555' },
  product: { name: 'Ração Premium', price: 40 },
  store: { name: 'Loja Centro', phone: '1133334444', manager: { name: 'Davi Rocha', phone: '11955554444' } },
} as const;
const CLEAR = [
  'Joana Pereira',
  '11988887777',
  'Ana Lima',
  'ana.lima@exemplo.com.br',
  '52998224725',
  'Bruno Costa',
  '11977776666',
  'Carla, 11 96666-5555',
  'Davi Rocha',
  '11955554444',
];
/** The same with the identifiers masked; what is not a person's stays. */
const masked = {
  employee: { name: '(dado pessoal)', phone: '(dado pessoal)', position: 'Banhista' },
  appointment: {
    status: 'Agendado',
    customer: { name: '(dado pessoal)', email: '(dado pessoal)', cpf: '(dado pessoal)' },
    employees: [{ name: '(dado pessoal)', id: 3 }],
    lines: [{ customerPhone: '(dado pessoal)', price: 40 }],
  },
  supplier: { name: 'Rações do Vale Ltda', contact: '(dado pessoal)' },
  product: { name: 'Ração Premium', price: 40 },
  // The store's own phone is the shop's public number; a person under it is still a person.
  store: { name: 'Loja Centro', phone: '1133334444', manager: { name: '(dado pessoal)', phone: '(dado pessoal)' } },
};

describe('personal data in the log', () => {
  it('is masked in every entity, at any depth, on both sides; a store keeps its public phone', async () => {
    for (const [entity, record] of Object.entries(inClear)) {
      await recordChange(t.db, actor, { action: 'delete', entity, entityId: 77, before: record });
      await recordChange(t.db, actor, { action: 'create', entity, entityId: 77, after: record });
    }
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityId, 77));
    expect(rows).toHaveLength(10);
    for (const row of rows)
      expect(row.before ?? row.after, row.entity).toEqual(masked[row.entity as keyof typeof masked]);
    const text = JSON.stringify(rows);
    expect(CLEAR.filter((value) => text.includes(value))).toEqual([]);
  });

  it('written in clear before, is masked by migration 0032, and the log stays append-only', async () => {
    const entries = Object.entries(inClear).map(([entity, record]) => ({
      role: 'admin',
      action: 'update',
      entity,
      entityId: 88,
      before: { ...record, note: 'antes' },
      after: record,
    }));
    await t.db.insert(auditLog).values(entries);
    const migration = readFileSync(new URL('../drizzle/0032_audit_log_personal_data.sql', import.meta.url), 'utf8');
    // As the migrator runs it: every statement in one transaction.
    await t.db.transaction(async (tx) => {
      for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement));
    });
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.entityId, 88));
    for (const row of rows) {
      expect(row.after, row.entity).toEqual(masked[row.entity as keyof typeof masked]);
      expect(row.before, row.entity).toEqual({ ...masked[row.entity as keyof typeof masked], note: 'antes' });
    }
    expect(CLEAR.filter((value) => JSON.stringify(rows).includes(value))).toEqual([]);
    const ids = rows.map((row) => row.id);
    await expectRefused(t.db.execute(sql`update audit_log set role = 'customer' where id in ${ids}`));
    await expectRefused(t.db.delete(auditLog).where(inArray(auditLog.id, ids)));
  });
});

/** Drizzle wraps the driver's error; the database's own message and code are its cause. */
const expectRefused = async (query: Promise<unknown>) => {
  const error = await query.then(
    () => undefined,
    (e: unknown) => e,
  );
  const cause = (error as { cause?: { message?: string; code?: string } } | undefined)?.cause;
  expect(cause?.message).toMatch(/append-only/);
  expect(cause?.code).toBe('42501');
};

describe('the audit log is append-only in the database', () => {
  it('refuses UPDATE, DELETE and TRUNCATE, even in raw SQL', async () => {
    await recordChange(t.db, actor, {
      action: 'update',
      entity: 'order',
      entityId: 5,
      before: { status: 'a' },
      after: { status: 'b' },
    });
    const entry = await lastEntry();
    await expectRefused(t.db.execute(sql`update audit_log set role = 'customer' where id = ${entry?.id}`));
    await expectRefused(t.db.execute(sql`delete from audit_log where id = ${entry?.id}`));
    await expectRefused(t.db.execute(sql`truncate audit_log`));
    expect((await lastEntry())?.role).toBe('admin');
  });
});
