import { type AppointmentStatus, businessMoment, type OrderStatus, type PaymentStatus } from '@petshop/domain';
import { eq, notInArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  appointments,
  employees,
  orderItems,
  orderStatusEvents,
  orders,
  payments,
  pets,
  products,
  services,
} from '../src/db/schema';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { onePrice } from './support/booking';
import { checkoutFixtures } from './support/checkout';

let t: TestContext;
let f: ReturnType<typeof checkoutFixtures>;
let admin: LoggedIn;
let customer: LoggedIn;

const FROM = '2024-03-01';
const TO = '2024-03-07';

/** A São Paulo wall-clock moment ('2024-03-01 10:00') as an instant: UTC−3, no daylight saving since 2019. */
const sp = (local: string) => new Date(`${local.replace(' ', 'T')}:00-03:00`);

const summary = (user: LoggedIn | undefined, query: string) =>
  t.app.inject({ url: `/api/admin/reports/summary?${query}`, headers: user?.auth });
const summaryOf = async (from: string, to: string) => {
  const res = await summary(admin, `from=${from}&to=${to}`);
  expect(res.statusCode).toBe(200);
  return res.json().data;
};

interface SeededOrder {
  method: 'Cartão de Crédito' | 'Pix' | 'Boleto';
  paymentStatus: PaymentStatus;
  status: OrderStatus;
  createdAt: string;
  /** when it became 'Processando' (paid) */
  paidAt?: string;
  hidden?: boolean;
  shippingCents?: number;
  items: [productId: number, quantity: number][];
}

const prices = new Map<number, number>();

async function product(name: string, priceCents: number, stock = 50) {
  const id = await f.product(name, stock, priceCents);
  prices.set(id, priceCents);
  return id;
}

/**
 * An order straight into the tables, with the timeline it would have had: waiting for the bank
 * (Pix and boleto), paid, then its current status.
 */
async function seedOrder(o: SeededOrder) {
  const itemsCents = o.items.reduce((sum, [id, quantity]) => sum + (prices.get(id) ?? 0) * quantity, 0);
  const shippingCents = o.shippingCents ?? 0;
  const totalCents = itemsCents + shippingCents;
  const createdAt = sp(o.createdAt);
  const [payment] = await t.db
    .insert(payments)
    .values({
      ownerKind: 'order',
      ownerId: 0,
      userId: customer.user.id,
      method: o.method,
      totalCents,
      status: o.paymentStatus,
      createdAt,
    })
    .returning({ id: payments.id });
  const delivery =
    shippingCents > 0
      ? {
          deliveryMethod: 'Entrega' as const,
          addressStreet: 'Avenida Paulista',
          addressNumber: '100',
          addressComplement: '',
          addressDistrict: 'Bela Vista',
          addressCity: 'São Paulo',
          addressState: 'SP',
          addressCep: '01310100',
        }
      : { deliveryMethod: 'Retirada na loja' as const };
  const [order] = await t.db
    .insert(orders)
    .values({
      userId: customer.user.id,
      paymentId: payment?.id as number,
      status: o.status,
      totalCents,
      shippingCents,
      createdAt,
      deletedAt: o.hidden ? new Date() : null,
      ...delivery,
    })
    .returning({ id: orders.id });
  const orderId = order?.id as number;
  await t.db.insert(orderItems).values(
    o.items.map(([productId, quantity]) => ({
      orderId,
      productId,
      productName: `nome na compra ${productId}`,
      unitPriceCents: prices.get(productId) ?? 0,
      quantity,
    })),
  );
  const timeline: { status: OrderStatus; at: Date }[] = [];
  if (o.method !== 'Cartão de Crédito') timeline.push({ status: 'Aguardando pagamento', at: createdAt });
  if (o.paidAt) timeline.push({ status: 'Processando', at: sp(o.paidAt) });
  const last = timeline.at(-1);
  if (o.status !== last?.status)
    timeline.push({ status: o.status, at: new Date((last?.at ?? createdAt).getTime() + 3_600_000) });
  await t.db.delete(orderStatusEvents).where(eq(orderStatusEvents.orderId, orderId));
  await t.db.insert(orderStatusEvents).values(timeline.map((step) => ({ orderId, ...step })));
  return orderId;
}

const ids: Record<string, number> = {};

async function seedAppointments() {
  const [service] = await t.db
    .insert(services)
    .values({ name: 'Banho do relatório', description: '', ...onePrice(5000) })
    .returning({ id: services.id });
  const serviceId = service?.id as number;
  const employee = async (name: string, archived = false) => {
    const [row] = await t.db
      .insert(employees)
      .values({
        name,
        phone: '11987654321',
        position: 'Banhista',
        serviceId,
        archivedAt: archived ? new Date() : null,
      })
      .returning({ id: employees.id });
    return row?.id as number;
  };
  ids.ana = await employee('Ana Souza');
  ids.bruno = await employee('Bruno Lima');
  ids.carla = await employee('Carla Dias');
  ids.davi = await employee('Davi Rocha', true);
  ids.edu = await employee('Edu Prado', true);
  const [pet] = await t.db
    .insert(pets)
    .values({ userId: customer.user.id, name: 'Rex', age: 3, specie: 'Cachorro', size: 'Médio' })
    .returning({ id: pets.id });
  let hour = 8;
  const book = (employeeId: number, appointmentDate: string, status: AppointmentStatus) => {
    hour = hour >= 17 ? 8 : hour + 1;
    return {
      userId: customer.user.id,
      petId: pet?.id as number,
      serviceId,
      employeeId,
      appointmentDate,
      appointmentTime: `${String(hour).padStart(2, '0')}:00`,
      priceCents: 5000,
      status,
    };
  };
  await t.db.insert(appointments).values([
    book(ids.ana, '2024-03-01', 'Concluído'),
    book(ids.ana, '2024-03-02', 'Concluído'),
    book(ids.ana, '2024-03-03', 'Concluído'),
    book(ids.ana, '2024-03-04', 'Não compareceu'),
    book(ids.ana, '2024-03-07', 'Agendado'),
    book(ids.ana, '2024-03-05', 'Cancelado'),
    book(ids.bruno, '2024-03-01', 'Concluído'),
    book(ids.bruno, '2024-03-06', 'Não compareceu'),
    book(ids.bruno, '2024-03-07', 'Em atendimento'),
    book(ids.davi, '2024-03-02', 'Concluído'),
    // Outside the range, a day before and a day after.
    book(ids.ana, '2024-02-29', 'Não compareceu'),
    book(ids.bruno, '2024-03-08', 'Não compareceu'),
    book(ids.edu, '2024-03-08', 'Concluído'),
  ]);
}

beforeAll(async () => {
  t = await createTestContext();
  f = checkoutFixtures(t);
  admin = await t.admin();
  customer = await t.customer();
  ids.a = await product('Ração A', 1000);
  ids.b = await product('Coleira B', 2550);
  ids.c = await product('Petisco C', 333);
  ids.d = await product('Cama D', 10_000);
  for (let i = 1; i <= 11; i += 1) ids[`e${i}`] = await product(`Extra ${String(i).padStart(2, '0')}`, 100);
  ids.empty = await product('Areia esgotada', 990, 0);
  ids.five = await product('Shampoo com cinco', 1990, 5);
  ids.six = await product('Bola com seis', 590, 6);
  ids.archivedLow = await product('Arquivado com um', 590, 1);
  await t.db.update(products).set({ archivedAt: new Date() }).where(eq(products.id, ids.archivedLow));
  // Whatever else the database holds stays out of the low-stock list and the employee list.
  const mine = [...prices.keys()];
  await t.db.update(products).set({ archivedAt: new Date() }).where(notInArray(products.id, mine));
  await t.db.update(employees).set({ archivedAt: new Date() });

  // 1. Card, paid 01/03 10:00, delivered, with R$ 15,90 of shipping: R$ 45,90.
  await seedOrder({
    method: 'Cartão de Crédito',
    paymentStatus: 'Aprovado',
    status: 'Entregue',
    createdAt: '2024-03-01 10:00',
    paidAt: '2024-03-01 10:00',
    shippingCents: 1590,
    items: [[ids.a, 3]],
  });
  // 2. Card, paid 01/03 23:30 São Paulo (already 02/03 in UTC): R$ 25,50 on 01/03.
  await seedOrder({
    method: 'Cartão de Crédito',
    paymentStatus: 'Aprovado',
    status: 'Processando',
    createdAt: '2024-03-01 23:30',
    paidAt: '2024-03-01 23:30',
    items: [[ids.b, 1]],
  });
  // 3. Pix placed 02/03 23:50, paid by the bank 03/03 00:10, shipped: R$ 19,99 on 03/03.
  await seedOrder({
    method: 'Pix',
    paymentStatus: 'Aprovado',
    status: 'Enviado',
    createdAt: '2024-03-02 23:50',
    paidAt: '2024-03-03 00:10',
    items: [
      [ids.c, 3],
      [ids.a, 1],
    ],
  });
  // 4. Pix never paid, still waiting; 5. Pix that expired (hidden by the customer afterwards).
  await seedOrder({
    method: 'Pix',
    paymentStatus: 'Pendente',
    status: 'Aguardando pagamento',
    createdAt: '2024-03-04 09:00',
    items: [[ids.b, 10]],
  });
  await seedOrder({
    method: 'Pix',
    paymentStatus: 'Expirado',
    status: 'Cancelado',
    createdAt: '2024-03-04 10:00',
    hidden: true,
    items: [[ids.b, 10]],
  });
  // 6. Card, paid 05/03, then cancelled by the shop: not revenue.
  await seedOrder({
    method: 'Cartão de Crédito',
    paymentStatus: 'Aprovado',
    status: 'Cancelado',
    createdAt: '2024-03-05 11:00',
    paidAt: '2024-03-05 11:00',
    items: [[ids.a, 20]],
  });
  // 7. and 8. Paid a minute before the range and at the first minute after it.
  await seedOrder({
    method: 'Cartão de Crédito',
    paymentStatus: 'Aprovado',
    status: 'Entregue',
    createdAt: '2024-02-29 23:59',
    paidAt: '2024-02-29 23:59',
    items: [[ids.d, 5]],
  });
  await seedOrder({
    method: 'Cartão de Crédito',
    paymentStatus: 'Aprovado',
    status: 'Processando',
    createdAt: '2024-03-08 00:00',
    paidAt: '2024-03-08 00:00',
    items: [[ids.d, 5]],
  });
  // 9. Boleto placed before the range and paid inside it (06/03): R$ 200,00 on 06/03.
  await seedOrder({
    method: 'Boleto',
    paymentStatus: 'Aprovado',
    status: 'Processando',
    createdAt: '2024-02-27 15:00',
    paidAt: '2024-03-06 12:00',
    items: [[ids.d, 2]],
  });
  // 10. Card, 07/03: eleven products at R$ 1,00, one unit each.
  await seedOrder({
    method: 'Cartão de Crédito',
    paymentStatus: 'Aprovado',
    status: 'Processando',
    createdAt: '2024-03-07 18:00',
    paidAt: '2024-03-07 18:00',
    items: Array.from({ length: 11 }, (_, i) => [ids[`e${i + 1}`] as number, 1] as [number, number]),
  });
  await seedAppointments();
});
afterAll(() => t.close());

describe('who may read the summary', () => {
  it('401 for a visitor, 403 for a customer, 200 for an admin', async () => {
    const query = `from=${FROM}&to=${TO}`;
    expect((await summary(undefined, query)).statusCode).toBe(401);
    const forbidden = await summary(customer, query);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json().message).toBe('Você não tem permissão para esta ação.');
    expect((await summary(admin, query)).statusCode).toBe(200);
  });
});

describe('the OpenAPI document', () => {
  it('documents the query and says how the no-show rate and paid revenue are defined', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const route = res.json().paths['/api/admin/reports/summary'].get;
    expect(route.parameters.map((p: { name: string }) => p.name)).toEqual(['from', 'to', 'storeId']);
    const text = JSON.stringify(route.responses['200']);
    expect(text).toContain('Não compareceu ÷ (Concluído + Não compareceu)');
    expect(text).toContain('pagamento Aprovado e pedido não Cancelado');
  });
});

describe('the period', () => {
  it.each([
    ['no dates', '', 'from'],
    ['no end', `from=${FROM}`, 'to'],
    ['a day that does not exist', 'from=2024-02-30&to=2024-03-07', 'from'],
    ['a Brazilian-format date', 'from=01/03/2024&to=2024-03-07', 'from'],
    ['an end before the start', 'from=2024-03-07&to=2024-03-01', 'to'],
    ['367 days', 'from=2024-01-01&to=2025-01-01', 'to'],
  ])('%s is a pt-BR 400 naming the field', async (_, query, field) => {
    const res = await summary(admin, query);
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_ERROR');
    expect(body.details.map((d: { field: string }) => d.field)).toContain(field);
    expect(body.message).toMatch(/data|período/);
  });

  it('an end before the start and a too long period say why', async () => {
    expect((await summary(admin, 'from=2024-03-07&to=2024-03-01')).json().message).toBe(
      'A data final deve ser igual ou posterior à data inicial.',
    );
    expect((await summary(admin, 'from=2024-01-01&to=2025-01-01')).json().message).toBe(
      'Escolha um período de no máximo 366 dias.',
    );
  });

  it('takes one day, and up to 366 days (a leap year), with a point for every day', async () => {
    const one = await summaryOf('2024-03-03', '2024-03-03');
    expect(one.revenueByDay).toEqual([{ date: '2024-03-03', revenue: 19.99, orders: 1 }]);
    const year = await summaryOf('2024-01-01', '2024-12-31');
    expect(year.revenueByDay).toHaveLength(366);
    expect(year.revenueByDay[0].date).toBe('2024-01-01');
    expect(year.revenueByDay.at(-1).date).toBe('2024-12-31');
  });
});

describe('revenue of paid orders', () => {
  it('counts each paid order on the São Paulo day it was paid, every day listed, zeros included', async () => {
    const data = await summaryOf(FROM, TO);
    expect(data.from).toBe(FROM);
    expect(data.to).toBe(TO);
    expect(data.revenueByDay).toEqual([
      { date: '2024-03-01', revenue: 71.4, orders: 2 },
      { date: '2024-03-02', revenue: 0, orders: 0 },
      { date: '2024-03-03', revenue: 19.99, orders: 1 },
      { date: '2024-03-04', revenue: 0, orders: 0 },
      { date: '2024-03-05', revenue: 0, orders: 0 },
      { date: '2024-03-06', revenue: 200, orders: 1 },
      { date: '2024-03-07', revenue: 11, orders: 1 },
    ]);
  });

  it('leaves out unpaid, expired and cancelled orders; the average ticket is exact to the cent', async () => {
    const { revenue } = await summaryOf(FROM, TO);
    // 45,90 + 25,50 + 19,99 + 200,00 + 11,00; 302,39 / 5 = 60,478
    expect(revenue).toEqual({ total: 302.39, paidOrders: 5, averageTicket: 60.48 });
  });

  it('a period without paid orders has no average ticket', async () => {
    const { revenue } = await summaryOf('2024-03-04', '2024-03-05');
    expect(revenue).toEqual({ total: 0, paidOrders: 0, averageTicket: null });
  });
});

describe('revenue of services', () => {
  it('adds the price of the appointments done on the days of the period, and the total with the orders', async () => {
    const data = await summaryOf(FROM, TO);
    // Ana 3, Bruno 1 and Davi (archived) 1 done in the period, R$ 50,00 each; Edu's is a day after
    expect(data.servicesRevenue).toEqual({ total: 250, done: 5 });
    expect(data.totalRevenue).toBe(552.39);
    // 04/03 to 05/03: a no-show and a cancelled one, neither is revenue
    const quiet = await summaryOf('2024-03-04', '2024-03-05');
    expect(quiet.servicesRevenue).toEqual({ total: 0, done: 0 });
    expect(quiet.totalRevenue).toBe(0);
    // 02/03: no paid order, two services done
    const servicesOnly = await summaryOf('2024-03-02', '2024-03-02');
    expect([servicesOnly.revenue.total, servicesOnly.servicesRevenue.total, servicesOnly.totalRevenue]).toEqual([
      0, 100, 100,
    ]);
  });
});

describe('orders per status', () => {
  it('counts the orders placed in the period by their status now, every status listed', async () => {
    const { ordersByStatus } = await summaryOf(FROM, TO);
    expect(ordersByStatus).toEqual([
      { status: 'Aguardando pagamento', count: 1 },
      { status: 'Processando', count: 2 },
      { status: 'Enviado', count: 1 },
      { status: 'Pronto para retirada', count: 0 },
      { status: 'Entregue', count: 1 },
      { status: 'Cancelado', count: 2 },
    ]);
  });
});

describe('top products', () => {
  it('ranks by units and by revenue over paid orders only, ten at most, ties by revenue then name', async () => {
    const data = await summaryOf(FROM, TO);
    const extra = (n: number) => ({
      productId: ids[`e${n}`],
      name: `Extra ${String(n).padStart(2, '0')}`,
      units: 1,
      revenue: 1,
    });
    const a = { productId: ids.a, name: 'Ração A', units: 4, revenue: 40 };
    const b = { productId: ids.b, name: 'Coleira B', units: 1, revenue: 25.5 };
    const c = { productId: ids.c, name: 'Petisco C', units: 3, revenue: 9.99 };
    const d = { productId: ids.d, name: 'Cama D', units: 2, revenue: 200 };
    expect(data.topProductsByUnits).toEqual([a, c, d, b, ...[1, 2, 3, 4, 5, 6].map(extra)]);
    expect(data.topProductsByRevenue).toEqual([d, a, b, c, ...[1, 2, 3, 4, 5, 6].map(extra)]);
  });
});

describe('appointments', () => {
  it('counts per status and per employee on the days of the period', async () => {
    const data = await summaryOf(FROM, TO);
    expect(data.appointmentsByStatus).toEqual([
      { status: 'Agendado', count: 1 },
      { status: 'Em atendimento', count: 1 },
      { status: 'Concluído', count: 5 },
      { status: 'Não compareceu', count: 2 },
      { status: 'Cancelado', count: 1 },
    ]);
    const byStatus = (agendado: number, atendimento: number, concluido: number, faltou: number, cancelado: number) => [
      { status: 'Agendado', count: agendado },
      { status: 'Em atendimento', count: atendimento },
      { status: 'Concluído', count: concluido },
      { status: 'Não compareceu', count: faltou },
      { status: 'Cancelado', count: cancelado },
    ];
    // Active employees always (Carla with zero); an archived one only with appointments in the period.
    expect(data.appointmentsByEmployee).toEqual([
      { employeeId: ids.ana, name: 'Ana Souza', total: 6, byStatus: byStatus(1, 0, 3, 1, 1) },
      { employeeId: ids.bruno, name: 'Bruno Lima', total: 3, byStatus: byStatus(0, 1, 1, 1, 0) },
      { employeeId: ids.davi, name: 'Davi Rocha', total: 1, byStatus: byStatus(0, 0, 1, 0, 0) },
      { employeeId: ids.carla, name: 'Carla Dias', total: 0, byStatus: byStatus(0, 0, 0, 0, 0) },
    ]);
  });

  it('the no-show rate is Não compareceu over Concluído + Não compareceu', async () => {
    expect((await summaryOf(FROM, TO)).noShow).toEqual({ rate: 0.2857, noShows: 2, finished: 7 });
    // 04/03: Ana's only appointment that day was a no-show.
    expect((await summaryOf('2024-03-04', '2024-03-04')).noShow).toEqual({ rate: 1, noShows: 1, finished: 1 });
    // 05/03: only a cancelled one, nothing finished: no rate rather than 0 %.
    expect((await summaryOf('2024-03-05', '2024-03-05')).noShow).toEqual({ rate: null, noShows: 0, finished: 0 });
  });
});

describe('low stock', () => {
  it('lists catalogue products with 5 units or fewer, emptiest first, whatever the period', async () => {
    const expected = [
      { id: ids.empty, name: 'Areia esgotada', stock: 0 },
      { id: ids.five, name: 'Shampoo com cinco', stock: 5 },
    ];
    expect((await summaryOf(FROM, TO)).lowStock).toEqual(expected);
    expect((await summaryOf('2020-01-01', '2020-01-01')).lowStock).toEqual(expected);
  });
});

describe('orders through checkout and the bank', () => {
  it('a card order counts today, a Pix counts once the bank pays it, a cancelled one stops counting', async () => {
    const today = businessMoment().date;
    const buyer = await t.customer();
    const card = await f.paidOrder(buyer, { quantity: 2, priceCents: 2500, deliveryMethod: 'Retirada na loja' });
    const productId = await product('Produto do Pix', 4590, 10);
    const cartId = await f.add(buyer, productId, 1);
    const pix = await f.pay(buyer, { cartId, paymentMethod: 'Pix', deliveryMethod: 'Retirada na loja' });
    expect(pix.statusCode).toBe(201);
    const { payment } = pix.json().data as { payment: { id: number; txid: string } };

    let data = await summaryOf(today, today);
    expect(data.revenue).toEqual({ total: 50, paidOrders: 1, averageTicket: 50 });
    expect(data.ordersByStatus.find((s: { status: string }) => s.status === 'Aguardando pagamento').count).toBe(1);
    expect(data.topProductsByUnits).toEqual([
      { productId: card.productId, name: expect.any(String), units: 2, revenue: 50 },
    ]);

    const paid = await t.app.inject({
      method: 'POST',
      url: `/api/sandbox/pix/${payment.txid}/pay`,
      headers: buyer.auth,
    });
    expect(paid.statusCode).toBe(200);
    for (let i = 0; i < 100; i += 1) {
      const [row] = await t.db.select({ status: payments.status }).from(payments).where(eq(payments.id, payment.id));
      if (row?.status === 'Aprovado') break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    data = await summaryOf(today, today);
    expect(data.revenue).toEqual({ total: 95.9, paidOrders: 2, averageTicket: 47.95 });

    const cancel = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/admin/cancel/${card.orderId}`,
      headers: admin.auth,
    });
    expect(cancel.statusCode).toBe(200);
    data = await summaryOf(today, today);
    expect(data.revenue).toEqual({ total: 45.9, paidOrders: 1, averageTicket: 45.9 });
    expect(data.revenueByDay).toEqual([{ date: today, revenue: 45.9, orders: 1 }]);
  });
});
