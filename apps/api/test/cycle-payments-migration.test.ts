import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BareDatabase, databaseBefore } from './support/migration-steps';

let db: BareDatabase;
let upgrade: () => Promise<void>;
beforeAll(async () => {
  ({ db, upgrade } = await databaseBefore('0038_cycle_payments'));
  // One customer with two plans: a card one (a cycle paid, one waiting at the PSP, one charged back)
  // and a Pix Automático one (a cycle paid, one not sent yet).
  await db.exec(`
    insert into users (name, email, cpf, phone, password_hash) values ('Ana', 'ana@exemplo.com.br', '52998224725', '11987654321', 'x');
    insert into services (name, price_cents, price_small_cents, price_medium_cents, price_large_cents) values ('Banho', 5000, 5000, 5000, 5000);
    insert into employees (name, phone, position, service_id) select 'Bia', '11987654321', 'Banhista', s.id from services s;
    insert into pets (user_id, name, age, specie, size) values (1, 'Rex', 3, 'Cachorro', 'Médio');
    insert into plans (name, service_id, size, frequency, price_cents) select 'Banho semanal', id, 'Médio', 'SEMANAL', 7990 from services;
    insert into subscriptions (plan_id, user_id, pet_id, employee_id, weekday, time, status, payment_method, price_cents, frequency, anchor_date, card_customer_id, card_id)
      select p.id, 1, 1, e.id, 2, '10:00', 'Ativa', 'Cartão de Crédito', 7990, 'SEMANAL', '2026-11-03', 'cus-1', 'master:card-1' from plans p, employees e;
    insert into subscriptions (plan_id, user_id, pet_id, employee_id, weekday, time, status, payment_method, price_cents, frequency, anchor_date, id_rec, rec_status)
      select p.id, 1, 1, e.id, 3, '11:00', 'Ativa', 'Pix Automático', 7990, 'SEMANAL', '2026-11-04', 'RR1234567820261104abcdefghijk', 'APROVADA' from plans p, employees e;
    insert into subscription_cycles (subscription_id, due_on, amount_cents, status, txid, psp_payment_id, attempts, paid_at, failure) values
      (1, '2026-11-03', 7990, 'Paga', 'ASSINATURA000000000120261103', '9001', 1, '2026-11-01T12:00:00Z', null),
      (1, '2026-11-10', 7990, 'Cobrança enviada', 'ASSINATURA000000000120261110', '9002', 1, null, null),
      (1, '2026-11-17', 7990, 'Cancelada', 'ASSINATURA000000000120261117', '9003', 1, '2026-11-15T12:00:00Z', 'Contestada no cartão'),
      (2, '2026-11-04', 7990, 'Paga', 'ASSINATURA000000000220261104', 'E1234567820261104', 1, '2026-11-04T09:00:00Z', null),
      (2, '2026-11-11', 7990, 'Pendente', 'ASSINATURA000000000220261111', null, 0, null, null);
  `);
  await upgrade();
});
afterAll(() => db.close());

describe('migration 0038 (plan cycles in the payments ledger)', () => {
  it('carries each charged cycle into the ledger, of owner subscription_cycle and the employee’s store', async () => {
    const rows = await db.query<{
      cycle: number;
      payment_id: number | null;
      owner_kind: string | null;
      method: string | null;
      status: string | null;
      total_cents: number | null;
      txid: string | null;
      psp_payment_id: string | null;
      same_store: boolean | null;
      settled: boolean | null;
    }>(`select c.id as cycle, c.payment_id, p.owner_kind, p.method, p.status, p.total_cents, p.txid, p.psp_payment_id,
          p.store_id = e.store_id as same_store, p.settled_at is not null as settled
        from subscription_cycles c
        join subscriptions s on s.id = c.subscription_id join employees e on e.id = s.employee_id
        left join payments p on p.id = c.payment_id and p.owner_id = c.id
        order by c.id`);
    expect(rows.map((r) => [r.cycle, r.owner_kind, r.method, r.status, r.same_store, r.settled])).toEqual([
      [1, 'subscription_cycle', 'Cartão de Crédito', 'Aprovado', true, true],
      [2, 'subscription_cycle', 'Cartão de Crédito', 'Pendente', true, false],
      [3, 'subscription_cycle', 'Cartão de Crédito', 'Contestado', true, true],
      [4, 'subscription_cycle', 'Pix Automático', 'Aprovado', true, true],
      [5, null, null, null, null, false],
    ]);
    expect(rows[0]).toMatchObject({ total_cents: 7990, psp_payment_id: '9001', txid: null });
    expect(rows[3]).toMatchObject({ txid: 'ASSINATURA000000000220261104', psp_payment_id: null });
  });

  it('keeps the Pix received for a paid cycle as its receipt, what a devolução is made from', async () => {
    const receipts = await db.query<{ end_to_end_id: string; amount_cents: number; outcome: string }>(
      `select r.end_to_end_id, r.amount_cents, r.outcome from payment_receipts r
        join subscription_cycles c on c.payment_id = r.payment_id where c.id = 4`,
    );
    expect(receipts).toEqual([{ end_to_end_id: 'E1234567820261104', amount_cents: 7990, outcome: 'settled' }]);
  });

  it('leaves the cycle only what is its own', async () => {
    const columns = await db.query<{ column_name: string }>(
      `select column_name from information_schema.columns where table_name = 'subscription_cycles'`,
    );
    const names = columns.map((c) => c.column_name);
    expect(names).toContain('payment_id');
    expect(names).not.toContain('psp_payment_id');
    expect(names).not.toContain('paid_at');
  });
});
