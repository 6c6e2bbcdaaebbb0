import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BareDatabase, databaseBefore } from './support/migration-steps';

let db: BareDatabase;
let upgrade: () => Promise<void>;
beforeAll(async () => {
  ({ db, upgrade } = await databaseBefore('0037_counter_ledger'));
  // A database of the version before: a sale paid in cash, on the store's terminal and by Pix,
  // partly returned; and a sale that waited for its Pix and was cancelled, its cash part left 'Aprovado'.
  await db.exec(`
    insert into users (name, email, cpf, phone, password_hash) values
      ('Ana', 'ana@exemplo.com.br', '52998224725', '11987654321', 'x'),
      ('Bia', 'bia@exemplo.com.br', '11144477735', '11987654322', 'x');
    insert into pos_sessions (store_id, operator_id, opening_cash_cents) values (1, 1, 10000);
    insert into payments (user_id, owner_kind, owner_id, store_id, method, total_cents, status, txid, settled_at) values
      (1, 'pos_sale', 1, 1, 'Pix', 1000, 'Aprovado', 'txidcontador0000000000000001', '2026-11-20T13:00:00Z');
    insert into pos_sales (session_id, store_id, operator_id, customer_id, idempotency_key, request_hash, status,
        subtotal_cents, total_cents, change_cents, created_at, completed_at) values
      (1, 1, 1, 2, 'k1', 'h1', 'Concluída', 6000, 6000, 2000, '2026-11-20T12:59:00Z', '2026-11-20T13:00:00Z'),
      (1, 1, 1, null, 'k2', 'h2', 'Cancelada', 1500, 1500, 0, '2026-11-21T10:00:00Z', null);
    insert into pos_sale_payments (sale_id, method, amount_cents, received_cents, installments, nsu, authorization_code,
        payment_id, status, refunded_cents) values
      (1, 'Dinheiro', 3000, 5000, null, null, null, null, 'Aprovado', 3000),
      (1, 'Cartão de Crédito', 2000, null, 2, '123456', 'AUT9', null, 'Aprovado', 500),
      (1, 'Pix', 1000, null, null, null, null, 1, 'Aprovado', 0),
      (2, 'Dinheiro', 500, 500, null, null, null, null, 'Aprovado', 0);
    insert into pos_returns (sale_id, session_id, user_id, total_cents, refunds, items, created_at) values
      (1, 1, 1, 3500, '{"Dinheiro": 3000, "Cartão de Crédito": 500}', '[]', '2026-11-22T15:00:00Z');
  `);
  await upgrade();
});
afterAll(() => db.close());

interface LedgerRow {
  id: number;
  method: string;
  total_cents: number;
  status: string;
  refunded_cents: number;
  user_id: number | null;
  store_id: number;
  nsu: string | null;
  authorization_code: string | null;
  installments: number | null;
  settled: string | null;
}

describe('migration 0037 (the counter in the ledger) on existing rows', () => {
  it("makes a sale's cash, terminal card and Pix three ledger payments of the sale, linked to the counter's rows", async () => {
    const rows = await db.query<LedgerRow & { counter_method: string; received_cents: number | null }>(
      `select p.id, p.method, p.total_cents, p.status, p.refunded_cents, p.user_id, p.store_id, p.nsu,
          p.authorization_code, p.installments, to_char(p.settled_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI') as settled,
          sp.method as counter_method, sp.received_cents
        from pos_sale_payments sp join payments p on p.id = sp.payment_id
        where sp.sale_id = 1 and p.owner_kind = 'pos_sale' and p.owner_id = 1 order by sp.id`,
    );
    expect(rows.map((r) => [r.method, r.counter_method, r.total_cents, r.status, r.refunded_cents])).toEqual([
      ['Dinheiro', 'Dinheiro', 3000, 'Reembolsado', 3000],
      ['Cartão de Crédito', 'Cartão de Crédito', 2000, 'Parcialmente reembolsado', 500],
      ['Pix', 'Pix', 1000, 'Aprovado', 0],
    ]);
    const [cash, card] = rows;
    expect(cash).toMatchObject({ user_id: 2, store_id: 1, settled: '2026-11-20 13:00', received_cents: 5000 });
    expect(card).toMatchObject({ nsu: '123456', authorization_code: 'AUT9', installments: 2, user_id: 2 });
    expect(rows[2]?.id).toBe(1);
  });

  it('keeps what went back as concluded refunds of the right kind, at the time of the return', async () => {
    const rows = await db.query<{ method: string; amount_cents: number; kind: string; status: string; at: string }>(
      `select p.method, r.amount_cents, r.kind, r.status, to_char(r.settled_at at time zone 'UTC', 'YYYY-MM-DD') as at
        from payment_refunds r join payments p on p.id = r.payment_id where p.owner_kind = 'pos_sale' order by r.id`,
    );
    expect(rows.map((r) => [r.method, r.amount_cents, r.kind, r.status, r.at])).toEqual([
      ['Dinheiro', 3000, 'cash', 'concluido', '2026-11-22'],
      ['Cartão de Crédito', 500, 'terminal', 'concluido', '2026-11-22'],
    ]);
  });

  it('cancels the cash of a sale that never completed, and leaves the counter only its own columns', async () => {
    const [cancelled] = await db.query<LedgerRow>(
      `select p.status, p.settled_at as settled from pos_sale_payments sp join payments p on p.id = sp.payment_id where sp.sale_id = 2`,
    );
    expect(cancelled).toMatchObject({ status: 'Cancelado', settled: null });
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'pos_sale_payments' order by column_name`,
    );
    expect(columns.map((c) => c.column_name)).toEqual([
      'amount_cents',
      'id',
      'method',
      'payment_id',
      'received_cents',
      'sale_id',
    ]);
    await expect(
      db.exec(`insert into pos_sale_payments (sale_id, method, amount_cents) values (1, 'Dinheiro', 100)`),
    ).rejects.toThrow();
  });

  it('leaves the payments sequence past the ids it took, and takes the new refund kinds', async () => {
    await db.exec(
      `insert into payments (owner_kind, owner_id, method, total_cents, status) values ('pos_sale', 3, 'Dinheiro', 100, 'Aprovado')`,
    );
    const [count] = await db.query<{ n: number }>(`select count(*)::int as n from payments`);
    expect(count?.n).toBe(5);
    await expect(
      db.exec(
        `insert into payment_refunds (payment_id, amount_cents, reason, kind, status, request_key) values (1, 1, 'x', 'cheque', 'concluido', 'k')`,
      ),
    ).rejects.toThrow();
  });
});
