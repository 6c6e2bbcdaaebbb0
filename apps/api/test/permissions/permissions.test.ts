import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helper';
import { operations, send } from './operations';
import { CELLS, type Cell, PERMISSIONS } from './permission-table';
import { buildWorld, CALLERS, type World } from './world';

let t: TestContext;
let w: World;
beforeAll(async () => {
  t = await createTestContext({ SIGNUP_IP_MAX_ATTEMPTS: '1000' });
  w = await buildWorld(t);
}, 120_000);
afterAll(() => t.close());

const matches = (cell: Cell, status: number) => {
  switch (cell) {
    case 'ok':
      return status >= 200 && status < 400;
    case 'in':
      return status !== 401 && status !== 403 && status !== 404;
    case 'no':
      return status === 403;
    case 'nf':
      return status === 404;
    case 'out':
      return status === 401;
  }
};

describe('the permission matrix', () => {
  it('has a row for every operation of the OpenAPI document, and none for an operation that is gone', () => {
    const ids = operations(t).map((op) => op.operationId);
    expect(ids.filter((id) => !PERMISSIONS[id])).toEqual([]);
    expect(Object.keys(PERMISSIONS).filter((id) => !ids.includes(id))).toEqual([]);
    for (const [id, row] of Object.entries(PERMISSIONS)) {
      const cells = row.expect.split(/\s+/);
      expect(cells.length, id).toBe(CALLERS.length);
      expect(
        cells.filter((cell) => !(CELLS as readonly string[]).includes(cell)),
        id,
      ).toEqual([]);
    }
  });

  it('answers every operation, as every role, as the table says', async () => {
    const byId = new Map(operations(t).map((op) => [op.operationId, op]));
    const wrong: string[] = [];
    let calls = 0;
    for (const [id, row] of Object.entries(PERMISSIONS)) {
      const op = byId.get(id);
      if (!op) continue;
      const cells = row.expect.split(/\s+/) as Cell[];
      const actual: string[] = [];
      for (const [i, caller] of CALLERS.entries()) {
        const res = await send(w, caller, await row.call(w, caller));
        calls += 1;
        actual.push(String(res.statusCode));
        const cell = cells[i] as Cell;
        if (!matches(cell, res.statusCode))
          wrong.push(`${id} as ${caller}: expected ${cell}, got ${res.statusCode} ${res.body.slice(0, 120)}`);
      }
      if (process.env.PERMISSIONS_PRINT) console.log(`${id}: ${actual.join(' ')}`);
    }
    console.log(`permission matrix: ${byId.size} operations × ${CALLERS.length} callers = ${calls} calls`);
    expect(wrong).toEqual([]);
  }, 300_000);
});
