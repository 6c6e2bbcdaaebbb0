import type { Tx } from '../../db/client';
import type { RefundShare } from '../payments/payment-settlement';

/**
 * What becomes of an order's lines that are no stock (a package's credits) when its money moves.
 * The packages module keeps them and hands this in where the app is put together: packages sells
 * through the checkout, so orders never imports packages.
 */
export interface OrderLineKeeper {
  /** the order is paid: what it bought exists from now on */
  paid(tx: Tx, orderId: number): Promise<void>;
  /** money of the order is about to go back: what it bought goes first (an AppError refuses) */
  refunding(tx: Tx, orderId: number, share: RefundShare): Promise<void>;
  /** the card holder disputed the payment: what it bought goes, whatever was used */
  chargedBack(tx: Tx, orderId: number): Promise<void>;
}

/** All the money of the order goes back. */
export const WHOLE: RefundShare = { refundedCents: 0, amountCents: 1, paidCents: 1 };

let keeper: OrderLineKeeper | undefined;

/** Set once at start-up (buildApp). */
export function keepOrderLinesWith(lines: OrderLineKeeper) {
  keeper = lines;
}

export function orderLines(): OrderLineKeeper {
  if (!keeper) throw new Error('no keeper of order lines: buildApp hands in the packages one');
  return keeper;
}
