import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { orderItems, orders, payments } from '../../db/schema';

/** What an order's messages show: its total, how it is paid and, while pending, the Pix to pay it with. */
export async function findForMessage(tx: Executor, orderId: number) {
  const [order] = await tx
    .select({
      userId: orders.userId,
      totalCents: orders.totalCents,
      paymentMethod: payments.method,
      paymentStatus: payments.status,
      details: payments.details,
    })
    .from(orders)
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.id, orderId));
  if (!order) return undefined;
  const items = await tx
    .select({ name: orderItems.productName, quantity: orderItems.quantity, unitPriceCents: orderItems.unitPriceCents })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.id));
  return { ...order, items };
}
