import type { ChargeOutcomes } from './payment-settlement';

/**
 * The outcomes of every module that takes payments (web orders, counter sales…), asked in turn in
 * the transaction that moved the payment; each acts only on the payments it knows.
 */
export const combineOutcomes = (...all: readonly ChargeOutcomes[]): ChargeOutcomes => ({
  async paid(tx, paymentId) {
    for (const outcomes of all) await outcomes.paid(tx, paymentId);
  },
  async expired(tx, paymentId) {
    for (const outcomes of all) await outcomes.expired(tx, paymentId);
  },
  async refunding(tx, paymentId, share) {
    for (const outcomes of all) await outcomes.refunding(tx, paymentId, share);
  },
  async refunded(tx, paymentId, refund) {
    for (const outcomes of all) await outcomes.refunded(tx, paymentId, refund);
  },
  async chargedBack(tx, paymentId) {
    for (const outcomes of all) await outcomes.chargedBack(tx, paymentId);
  },
});
