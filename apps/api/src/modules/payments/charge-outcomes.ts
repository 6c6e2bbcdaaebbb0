import type { PaymentOwnerKind } from '@petshop/domain';
import type { Tx } from '../../db/client';
import type { ChargeOutcomes } from './payment-settlement';
import { ownerKindOf } from './settlement.repository';

/**
 * The outcomes of every module that takes payments, each registered as the owner of one kind
 * (web orders, counter sales, plan cycles): a payment's fate goes to its owner only, in the
 * transaction that moved it.
 */
export const outcomesByOwner = (owners: Record<PaymentOwnerKind, ChargeOutcomes>): ChargeOutcomes => {
  const ownerOf = async (tx: Tx, paymentId: number) => {
    const kind = await ownerKindOf(tx, paymentId);
    return kind ? owners[kind] : undefined;
  };
  return {
    async paid(tx, paymentId) {
      await (await ownerOf(tx, paymentId))?.paid(tx, paymentId);
    },
    async expired(tx, paymentId) {
      await (await ownerOf(tx, paymentId))?.expired(tx, paymentId);
    },
    async refunding(tx, paymentId, share) {
      await (await ownerOf(tx, paymentId))?.refunding(tx, paymentId, share);
    },
    async refunded(tx, paymentId, refund) {
      await (await ownerOf(tx, paymentId))?.refunded(tx, paymentId, refund);
    },
    async chargedBack(tx, paymentId) {
      await (await ownerOf(tx, paymentId))?.chargedBack(tx, paymentId);
    },
    async refundedAtPsp(tx, paymentId) {
      await (await ownerOf(tx, paymentId))?.refundedAtPsp?.(tx, paymentId);
    },
  };
};
