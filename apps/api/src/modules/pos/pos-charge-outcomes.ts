import type { ChargeOutcomes } from '../payments/payment-settlement';
import { pixExpired, pixPaid } from './pos-sale-outcomes';

/** What a counter Pix's fate does to its sale (handed to payments at start-up, beside the orders'). */
export const posChargeOutcomes: ChargeOutcomes = {
  paid: pixPaid,
  expired: pixExpired,
  // A counter return records its own refunds (and takes back a package's credits itself); a
  // chargeback of a Pix does not happen.
  async refunding() {},
  async refunded() {},
  async chargedBack() {},
};
