import type { OrderStatus } from '@petshop/domain';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { checkoutFixtures } from './support/checkout';

/** The staff's sales list narrowed by day placed, status and customer, on the server and a page at a time. */
let t: TestContext;
let f: ReturnType<typeof checkoutFixtures>;
let admin: LoggedIn;
const ids: Record<string, number> = {};
let mariaEmail = '';

/** A São Paulo wall-clock moment ('2024-05-10 23:30') as an instant (UTC−3). */
const sp = (local: string) => new Date(`${local.replace(' ', 'T')}:00-03:00`);

async function orderOf(user: LoggedIn, placed: string, status: OrderStatus) {
  const { orderId } = await f.paidOrder(user, { quantity: 1, priceCents: 1000 });
  await t.db
    .update(orders)
    .set({ createdAt: sp(placed), status })
    .where(eq(orders.id, orderId));
  return orderId;
}

const sales = (query: string) => t.app.inject({ url: `/api/orders/all/users?${query}`, headers: admin.auth });
const idsOf = async (query: string) => {
  const res = await sales(query);
  expect(res.statusCode).toBe(200);
  return (res.json().data as { orderId: number }[]).map((order) => order.orderId);
};

beforeAll(async () => {
  t = await createTestContext();
  f = checkoutFixtures(t);
  admin = await t.admin();
  const maria = await t.customer({ name: 'Maria da Silva' });
  mariaEmail = maria.user.email;
  const joao = await t.customer({ name: 'João Pereira' });
  ids.mariaMorning = await orderOf(maria, '2024-05-10 10:00', 'Processando');
  // 23:30 in São Paulo is already the 11th in UTC: it is a sale of the 10th
  ids.joaoNight = await orderOf(joao, '2024-05-10 23:30', 'Entregue');
  ids.mariaNextDay = await orderOf(maria, '2024-05-11 01:00', 'Cancelado');
  ids.joaoBefore = await orderOf(joao, '2024-05-09 23:59', 'Processando');
});
afterAll(() => t.close());

describe('GET /orders/all/users with filters', () => {
  it('keeps the orders placed on the São Paulo days of the range, both ends included, newest first', async () => {
    expect(await idsOf('from=2024-05-10&to=2024-05-10')).toEqual([ids.joaoNight, ids.mariaMorning]);
    expect(await idsOf('from=2024-05-09&to=2024-05-11')).toEqual([
      ids.mariaNextDay,
      ids.joaoNight,
      ids.mariaMorning,
      ids.joaoBefore,
    ]);
    // one end only: from that day on, or up to it
    expect(await idsOf('to=2024-05-09')).toContain(ids.joaoBefore);
    expect(await idsOf('to=2024-05-09')).not.toContain(ids.mariaMorning);
  });

  it('narrows by the status now and by the customer: each word of the name without accents, or the e-mail', async () => {
    const range = 'from=2024-05-09&to=2024-05-11';
    expect(await idsOf(`${range}&status=Processando`)).toEqual([ids.mariaMorning, ids.joaoBefore]);
    expect(await idsOf(`${range}&customer=maria%20silva`)).toEqual([ids.mariaNextDay, ids.mariaMorning]);
    expect(await idsOf(`${range}&customer=JOAO`)).toEqual([ids.joaoNight, ids.joaoBefore]);
    expect(await idsOf(`${range}&customer=${encodeURIComponent(mariaEmail.toUpperCase())}`)).toEqual([
      ids.mariaNextDay,
      ids.mariaMorning,
    ]);
    expect(await idsOf(`${range}&customer=maria&status=Cancelado`)).toEqual([ids.mariaNextDay]);
    expect(await idsOf(`${range}&customer=maria%20pereira`)).toEqual([]);
    // a blank customer filters nothing; a '%' is a character, not a wildcard
    expect(await idsOf(`${range}&customer=%20%20`)).toHaveLength(4);
    expect(await idsOf(`${range}&customer=%25`)).toEqual([]);
  });

  it('pages through the filtered list, and counts it past its end', async () => {
    const query = 'from=2024-05-09&to=2024-05-11&customer=maria';
    const first = (await sales(`${query}&limit=1`)).json();
    expect(first).toMatchObject({ data: [{ orderId: ids.mariaNextDay }], meta: { total: 2, limit: 1, offset: 0 } });
    const second = (await sales(`${query}&limit=1&offset=1`)).json();
    expect(second).toMatchObject({ data: [{ orderId: ids.mariaMorning }], meta: { total: 2, limit: 1, offset: 1 } });
    expect((await sales(`${query}&offset=7`)).json()).toEqual({ data: [], meta: { total: 2, limit: 60, offset: 7 } });
  });

  it.each([
    ['from=2024-05-11&to=2024-05-10', 'A data final deve ser igual ou posterior à data inicial.'],
    ['from=2024-13-01', 'Informe a data inicial válida (AAAA-MM-DD).'],
    ['to=10/05/2024', 'Informe a data final válida (AAAA-MM-DD).'],
    ['status=Pago', /^Situação inválida/],
    [`customer=${'a'.repeat(101)}`, 'Use no máximo 100 caracteres.'],
  ])('%s → 400 in Portuguese', async (query, message) => {
    const res = await sales(query);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(message);
  });
});
