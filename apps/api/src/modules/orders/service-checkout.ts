import {
  type CardPayment,
  DELIVERY_METHOD,
  PAYMENT_STATUS,
  type PaymentMethod,
  type PaymentResult,
} from '@petshop/domain';
import type { Tx } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';
import { assertCard, cardInFlight, noteCardAttempt } from '../payments/card-charge';

import * as payments from '../payments/payments.service';
import { chargeHeldCard } from './card-checkout';
import { payerOf } from './checkout-parties';
import * as lifecycle from './order-lifecycle';

/** Something the shop sells that is no stock (a package): one line, no delivery. */
export interface ServiceSale {
  paymentMethod: PaymentMethod;
  card?: CardPayment;
  line: { name: string; unitPriceCents: number };
  /** in the order's transaction, once the order is placed (paid at once when its status says so) */
  placed: (tx: Tx, order: { id: number; status: string }) => Promise<void>;
  /** the card PSP made no charge: what `placed` wrote goes, in the transaction that withdraws the order */
  withdrawn: (tx: Tx, orderId: number) => Promise<void>;
}

/**
 * Sells one line that takes no stock, with the payment lifecycle of the cart: a Pix or boleto
 * issued before the transaction, a card asked for after it (card-checkout.ts) for the order id
 * reserved for it. The order is a pickup with no address ('Retirada na loja', free).
 */
export async function payForService(
  ctx: payments.PayContext,
  auth: AuthUser,
  sale: ServiceSale,
): Promise<PaymentResult> {
  const { paymentMethod, line, card } = sale;
  payments.assertOffered(ctx, paymentMethod);
  const totalCents = line.unitPriceCents;
  const bank = payments.isBankCharge(paymentMethod);
  let cardData: CardPayment | undefined;
  if (!bank) {
    assertCard(card);
    cardData = card;
  }
  const issued = bank
    ? await payments.issueBankCharge(ctx, paymentMethod, totalCents, () =>
        payerOf(ctx.db, auth.id, undefined, paymentMethod),
      )
    : undefined;
  const orderId = await lifecycle.reserveOrderId(ctx.db);
  if (!issued) await noteCardAttempt(ctx.db, orderId, auth.id);
  const charge = issued ?? cardInFlight(orderId, totalCents);
  const placed = await ctx.db.transaction(async (tx) => {
    const paymentId = await payments.recordCharge(
      tx,
      { owner: { kind: 'order', id: orderId }, storeId: null, userId: auth.id },
      paymentMethod,
      charge,
      undefined,
    );
    const order = await lifecycle.place(
      tx,
      {
        id: orderId,
        userId: auth.id,
        paymentId,
        paymentPending: charge.status === PAYMENT_STATUS.pending,
        totalCents,
        deliveryMethod: DELIVERY_METHOD.pickup,
        shippingCents: 0,
        announce: issued !== undefined,
      },
      [{ productId: null, productName: line.name, quantity: 1, unitPriceCents: line.unitPriceCents }],
    );
    await sale.placed(tx, order);
    return { paymentId, order, payer: cardData ? await payerOf(tx, auth.id, undefined, paymentMethod) : undefined };
  });
  const { paymentId, order, payer } = placed;
  if (!cardData || !payer)
    return { payment: payments.paymentView({ id: paymentId, method: paymentMethod, ...charge }), order };
  const held = { orderId, paymentId, method: paymentMethod, totalCents, card: cardData, payer };
  return chargeHeldCard(ctx, held, (tx) => sale.withdrawn(tx, orderId));
}
