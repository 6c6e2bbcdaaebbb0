import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helper';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
});
afterAll(() => t.close());

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
  responses?: Record<string, unknown>;
}
type Document = {
  tags: { name: string }[];
  servers?: { url: string }[];
  paths: Record<string, Record<string, Operation>>;
};

const operations = () => {
  const document = t.app.swagger() as unknown as Document;
  return Object.entries(document.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ ...op, path, method: method.toUpperCase() })),
  );
};

/** A path with each parameter filled: ids that exist nowhere, a well-formed txid, a CEP. */
const concrete = (path: string) =>
  path.replace(/\{(\w+)\}/g, (_, name: string) =>
    name === 'txid' ? 'a'.repeat(26) : name === 'cep' ? '01001000' : name === 'name' ? 'racao' : '999999',
  );

describe('the OpenAPI document', () => {
  it('names every operation once, with a summary, a declared tag and its security', () => {
    const document = t.app.swagger() as unknown as Document;
    const all = operations();
    const ids = all.map((op) => op.operationId);
    expect(ids.filter((id) => !id)).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
    expect(all.filter((op) => !op.summary).map((op) => `${op.method} ${op.path}`)).toEqual([]);
    const tags = new Set(document.tags.map((tag) => tag.name));
    expect(all.filter((op) => op.tags?.length !== 1 || !tags.has(op.tags[0] as string)).map((op) => op.path)).toEqual(
      [],
    );
    expect(all.filter((op) => !Array.isArray(op.security)).map((op) => `${op.method} ${op.path}`)).toEqual([]);
    expect(all.filter((op) => !Object.keys(op.responses ?? {}).some((s) => /^4/.test(s))).map((op) => op.path)).toEqual(
      [],
    );
    expect(document.servers?.length).toBeGreaterThan(0);
  });

  it('says what the server enforces: a session where it asks for one, none where it says public', async () => {
    const wrong: string[] = [];
    for (const op of operations()) {
      const res = await t.app.inject({
        method: op.method as 'GET',
        url: concrete(op.path),
        ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { payload: {} } : {}),
      });
      const needsSession = op.security?.some((s) => 'bearer' in s) ?? false;
      const needsSecret = op.security?.some((s) => !('bearer' in s)) ?? false;
      const refused = res.statusCode === 401;
      if (refused !== (needsSession || needsSecret)) wrong.push(`${op.method} ${op.path} → ${res.statusCode}`);
    }
    expect(wrong).toEqual([]);
  });

  it('documents the staff-only operations with 403, and a customer gets it there', async () => {
    const customer = await t.customer();
    const staffOnly = operations().filter(
      (op) => op.path.includes('/admin/') || (op.path === '/api/user' && op.method === 'GET'),
    );
    expect(staffOnly.length).toBeGreaterThan(5);
    for (const op of staffOnly) {
      expect(Object.keys(op.responses ?? {}), `${op.method} ${op.path}`).toContain('403');
      const res = await t.app.inject({
        method: op.method as 'GET',
        url: concrete(op.path),
        headers: customer.auth,
        ...(['POST', 'PUT', 'PATCH'].includes(op.method) ? { payload: {} } : {}),
      });
      expect(res.statusCode, `${op.method} ${op.path}`).toBe(403);
    }
  });
});
