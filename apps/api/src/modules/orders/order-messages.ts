import { PAYMENT_STATUS, type RefundKind } from '@petshop/domain';
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
  await messages.enqueue(tx, {
    kind: `order-${event}`,
    to: await users.messageRecipient(tx, order.userId),
    eventKey: `order:${orderId}:${event}`,
    payload: payloadOf(orderId, order),
  });
}

function payloadOf(orderId: number, order: NonNullable<Awaited<ReturnType<typeof repo.findForMessage>>>) {
  const pending = order.paymentStatus === PAYMENT_STATUS.pending;
  const details = (order.details ?? {}) as { pixCode?: string; expiresAt?: string };
  return {
    orderId,
    totalCents: order.totalCents,
    paymentMethod: order.paymentMethod,
    items: order.items,
    pixCode: pending ? (details.pixCode ?? null) : null,
    expiresAt: pending ? (details.expiresAt ?? null) : null,
  };
}

/** Money given back (or, for a boleto, promised by transfer): one message per refund. */
export async function orderRefunded(
  tx: Db | Tx,
  orderId: number,
  refund: { id: number; amountCents: number; kind: RefundKind },
) {
  const order = await repo.findForMessage(tx, orderId);
  if (!order) return;
  await messages.enqueue(tx, {
    kind: 'order-refunded',
    to: await users.messageRecipient(tx, order.userId),
    eventKey: `order:${orderId}:refund:${refund.id}`,
    payload: { ...payloadOf(orderId, order), refundCents: refund.amountCents, refundKind: refund.kind },
  });
}

/** A card payment disputed with the bank: every admin is told. */
export async function orderChargedBack(tx: Db | Tx, orderId: number) {
  const order = await repo.findForMessage(tx, orderId);
  if (!order) return;
  for (const adminId of await users.listAdminIds(tx)) {
    await messages.enqueue(tx, {
      kind: 'order-charged-back',
      to: await users.messageRecipient(tx, adminId),
      eventKey: `order:${orderId}:charged-back:${adminId}`,
      payload: payloadOf(orderId, order),
    });
  }
}
