import { ORDER_STATUS, type OrderStatus, PAYMENT_STATUS, type PaymentStatus } from '@petshop/domain';
import { StatusBadge, type StatusTone as Tone } from '../../../components/ui/status-badge';

const ORDER_TONE: Record<OrderStatus, Tone> = {
  [ORDER_STATUS.awaitingPayment]: 'waiting',
  [ORDER_STATUS.processing]: 'progress',
  [ORDER_STATUS.shipped]: 'progress',
  [ORDER_STATUS.readyForPickup]: 'progress',
  [ORDER_STATUS.delivered]: 'done',
  [ORDER_STATUS.cancelled]: 'closed',
};

const PAYMENT_TONE: Partial<Record<PaymentStatus, Tone>> = {
  [PAYMENT_STATUS.refundPending]: 'waiting',
  [PAYMENT_STATUS.refunded]: 'done',
  [PAYMENT_STATUS.partiallyRefunded]: 'progress',
  [PAYMENT_STATUS.refundFailed]: 'problem',
  [PAYMENT_STATUS.chargedBack]: 'problem',
};

/** The order's status as a coloured pill (the word carries the meaning, the colour only helps). */
export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return (
    <StatusBadge tone={ORDER_TONE[status]} className="order-badge">
      {status}
    </StatusBadge>
  );
}

/** A refund or a dispute on the payment, as a second pill; nothing for an ordinary payment. */
export function RefundBadge({ status }: { status: PaymentStatus }) {
  const tone = PAYMENT_TONE[status];
  return tone ? (
    <StatusBadge tone={tone} className="order-badge">
      {status}
    </StatusBadge>
  ) : null;
}
