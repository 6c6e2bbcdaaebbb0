import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client';

/**
 * What must hold in the books whatever happened to the processes, each as a query of the rows
 * that break it (empty: it holds). `initial` is each product's stock before the load.
 */
export async function brokenInvariants(db: Db, initial: Map<number, number>) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const productIds = [...initial.keys()];
  const sold = await rows(sql`
    select p.id, p.stock,
      coalesce((select sum(i.quantity) from order_items i join orders o on o.id = i.order_id
                 where i.product_id = p.id and o.status <> 'Cancelado'), 0)::int as sold
      from products p where p.id in ${productIds}`);
  const checks: Record<string, Record<string, unknown>[]> = {
    'stock below zero': await rows(sql`select id, stock from products where stock < 0`),
    'stock + sold differs from the initial stock': sold.filter(
      (r) => Number(r.stock) + Number(r.sold) !== initial.get(Number(r.id)),
    ),
    'an order without items': await rows(
      sql`select o.id from orders o where not exists (select 1 from order_items i where i.order_id = o.id)`,
    ),
    'an order without its payment': await rows(sql`
      select o.id from orders o left join payments p on p.id = o.payment_id where p.id is null`),
    'a payment without its order': await rows(sql`
      select p.id from payments p where not exists (select 1 from orders o where o.payment_id = p.id)`),
    'a paid order whose payment is not approved': await rows(sql`
      select o.id, o.status, p.status as payment from orders o join payments p on p.id = o.payment_id
       where o.status not in ('Aguardando pagamento', 'Cancelado') and p.status <> 'Aprovado'`),
    'a total that is not its items plus shipping': await rows(sql`
      select o.id from orders o join payments p on p.id = o.payment_id
       where o.total_cents <> p.total_cents
          or o.total_cents <> o.shipping_cents +
             (select coalesce(sum(i.quantity * i.unit_price_cents), 0) from order_items i where i.order_id = o.id)`),
  };
  return Object.fromEntries(Object.entries(checks).filter(([, broken]) => broken.length > 0));
}
