// The admin dashboard's summary on a shop with history: ORDERS orders (cards, Pix and boletos, paid,
// waiting, expired and cancelled, with their items and timelines) and APPOINTMENTS finished, missed or
// cancelled appointments over the last year, written straight into PostgreSQL; then
// GET /api/admin/reports/summary for 7, 30, 90 and 366 days, timed one request after another.
import { ADMIN, percentile, request, requireApi } from './bench-support.mjs';

const pg = requireApi('pg');

const ORDERS = Number(process.env.BENCH_REPORT_ORDERS ?? 10_000);
const APPOINTMENTS = Number(process.env.BENCH_REPORT_APPOINTMENTS ?? 10_000);
const CUSTOMERS = 200;
const RUNS = 20;
const PERIODS = [7, 30, 90, 366];

/** A year of history: ORDERS orders with items, payments and timelines, and APPOINTMENTS appointments. */
export const historySql = (orders = ORDERS, appointments = APPOINTMENTS) => `
insert into users (name, email, cpf, phone, password_hash)
  select 'Cliente Relatório ' || i, 'relatorio.' || i || '@exemplo.com.br', lpad((90000000000 + i)::text, 11, '0'),
         '11987654321', 'sem-login'
  from generate_series(1, ${CUSTOMERS}) i;

create temp table bench_orders as
  select i, (select id from users where email = 'relatorio.' || (1 + i % ${CUSTOMERS}) || '@exemplo.com.br') as user_id,
         now() - random() * interval '365 days' as created_at,
         case when r1 < 0.6 then 'Cartão de Crédito' when r1 < 0.9 then 'Pix' else 'Boleto' end as method, r2, r3
  from (select i, random() r1, random() r2, random() r3 from generate_series(1, ${orders}) i) s;

-- Card: paid at once, 5 % cancelled afterwards. Pix and boleto: 10 % expired, 5 % still waiting, the rest paid.
alter table bench_orders add column payment_status text, add column status text, add column paid_at timestamptz;
update bench_orders set
  payment_status = case when method = 'Cartão de Crédito' then 'Aprovado'
                        when r2 < 0.10 then 'Expirado' when r2 < 0.15 then 'Pendente' else 'Aprovado' end,
  paid_at = case when method = 'Cartão de Crédito' then created_at
                 when r2 < 0.15 then null
                 when method = 'Pix' then created_at + random() * interval '20 minutes'
                 else created_at + random() * interval '3 days' end;
update bench_orders set status = case
  when payment_status = 'Expirado' then 'Cancelado'
  when payment_status = 'Pendente' then 'Aguardando pagamento'
  when r2 < 0.05 then 'Cancelado'
  when r3 < 0.25 then 'Processando' when r3 < 0.5 then 'Enviado' when r3 < 0.6 then 'Pronto para retirada'
  else 'Entregue' end;

create temp table bench_items as
  select o.i, p.id as product_id, p.name, p.price_cents, 1 + floor(random() * 3)::int as quantity
  from bench_orders o
  cross join lateral (
    select id, name, price_cents from products where archived_at is null and o.i = o.i order by random() limit 1 + o.i % 3
  ) p;

insert into payments (owner_kind, owner_id, user_id, method, total_cents, status, idempotency_key, created_at)
  select 'order', 0, o.user_id, o.method, t.total, o.payment_status, 'relatorio-' || o.i, o.created_at
  from bench_orders o join (select i, sum(price_cents * quantity) total from bench_items group by i) t using (i);

insert into orders (user_id, payment_id, status, total_cents, delivery_method, shipping_cents, created_at)
  select o.user_id, p.id, o.status, p.total_cents, 'Retirada na loja', 0, o.created_at
  from bench_orders o join payments p on p.user_id = o.user_id and p.idempotency_key = 'relatorio-' || o.i;

update payments p set owner_id = ord.id, store_id = ord.store_id from orders ord
  where ord.payment_id = p.id and p.owner_kind = 'order' and p.owner_id = 0;

create temp table bench_order_ids as
  select o.i, ord.id as order_id from bench_orders o
  join payments p on p.user_id = o.user_id and p.idempotency_key = 'relatorio-' || o.i
  join orders ord on ord.payment_id = p.id;

insert into order_items (order_id, product_id, product_name, unit_price_cents, quantity)
  select b.order_id, it.product_id, it.name, it.price_cents, it.quantity from bench_items it join bench_order_ids b using (i);

-- The timelines as the shop would have written them: waiting for the bank, paid, then where the order is now.
delete from order_status_events where order_id in (select order_id from bench_order_ids);
insert into order_status_events (order_id, status, at)
  select b.order_id, 'Aguardando pagamento', o.created_at from bench_orders o join bench_order_ids b using (i)
  where o.method <> 'Cartão de Crédito'
  union all
  select b.order_id, 'Processando', o.paid_at from bench_orders o join bench_order_ids b using (i) where o.paid_at is not null
  union all
  select b.order_id, o.status, coalesce(o.paid_at, o.created_at) + interval '1 day'
  from bench_orders o join bench_order_ids b using (i) where o.status not in ('Processando', 'Aguardando pagamento');

insert into pets (user_id, name, age, specie, size)
  select id, 'Pet ' || id, 3, 'Cachorro', 'Médio' from users where email like 'relatorio.%';

insert into appointments (user_id, pet_id, service_id, employee_id, appointment_date, appointment_time, price_cents, status)
  select pet.user_id, pet.id, e.service_id, e.id, (now() at time zone 'America/Sao_Paulo')::date - (1 + floor(random() * 365))::int,
         to_char(time '08:00' + (floor(random() * 20) * interval '30 minutes'), 'HH24:MI'), 5000,
         case when r < 0.75 then 'Concluído' when r < 0.85 then 'Não compareceu' else 'Cancelado' end
  from (select i, random() r from generate_series(1, ${appointments}) i) s
  cross join lateral (select id, user_id from pets where name like 'Pet %' and s.i = s.i order by random() limit 1) pet
  cross join lateral (select id, service_id from employees where archived_at is null and s.i = s.i order by random() limit 1) e;

analyze;
`;

/** Seeds the history into the API's PostgreSQL database, then times the summary for each period. */
export async function benchReports({ base, pgUrl }) {
  const client = new pg.Client({ connectionString: pgUrl });
  await client.connect();
  const started = Date.now();
  try {
    await client.query(historySql());
  } finally {
    await client.end();
  }
  const seeded = Date.now() - started;
  const { token } = (await request(base, '/api/auth/login', { method: 'POST', body: ADMIN })).data;
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const rows = [];
  for (const days of PERIODS) {
    const from = new Date(Date.parse(`${today}T00:00:00Z`) - (days - 1) * 86_400_000).toISOString().slice(0, 10);
    const path = `/api/admin/reports/summary?from=${from}&to=${today}`;
    const first = await request(base, path, { token });
    const times = [];
    for (let i = 0; i < RUNS; i += 1) {
      const t0 = performance.now();
      await request(base, path, { token });
      times.push(performance.now() - t0);
    }
    times.sort((a, b) => a - b);
    const { revenue, ordersByStatus } = first.data;
    rows.push([
      `${days} dias`,
      revenue.paidOrders,
      ordersByStatus.reduce((sum, row) => sum + row.count, 0),
      first.data.appointmentsByStatus.reduce((sum, row) => sum + row.count, 0),
      percentile(times, 50).toFixed(1),
      percentile(times, 95).toFixed(1),
    ]);
  }
  return { seeded, rows };
}
