import { randomUUID } from 'node:crypto';
import { addDays, businessMoment, CYCLE_STATUS, SUBSCRIPTION_STATUS, weekdayOf } from '@petshop/domain';
import { type RunningCardStandIn, startCardStandIn } from '@petshop/sandbox/testing';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  appointments,
  employees,
  messages,
  orders,
  payments,
  petCreditEntries,
  petCredits,
  pets,
  stockMovements,
  subscriptionCycles,
  subscriptionDates,
  subscriptions,
} from '../src/db/schema';
import { chargeDueCycles } from '../src/modules/plans/subscription-charging';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { bookingFixtures, notSunday } from './support/booking';
import { CARD_PSP } from './support/card-psp';
import { cardFor } from './support/card-token';
import { checkoutFixtures } from './support/checkout';

vi.setConfig({ testTimeout: 60_000 });

let t: TestContext;
let psp: RunningCardStandIn;
let admin: LoggedIn;
let shop: ReturnType<typeof checkoutFixtures>;
let serviceId: number;
let employeeId: number;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
async function until(check: () => Promise<boolean>, ms = 10_000) {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > ms) throw new Error(`not within ${ms} ms`);
    await sleep(20);
  }
}

beforeAll(async () => {
  psp = await startCardStandIn({ ...CARD_PSP, webhookUrl: () => `${t.baseUrl}/api/webhooks/cards` });
  t = await createTestContext({
    CARD_PSP_URL: psp.url,
    CARD_PSP_ACCESS_TOKEN: CARD_PSP.accessToken,
    CARD_PSP_PUBLIC_KEY: CARD_PSP.publicKey,
    CARD_WEBHOOK_SECRET: CARD_PSP.webhookSecret,
    CARD_PSP_TIMEOUT_MS: '4000',
  });
  admin = await t.admin();
  shop = checkoutFixtures(t);
  const booking = bookingFixtures(t);
  serviceId = await booking.service();
  employeeId = await booking.employee('Banhista dos reembolsos');
});
afterAll(async () => {
  await t.close();
  await psp.stop();
});

const refund = (orderId: number, payload: object, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/${orderId}/refund`,
    headers: key ? { ...admin.auth, 'idempotency-key': key } : admin.auth,
    payload,
  });
const orderStatus = async (id: number) =>
  (await t.db.select({ status: orders.status }).from(orders).where(eq(orders.id, id)))[0]?.status;
const paymentRow = async (id: number) => (await t.db.select().from(payments).where(eq(payments.id, id)))[0];
const refundedAtPsp = (pspPaymentId: string) => psp.cards.payment(Number(pspPaymentId))?.transaction_amount_refunded;
/** The order's movements back to the shelf ('cancelamento'): one per product, once. */
const cancelMovements = async (orderId: number) =>
  t.db
    .select()
    .from(stockMovements)
    .where(and(eq(stockMovements.ref, `order:${orderId}`), eq(stockMovements.reason, 'cancelamento')));

/** A paid card order of `quantity` units of a new product (R$ 100,00 each, 10 in stock). */
async function cardOrder(quantity = 2, deliveryMethod = 'Retirada na loja') {
  const user = await t.customer();
  const productId = await shop.product(`Produto ${randomUUID().slice(0, 8)}`, 10, 10_000);
  const addressId = await shop.address(user);
  const cartId = await shop.add(user, productId, quantity);
  const card = await cardFor(t.baseUrl, { holder: 'APRO' });
  const res = await shop.pay(user, { cartId, addressId, paymentMethod: 'Cartão de Crédito', deliveryMethod, card });
  expect(res.statusCode, res.body).toBe(201);
  const { order, payment } = res.json().data as {
    order: { id: number };
    payment: { id: number; pspPaymentId: string };
  };
  return { user, productId, order, payment };
}

describe('a full refund gives back what was bought', () => {
  it('cancels an order not yet handed over, stock back exactly once; a partial one leaves it be', async () => {
    const { order, productId, payment } = await cardOrder(2);
    expect(await shop.stockOf(productId)).toBe(8);
    const part = await refund(order.id, { amount: 50, reason: 'Um item com defeito' });
    expect(part.statusCode, part.body).toBe(201);
    expect(await orderStatus(order.id)).toBe('Processando');
    expect(await shop.stockOf(productId)).toBe(8);

    const rest = await refund(order.id, { reason: 'Cliente desistiu' });
    expect(rest.statusCode, rest.body).toBe(201);
    expect(rest.json().data.payment).toMatchObject({ status: 'Reembolsado', refundedValue: 200 });
    expect(await orderStatus(order.id)).toBe('Cancelado');
    expect(await shop.stockOf(productId)).toBe(10);
    expect(await cancelMovements(order.id)).toHaveLength(1);
    expect(refundedAtPsp(payment.pspPaymentId)).toBe(200);
    // Nothing is left to give back, and nothing comes back twice.
    expect((await refund(order.id, { reason: 'De novo' })).statusCode).toBe(409);
    expect(await shop.stockOf(productId)).toBe(10);
    // The payment is not 'refund due' for the cancel: the refund is the money going back.
    expect((await paymentRow(payment.id))?.refundDueAt).toBeNull();
  });

  it('leaves a delivered order delivered and records the refund; its stock stays sold', async () => {
    const { order, productId, payment } = await cardOrder(1);
    for (const status of ['Pronto para retirada', 'Entregue']) {
      const moved = await t.app.inject({
        method: 'PUT',
        url: `/api/orders/${order.id}`,
        headers: admin.auth,
        payload: { status },
      });
      expect(moved.statusCode, moved.body).toBe(200);
    }
    const res = await refund(order.id, { reason: 'Produto com defeito' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await orderStatus(order.id)).toBe('Entregue');
    expect(await shop.stockOf(productId)).toBe(9);
    expect((await paymentRow(payment.id))?.status).toBe('Reembolsado');
  });

  it('takes amounts with at most two decimals: 10.005 and 0.001 are a 400 naming the amount, and nothing moves', async () => {
    const { order, payment } = await cardOrder(1);
    for (const amount of [10.005, 0.001]) {
      const res = await refund(order.id, { amount, reason: 'Centavos demais' });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().details).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ field: 'amount', message: 'Use no máximo 2 casas decimais.' }),
        ]),
      );
    }
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'Aprovado', refundedCents: 0 });
    expect(refundedAtPsp(payment.pspPaymentId)).toBe(0);
  });
});

describe("a package's money comes back only with its credits", () => {
  async function petOf(owner: LoggedIn) {
    const [row] = await t.db
      .insert(pets)
      .values({ userId: owner.user.id, name: 'Thor', age: 3, specie: 'Cachorro', size: 'Médio' })
      .returning({ id: pets.id });
    return row?.id as number;
  }

  /** A pet holding '4 banhos' (R$ 300,00, 4 credits) bought by an approved card. */
  async function packageOrder() {
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/packages',
      headers: admin.auth,
      payload: { name: '4 banhos — porte Médio', size: 'Médio', credits: 4, validityDays: 45, price: 300, serviceId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const owner = await t.customer();
    const petId = await petOf(owner);
    const card = await cardFor(t.baseUrl, { holder: 'APRO' });
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/packages/${created.json().data.id}/buy`,
      headers: owner.auth,
      payload: { petId, paymentMethod: 'Cartão de Crédito', card },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { order, payment } = res.json().data as {
      order: { id: number };
      payment: { id: number; pspPaymentId: string };
    };
    return { owner, petId, order, payment };
  }

  const remaining = async (owner: LoggedIn, petId: number) => {
    const res = await t.app.inject({ url: `/api/pets/${petId}/credits`, headers: owner.auth });
    return (res.json().data as { remaining: number }[]).reduce((sum, credit) => sum + credit.remaining, 0);
  };

  let dayOffset = 9;
  const bookWithCredit = async (owner: LoggedIn, petId: number) => {
    dayOffset += 1;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/appointments',
      headers: owner.auth,
      payload: {
        service_id: serviceId,
        employer_id: employeeId,
        pet_id: petId,
        appointment_date: notSunday(addDays(businessMoment().date, dayOffset)),
        appointment_time: '10:00',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.paidWith).toBe('Pacote');
  };

  it('a partial refund voids whole credits worth at least the amount, counted over every refund', async () => {
    const { owner, petId, order } = await packageOrder();
    expect(await remaining(owner, petId)).toBe(4);
    // R$ 10,00 of R$ 300,00: one credit (R$ 75,00) at least.
    expect((await refund(order.id, { amount: 10, reason: 'Desconto' })).statusCode).toBe(201);
    expect(await remaining(owner, petId)).toBe(3);
    // R$ 90,00 back in all: two credits.
    expect((await refund(order.id, { amount: 80, reason: 'Desconto' })).statusCode).toBe(201);
    expect(await remaining(owner, petId)).toBe(2);
    expect(await orderStatus(order.id)).toBe('Processando');
  });

  it('is refused (409) while fewer unused credits remain than it needs, and nothing changes', async () => {
    const { owner, petId, order, payment } = await packageOrder();
    await bookWithCredit(owner, petId);
    expect(await remaining(owner, petId)).toBe(3);
    const whole = await refund(order.id, { reason: 'Cliente desistiu' });
    expect(whole.statusCode, whole.body).toBe(409);
    expect(whole.json()).toMatchObject({ code: 'PACKAGE_CREDITS_USED', message: expect.stringMatching(/créditos/) });
    expect(await remaining(owner, petId)).toBe(3);
    expect(await paymentRow(payment.id)).toMatchObject({ status: 'Aprovado', refundedCents: 0 });
    expect(refundedAtPsp(payment.pspPaymentId)).toBe(0);
    // What the unused credits are worth still goes back: R$ 225,00 is three credits.
    const part = await refund(order.id, { amount: 225, reason: 'Três banhos não usados' });
    expect(part.statusCode, part.body).toBe(201);
    expect(await remaining(owner, petId)).toBe(0);
    // The customer cannot cancel it either: the cancel would refund it whole.
    const cancel = await t.app.inject({ method: 'DELETE', url: `/api/orders/cancel/${order.id}`, headers: owner.auth });
    expect(cancel.statusCode).toBe(409);
    expect(await orderStatus(order.id)).toBe('Processando');
  });

  it('a full refund of an unused package voids every credit and cancels its order', async () => {
    const { owner, petId, order, payment } = await packageOrder();
    const res = await refund(order.id, { reason: 'Cliente desistiu' });
    expect(res.statusCode, res.body).toBe(201);
    expect(await remaining(owner, petId)).toBe(0);
    expect(await orderStatus(order.id)).toBe('Cancelado');
    expect(refundedAtPsp(payment.pspPaymentId)).toBe(300);
  });

  it('a chargeback voids every credit left, used ones or not', async () => {
    const { owner, petId, payment } = await packageOrder();
    await bookWithCredit(owner, petId);
    psp.cards.settle(Number(payment.pspPaymentId), 'charged_back');
    await until(async () => (await paymentRow(payment.id))?.status === 'Contestado');
    expect(await remaining(owner, petId)).toBe(0);
  });

  // Both databases run it; on PostgreSQL the two requests truly overlap.
  it('two full refunds racing: credits voided once, money back once', async () => {
    const { owner, petId, order, payment } = await packageOrder();
    const answers = await Promise.all([
      refund(order.id, { reason: 'Pedido A' }),
      refund(order.id, { reason: 'Pedido B' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(await remaining(owner, petId)).toBe(0);
    const [voided] = await t.db
      .select({ n: sql<number>`coalesce(-sum(${petCreditEntries.delta}), 0)::int` })
      .from(petCreditEntries)
      .innerJoin(petCredits, eq(petCredits.id, petCreditEntries.creditId))
      .where(and(eq(petCredits.petId, petId), eq(petCreditEntries.reason, 'estorno')));
    expect(Number(voided?.n)).toBe(4);
    expect(psp.cards.payment(Number(payment.pspPaymentId))?.refunds).toHaveLength(1);
    expect(refundedAtPsp(payment.pspPaymentId)).toBe(300);
  });
});

describe('a plan cycle whose card money goes back', () => {
  /** A weekday two or more days ahead that is not Sunday. */
  function planWeekday() {
    for (let days = 2; ; days += 1) {
      const date = addDays(businessMoment().date, days);
      if (weekdayOf(date) !== 0) return { weekday: weekdayOf(date), first: date };
    }
  }
  const deps = () => ({ db: t.db, payments: t.app.planPayments, log: t.app.log });
  const dateOf = (subscriptionId: number, onDate: string) =>
    t.db
      .select()
      .from(subscriptionDates)
      .where(and(eq(subscriptionDates.subscriptionId, subscriptionId), eq(subscriptionDates.onDate, onDate)));

  /** A weekly plan paid by card whose first cycle was charged (and, with the APRO holder, paid). */
  async function paidCycle(petName: string, holder = 'APRO', time = petName === 'Pipoca' ? '08:30' : '14:00') {
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/plans',
      headers: admin.auth,
      payload: { name: `Banho semanal ${petName}`, serviceId, size: 'Médio', frequency: 'SEMANAL', price: 79.9 },
    });
    expect(plan.statusCode, plan.body).toBe(201);
    const customer = await t.customer();
    const [pet] = await t.db
      .insert(pets)
      .values({ userId: customer.user.id, name: petName, age: 3, specie: 'Cachorro', size: 'Médio' })
      .returning({ id: pets.id });
    const { weekday, first } = planWeekday();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/plans/${plan.json().data.id}/subscribe`,
      headers: customer.auth,
      payload: {
        petId: pet?.id,
        weekday,
        time,
        employeeId,
        paymentMethod: 'Cartão de Crédito',
        card: await cardFor(t.baseUrl, { holder }),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const subscriptionId = res.json().data.id as number;
    await chargeDueCycles(deps(), new Date(`${addDays(first, -2)}T15:00:00Z`));
    const [cycle] = await t.db
      .select()
      .from(subscriptionCycles)
      .where(eq(subscriptionCycles.subscriptionId, subscriptionId));
    expect(cycle).toMatchObject({
      status: holder === 'APRO' ? CYCLE_STATUS.paid : CYCLE_STATUS.charged,
      dueOn: first,
    });
    const [payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.id, cycle?.paymentId ?? 0));
    return {
      subscriptionId,
      cycleId: cycle?.id ?? 0,
      paymentId: payment?.id ?? 0,
      pspPaymentId: String(payment?.pspPaymentId),
      first,
    };
  }
  const cycleRow = async (id: number) =>
    (await t.db.select().from(subscriptionCycles).where(eq(subscriptionCycles.id, id)))[0];
  const subscriptionStatus = async (id: number) =>
    (await t.db.select().from(subscriptions).where(eq(subscriptions.id, id)))[0]?.status;
  const appointmentStatusOn = async (subscriptionId: number, onDate: string) => {
    const [date] = await dateOf(subscriptionId, onDate);
    const [row] = await t.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, date?.appointmentId ?? 0));
    return row?.status;
  };

  it("refunded at the PSP: that cycle's appointment is released, once; the next ones stay booked", async () => {
    const { subscriptionId, cycleId, pspPaymentId, first } = await paidCycle('Pipoca');
    expect(await appointmentStatusOn(subscriptionId, first)).toBe('Agendado');
    psp.cards.settle(Number(pspPaymentId), 'refunded');
    await until(async () => (await cycleRow(cycleId))?.status === CYCLE_STATUS.cancelled);
    expect(await cycleRow(cycleId)).toMatchObject({ failure: 'Reembolsada no cartão' });
    expect(await appointmentStatusOn(subscriptionId, first)).toBe('Cancelado');
    expect(await appointmentStatusOn(subscriptionId, addDays(first, 7))).toBe('Agendado');
    expect(await subscriptionStatus(subscriptionId)).toBe(SUBSCRIPTION_STATUS.active);
    // The same notification again changes nothing more.
    psp.cards.settle(Number(pspPaymentId), 'refunded');
    await psp.cards.whenIdle();
    expect(await appointmentStatusOn(subscriptionId, addDays(first, 7))).toBe('Agendado');
  });

  it("a cycle's charge is a ledger row of owner subscription_cycle, of the plan's store", async () => {
    const { cycleId, paymentId } = await paidCycle('Bolinha', 'APRO', '10:00');
    const [store] = await t.db
      .select({ storeId: employees.storeId })
      .from(employees)
      .where(eq(employees.id, employeeId));
    expect(await paymentRow(paymentId)).toMatchObject({
      ownerKind: 'subscription_cycle',
      ownerId: cycleId,
      storeId: store?.storeId,
      method: 'Cartão de Crédito',
      status: 'Aprovado',
      totalCents: 7990,
    });
    expect((await paymentRow(paymentId))?.settledAt).toBeInstanceOf(Date);
  });

  it("the card webhook settles a cycle's charge pending at the PSP, through the ledger", async () => {
    const { cycleId, paymentId, pspPaymentId } = await paidCycle('Amora', 'CONT', '11:00');
    expect(await paymentRow(paymentId)).toMatchObject({ ownerKind: 'subscription_cycle', status: 'Pendente' });
    psp.cards.settle(Number(pspPaymentId), 'approved');
    await until(async () => (await cycleRow(cycleId))?.status === CYCLE_STATUS.paid);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'Aprovado' });
  });

  it('an admin refunds a cycle once: the same request again answers the same refund; 4xx change nothing', async () => {
    const { subscriptionId, cycleId, paymentId, pspPaymentId, first } = await paidCycle('Thor', 'APRO', '16:00');
    const url = (sub: number, cycle: number) => `/api/subscriptions/${sub}/cycles/${cycle}/refund`;
    const ask = (payload: object, key: string, sub = subscriptionId) =>
      t.app.inject({
        method: 'POST',
        url: url(sub, cycleId),
        headers: { ...admin.auth, 'idempotency-key': key },
        payload,
      });
    const tooMuch = await ask({ amount: 80, reason: 'Valor errado' }, randomUUID());
    expect(tooMuch.statusCode).toBe(409);
    expect(tooMuch.json().message).toContain('passa do valor pago');
    const elsewhere = await ask({ reason: 'Outra assinatura' }, randomUUID(), subscriptionId + 1000);
    expect(elsewhere.statusCode).toBe(404);
    expect(refundedAtPsp(pspPaymentId)).toBe(0);

    const key = randomUUID();
    const first_ = await ask({ reason: 'Cliente desistiu' }, key);
    expect(first_.statusCode, first_.body).toBe(201);
    expect(first_.json().data.refund).toMatchObject({ amount: 79.9, kind: 'card', status: 'concluido' });
    const again = await ask({ reason: 'Cliente desistiu' }, key);
    expect(again.statusCode, again.body).toBe(201);
    expect(again.json().data.refund.id).toBe(first_.json().data.refund.id);
    expect(psp.cards.payment(Number(pspPaymentId))?.refunds).toHaveLength(1);
    expect(refundedAtPsp(pspPaymentId)).toBe(79.9);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'Reembolsado', refundedCents: 7990 });
    expect(await cycleRow(cycleId)).toMatchObject({ status: CYCLE_STATUS.cancelled, failure: 'Reembolsada pela loja' });
    expect(await appointmentStatusOn(subscriptionId, first)).toBe('Cancelado');
    // Nothing left to give back: a new request is refused in pt-BR.
    const notPaid = await ask({ reason: 'De novo' }, randomUUID());
    expect(notPaid.statusCode).toBe(409);
    expect(notPaid.json()).toMatchObject({ code: 'CYCLE_NOT_PAID', message: 'Só um ciclo pago pode ser reembolsado.' });
  });

  it('charged back: the cycle is released and the plan suspended, every later appointment freed', async () => {
    const { subscriptionId, cycleId, pspPaymentId, first } = await paidCycle('Paçoca');
    const booked = (await dateOf(subscriptionId, first))[0]?.appointmentId ?? 0;
    psp.cards.settle(Number(pspPaymentId), 'charged_back');
    await until(async () => (await subscriptionStatus(subscriptionId)) === SUBSCRIPTION_STATUS.suspended);
    expect(await cycleRow(cycleId)).toMatchObject({ status: CYCLE_STATUS.cancelled, failure: 'Contestada no cartão' });
    const [appointment] = await t.db
      .select({ status: appointments.status })
      .from(appointments)
      .where(eq(appointments.id, booked));
    expect(appointment?.status).toBe('Cancelado');
    // The customer and every admin are told, through the outbox.
    const notices = await t.db
      .select({ kind: messages.kind, userId: messages.userId, eventKey: messages.eventKey })
      .from(messages)
      .where(sql`${messages.eventKey} like ${`%:${cycleId}:%`}`);
    const kinds = notices.filter((m) => m.eventKey.startsWith('subscription-'));
    expect(kinds.some((m) => m.kind === 'subscription-suspended' && m.eventKey.endsWith(':contestacao'))).toBe(true);
    expect(kinds.some((m) => m.kind === 'subscription-charged-back' && m.userId === admin.user.id)).toBe(true);
  });
});
