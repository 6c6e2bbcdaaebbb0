import { canApply, ORDER_MOVES, ORDER_STATUS, type OrderMove, type OrderStatus } from '@petshop/domain';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderStatusEvents, orders, payments } from '../src/db/schema';
import * as lifecycle from '../src/modules/orders/order-lifecycle';
import { createTestContext, type LoggedIn, type TestContext } from './helper';
import { checkoutFixtures } from './support/checkout';

let t: TestContext;
let f: ReturnType<typeof checkoutFixtures>;
let customer: LoggedIn;

beforeAll(async () => {
  t = await createTestContext();
  f = checkoutFixtures(t);
  customer = await t.customer();
});
afterAll(() => t.close());

const STATUSES = Object.values(ORDER_STATUS);
const MOVES = Object.keys(ORDER_MOVES) as OrderMove[];

const orderOf = async (orderId: number) =>
  (await t.db.select().from(orders).where(eq(orders.id, orderId)))[0] as typeof orders.$inferSelect;
const paymentOf = async (paymentId: number) =>
  (await t.db.select().from(payments).where(eq(payments.id, paymentId)))[0] as typeof payments.$inferSelect;
/** How often the order entered `status` (the trigger on orders writes one event per change). */
const timesIn = async (orderId: number, status: OrderStatus) =>
  (
    await t.db
      .select({ n: count() })
      .from(orderStatusEvents)
      .where(and(eq(orderStatusEvents.orderId, orderId), eq(orderStatusEvents.status, status)))
  )[0]?.n;

/** Runs one lifecycle move in its own transaction, starting from `from`. */
function run(move: OrderMove, orderId: number, from: OrderStatus) {
  return t.db.transaction(async (tx) => {
    switch (move) {
      case 'settle':
        return lifecycle.settle(tx, orderId);
      case 'expire':
        return lifecycle.expire(tx, orderId);
      case 'cancel':
        return lifecycle.cancel(tx, orderId, from);
      default:
        return lifecycle.advance(tx, orderId, move, from);
    }
  });
}

describe('the order lifecycle follows the state table and nothing else', () => {
  it.each(['Entrega', 'Retirada na loja'] as const)(
    'for %s: each move happens from the statuses the table allows and is refused from every other',
    async (deliveryMethod) => {
      const { orderId, productId } = await f.paidOrder(customer, { quantity: 2, stock: 10, deliveryMethod });
      const stockAfterPlacing = await f.stockOf(productId);
      expect(stockAfterPlacing).toBe(8);
      for (const status of STATUSES) {
        for (const move of MOVES) {
          // Test-only: put the order where this case starts (the stock stays as the order took it).
          await t.db.update(orders).set({ status }).where(eq(orders.id, orderId));
          const allowed = canApply(move, { status, deliveryMethod });
          const moved = await run(move, orderId, status);
          const after = await orderOf(orderId);
          if (allowed) {
            expect(moved, `${move} from ${status}`).toBeDefined();
            expect(after.status).toBe(ORDER_MOVES[move].to);
          } else {
            expect(moved, `${move} from ${status} must be refused`).toBeUndefined();
            expect(after.status).toBe(status);
          }
          const givesBack = allowed && (move === 'cancel' || move === 'expire');
          expect(await f.stockOf(productId), `${move} from ${status}`).toBe(givesBack ? 10 : 8);
          // Put the units back where the order holds them for the next case.
          if (givesBack)
            await t.db.transaction((tx) =>
              lifecycle.takeStock(tx, [{ productId, quantity: 2, productName: 'x' }], { orderId }),
            );
        }
      }
    },
  );

  it('moves nothing when the order is no longer where the caller read it (a stale read)', async () => {
    const { orderId, productId } = await f.paidOrder(customer, { quantity: 1, stock: 5 });
    expect((await orderOf(orderId)).status).toBe(ORDER_STATUS.processing);
    expect(await run('cancel', orderId, ORDER_STATUS.awaitingPayment)).toBeUndefined();
    expect(await run('deliver', orderId, ORDER_STATUS.shipped)).toBeUndefined();
    expect((await orderOf(orderId)).status).toBe(ORDER_STATUS.processing);
    expect(await f.stockOf(productId)).toBe(4);
  });

  it('cancelling a waiting order cancels its charge; cancelling a paid one marks the money to be given back', async () => {
    const waiting = await f.paidOrder(customer, { quantity: 1, method: 'Boleto' });
    expect((await orderOf(waiting.orderId)).status).toBe(ORDER_STATUS.awaitingPayment);
    expect(await run('cancel', waiting.orderId, ORDER_STATUS.awaitingPayment)).toBeDefined();
    expect((await paymentOf(waiting.paymentId)).status).toBe('Cancelado');
    expect((await paymentOf(waiting.paymentId)).refundDueAt).toBeNull();

    const paid = await f.paidOrder(customer, { quantity: 1 });
    expect(await run('cancel', paid.orderId, ORDER_STATUS.processing)).toBeDefined();
    expect((await paymentOf(paid.paymentId)).status).toBe('Aprovado');
    expect((await paymentOf(paid.paymentId)).refundDueAt).not.toBeNull();
  });
});

describe('parallel moves move an order once and its stock once', () => {
  const waitingOrder = async () => {
    const order = await f.paidOrder(customer, { quantity: 3, stock: 10, method: 'Boleto' });
    expect(await f.stockOf(order.productId)).toBe(7);
    return order;
  };

  it('two settles: one moves the order, one paid step, stock untouched', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { orderId, productId } = await waitingOrder();
      const results = await Promise.all([
        run('settle', orderId, ORDER_STATUS.awaitingPayment),
        run('settle', orderId, ORDER_STATUS.awaitingPayment),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      expect(await timesIn(orderId, ORDER_STATUS.processing)).toBe(1);
      expect(await f.stockOf(productId)).toBe(7);
    }
  });

  it('settle racing expire and cancel: exactly one wins, the stock comes back at most once', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { orderId, productId } = await waitingOrder();
      const results = await Promise.all([
        run('expire', orderId, ORDER_STATUS.awaitingPayment),
        run('settle', orderId, ORDER_STATUS.awaitingPayment),
        run('cancel', orderId, ORDER_STATUS.awaitingPayment),
        run('expire', orderId, ORDER_STATUS.awaitingPayment),
      ]);
      expect(results.filter(Boolean)).toHaveLength(1);
      const { status } = await orderOf(orderId);
      expect(await timesIn(orderId, status)).toBe(1);
      expect(await f.stockOf(productId)).toBe(status === ORDER_STATUS.cancelled ? 10 : 7);
    }
  });
});
