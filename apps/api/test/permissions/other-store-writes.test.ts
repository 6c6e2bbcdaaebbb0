import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../helper';
import { PERMISSIONS, type Request } from './permission-table';
import { buildWorld, type World } from './world';

/**
 * Store scope on every write: every POST/PUT/PATCH/DELETE operation of the OpenAPI document, called by
 * the manager of store B with its permission row's request (which aims at store A's records, or
 * writes stock without naming a store), must leave store A exactly as it was, read in SQL before and
 * after each call. A new write route gets its row in permission-table.ts, and so is walked here too.
 */

let t: TestContext;
let w: World;
beforeAll(async () => {
  t = await createTestContext({ SIGNUP_IP_MAX_ATTEMPTS: '1000' });
  w = await buildWorld(t);
}, 120_000);
afterAll(() => t.close());

/** A write by the owner, for the set-up of a request. */
async function asOwner(w: World, method: 'POST' | 'PUT', url: string, payload: object) {
  const res = await w.t.app.inject({ method, url: `/api${url}`, headers: w.as.admin.auth, payload });
  if (res.statusCode >= 300) throw new Error(`${url} failed: ${res.body}`);
  return res.json().data as { id: number };
}

const employeeOf = (w: World, storeId: number) => ({
  name: 'Banhista da matriz',
  phone: '11987654321',
  position: 'Banhista',
  service_id: w.serviceId,
  store_id: storeId,
});

/**
 * Where a row's own request leaves store A out (or is refused before any store matters), the same
 * operation aimed at store A through a record of store B.
 */
const AIMED_AT_STORE_A: Record<string, (w: World) => Request | Promise<Request>> = {
  // without store_id a manager's new employee joins the manager's store
  createEmployee: (w) => ({ method: 'POST', url: '/api/employers', payload: employeeOf(w, w.storeA) }),
  // store B's own employee, moved into store A's staff
  updateEmployee: async (w) => ({
    method: 'PUT',
    url: `/api/employers/${(await asOwner(w, 'POST', '/employers', employeeOf(w, w.storeB))).id}`,
    payload: employeeOf(w, w.storeA),
  }),
  // store B's employee linked to the account of store A's receptionist
  inviteEmployee: async (w) => ({
    method: 'POST',
    url: `/api/employers/${(await asOwner(w, 'POST', '/employers', employeeOf(w, w.storeB))).id}/invite`,
    payload: { email: w.as.reception.user.email, role: 'professional' },
  }),
  // a transfer from store B to store A is received at A, by A's staff only
  receiveStockTransfer: async (w) => {
    await asOwner(w, 'POST', '/stock/adjustments', {
      storeId: w.storeB,
      productId: w.productId,
      delta: 1,
      reason: 'ajuste',
    });
    const sent = await asOwner(w, 'POST', `/stores/${w.storeB}/transfers`, {
      toStoreId: w.storeA,
      items: [{ productId: w.productId, quantity: 1 }],
    });
    return { method: 'POST', url: `/api/transfers/${sent.id}/receive` };
  },
  updateStore: (w) => ({
    method: 'PUT',
    url: `/api/stores/${w.storeA}`,
    payload: {
      name: 'Loja tomada',
      phone: '1133334444',
      street: 'Avenida Paulista',
      number: '1000',
      district: 'Bela Vista',
      cep: '01310100',
      state_id: 35,
      city_id: 3550308,
    },
  }),
};

/** Store A's records, one digest per kind: any row added, removed or changed changes its digest. */
const PARTS: Record<string, (store: number) => SQL> = {
  'stock per product': (s) => sql`select * from store_stock where store_id = ${s}`,
  'stock ledger': (s) => sql`select * from stock_movements where store_id = ${s}`,
  store: (s) => sql`select * from stores where id = ${s}`,
  'store hours': (s) => sql`select * from store_hours where store_id = ${s}`,
  // store A's staff accounts and every store they work in (an account of A taken into B included)
  'staff accounts': (s) => sql`select * from users where id in (select user_id from user_stores where store_id = ${s})`,
  'staff stores': (s) =>
    sql`select * from user_stores where user_id in (select user_id from user_stores where store_id = ${s})`,
  employees: (s) => sql`select * from employees where store_id = ${s}`,
  'employee hours': (s) =>
    sql`select * from employee_hours where employee_id in (select id from employees where store_id = ${s})`,
  'employee days off': (s) =>
    sql`select * from employee_days_off where employee_id in (select id from employees where store_id = ${s})`,
  appointments: (s) => sql`select * from appointments where store_id = ${s}`,
  orders: (s) => sql`select * from orders where store_id = ${s}`,
  'order timeline': (s) =>
    sql`select * from order_status_events where order_id in (select id from orders where store_id = ${s})`,
  'order payments': (s) =>
    sql`select * from payments where id in (select payment_id from orders where store_id = ${s})`,
  'order refunds': (s) =>
    sql`select * from payment_refunds where payment_id in (select payment_id from orders where store_id = ${s})`,
  'cash sessions': (s) => sql`select * from pos_sessions where store_id = ${s}`,
  'cash movements': (s) =>
    sql`select * from pos_cash_movements where session_id in (select id from pos_sessions where store_id = ${s})`,
  'counter sales': (s) => sql`select * from pos_sales where store_id = ${s}`,
  'counter payments': (s) =>
    sql`select * from pos_sale_payments where sale_id in (select id from pos_sales where store_id = ${s})`,
  'counter returns': (s) =>
    sql`select * from pos_returns where sale_id in (select id from pos_sales where store_id = ${s})`,
  'purchase orders': (s) => sql`select * from purchase_orders where store_id = ${s}`,
  lots: (s) => sql`select * from stock_lots where store_id = ${s}`,
  'stock minimums': (s) => sql`select * from stock_minimums where store_id = ${s}`,
};

type Snapshot = Record<string, string>;

async function snapshotOf(store: number): Promise<Snapshot> {
  const out: Snapshot = {};
  for (const [name, rows] of Object.entries(PARTS)) {
    const result = (await t.db.execute(
      sql`select count(*)::int as n, coalesce(md5(string_agg(r::text, '|' order by r::text)), '') as digest from (${rows(store)}) r`,
    )) as unknown as { rows: { n: number; digest: string }[] };
    const row = result.rows[0];
    out[name] = `${row?.n} rows ${row?.digest}`;
  }
  return out;
}

const changedParts = (before: Snapshot, after: Snapshot) => Object.keys(before).filter((k) => before[k] !== after[k]);

interface Operation {
  operationId: string;
  method: string;
}

const writeOperations = (): Operation[] => {
  const document = t.app.swagger() as unknown as { paths: Record<string, Record<string, { operationId: string }>> };
  return Object.values(document.paths)
    .flatMap((ops) => Object.entries(ops).map(([method, op]) => ({ operationId: op.operationId, method })))
    .filter((op) => ['post', 'put', 'patch', 'delete'].includes(op.method));
};

async function asManagerB(request: Request) {
  return t.app.inject({
    method: request.method,
    url: request.url,
    ...(request.payload === undefined ? {} : { payload: request.payload as string }),
    headers: { ...w.as.managerB.auth, ...request.headers },
  });
}

describe("another store's manager", () => {
  it("sees a change of store A's records when there is one (the snapshot is not blind)", async () => {
    const before = await snapshotOf(w.storeA);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/stock/adjustments',
      headers: w.as.manager.auth,
      payload: { storeId: w.storeA, productId: w.productId, delta: 1, reason: 'ajuste' },
    });
    expect(res.statusCode).toBe(201);
    expect(changedParts(before, await snapshotOf(w.storeA))).toEqual(['stock per product', 'stock ledger']);
  });

  it("changes nothing of store A through any write route, whatever the body's fields write", async () => {
    const operations = writeOperations();
    expect(operations.length).toBeGreaterThan(80);
    expect(operations.filter((op) => !PERMISSIONS[op.operationId]).map((op) => op.operationId)).toEqual([]);
    const ids = operations.map((op) => op.operationId);
    expect(Object.keys(AIMED_AT_STORE_A).filter((id) => !ids.includes(id))).toEqual([]);
    const leaks: string[] = [];
    for (const op of operations) {
      const row = PERMISSIONS[op.operationId];
      if (!row) continue;
      const aimed = AIMED_AT_STORE_A[op.operationId];
      // the row's own set-up (fresh records made by others) happens before the snapshot; a set-up
      // that fails (a world an earlier call broke) is named, and the walk goes on
      const request = await Promise.resolve()
        .then(() => (aimed ? aimed(w) : row.call(w, 'managerB')))
        .catch((error: Error) => {
          leaks.push(`${op.operationId}: set-up failed: ${error.message.slice(0, 160)}`);
          return undefined;
        });
      if (!request) continue;
      const before = await snapshotOf(w.storeA);
      const res = await asManagerB(request);
      const changed = changedParts(before, await snapshotOf(w.storeA));
      if (changed.length > 0)
        leaks.push(`${op.operationId} (${res.statusCode}) changed store A's ${changed.join(', ')}`);
    }
    console.log(
      `store scope: ${operations.length} write operations called by store B's manager, ${leaks.length} reached store A`,
    );
    expect(leaks).toEqual([]);
  }, 300_000);
});
