import { PAYMENT_STATUS } from '@petshop/domain';
import type { Db, Tx } from '../../db/client';
import * as messages from '../messages/messages.service';
import * as users from '../users/users.service';
import * as repo from './order-messages.repository';

export type OrderEvent = 'created' | 'paid' | 'cancelled' | 'expired' | 'delivered';

/**
 * Tells the customer, in the transaction of the change, what happened to their order, as it is at that
 * moment; one message per order and event however often the event is reported.
 */
export async function orderChanged(tx: Db | Tx, orderId: number, event: OrderEvent) {
  const order = await repo.findForMessage(tx, orderId);
  if (!order) return;
  const pending = order.paymentStatus === PAYMENT_STATUS.pending;
  const details = (order.details ?? {}) as { pixCode?: string; expiresAt?: string };
  await messages.enqueue(tx, {
    kind: `order-${event}`,
    to: await users.messageRecipient(tx, order.userId),
    eventKey: `order:${orderId}:${event}`,
    payload: {
      orderId,
      totalCents: order.totalCents,
      paymentMethod: order.paymentMethod,
      items: order.items,
      pixCode: pending ? (details.pixCode ?? null) : null,
      expiresAt: pending ? (details.expiresAt ?? null) : null,
    },
  });
}
