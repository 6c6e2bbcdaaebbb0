import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BareDatabase, databaseBefore } from './support/migration-steps';

let db: BareDatabase;
let upgrade: () => Promise<void>;
beforeAll(async () => {
  ({ db, upgrade } = await databaseBefore('0006_durations_size_prices'));
  await db.exec(`
    insert into users (name, email, cpf, phone, password_hash) values ('Ana', 'ana@exemplo.com.br', '52998224725', '11987654321', 'x');
    insert into payments (user_id, method, total_cents, status) values
      (1, 'Pix', 1000, 'Pendente'), (1, 'Boleto', 2000, 'Pendente'), (1, 'Pix', 3000, 'Pendente'),
      (1, 'Boleto', 4000, 'Pendente'), (1, 'Cartão de Crédito', 5000, 'Aprovado');
    insert into orders (user_id, payment_id, status, total_cents, address_number, address_city, address_state, address_cep) values
      (1, 1, 'Processando', 1000, '1', 'São Paulo', 'SP', '01310100'),
      (1, 2, 'Processando', 2000, '1', 'São Paulo', 'SP', '01310100'),
      (1, 3, 'Cancelado', 3000, '1', 'São Paulo', 'SP', '01310100'),
      (1, 4, 'Entregue', 4000, '1', 'São Paulo', 'SP', '01310100'),
      (1, 5, 'Processando', 5000, '1', 'São Paulo', 'SP', '01310100');
  `);
  await upgrade();
});
afterAll(() => db.close());

describe('migration 0010 (payments that settle) on existing rows', () => {
  it('makes pending Pix and boleto orders wait for payment, with an expiry and a txid', async () => {
    const rows = await db.query<{
      id: number;
      payment: string;
      order: string;
      txid: string | null;
      minutes: number | null;
    }>(`select p.id, p.status as payment, o.status as "order", p.txid,
          round(extract(epoch from (p.expires_at - now())) / 60)::int as minutes
        from payments p join orders o on o.payment_id = p.id order by p.id`);
    expect(rows.map((r) => [r.id, r.payment, r.order])).toEqual([
      [1, 'Pendente', 'Aguardando pagamento'],
      [2, 'Pendente', 'Aguardando pagamento'],
      [3, 'Cancelado', 'Cancelado'],
      [4, 'Aprovado', 'Entregue'],
      [5, 'Aprovado', 'Processando'],
    ]);
    expect(rows[0]?.txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
    expect(rows[0]?.minutes).toBe(30);
    expect(rows[1]?.minutes).toBe(4 * 24 * 60);
    expect(rows[4]?.txid).toBeNull();
  });

  it('then enforces the statuses', async () => {
    await expect(db.exec(`update payments set status = 'Pago' where id = 5`)).rejects.toThrow();
    await expect(db.exec(`update orders set status = 'Pago' where id = 5`)).rejects.toThrow();
    // The delivery statuses of migration 0008 stay allowed.
    await db.exec(`update orders set status = 'Enviado' where id = 5`);
  });

  it('starts the timeline of a waiting order at Aguardando pagamento, once', async () => {
    const rows = await db.query<{ order_id: number; status: string }>(
      `select order_id, status from order_status_events where order_id in (1, 2, 4) order by order_id, at, id`,
    );
    expect(rows.map((r) => [r.order_id, r.status])).toEqual([
      [1, 'Aguardando pagamento'],
      [2, 'Aguardando pagamento'],
      [4, 'Processando'],
      [4, 'Entregue'],
    ]);
    await db.exec(`update orders set status = 'Processando' where id = 1`);
    const paid = await db.query<{ status: string }>(
      `select status from order_status_events where order_id = 1 order by at, id`,
    );
    expect(paid.map((r) => r.status)).toEqual(['Aguardando pagamento', 'Processando']);
  });
});
