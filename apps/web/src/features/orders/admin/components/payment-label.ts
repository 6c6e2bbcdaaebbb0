import type { AdminOrder } from '@petshop/domain';

/** "Pix — Pendente"; a payment that must go back to the customer says so. */
export const paymentLabel = (order: AdminOrder) =>
  `${order.paymentMethod} — ${order.paymentStatus}${order.refundDue ? ' (estorno pendente)' : ''}`;
