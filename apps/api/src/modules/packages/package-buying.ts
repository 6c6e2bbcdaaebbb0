import { ORDER_STATUS, type PackageBuyBody, type PaymentResult } from '@petshop/domain';
import type { AuthUser } from '../../lib/auth-user';
import type { CheckoutContext } from '../orders/checkout';
import { payForService } from '../orders/service-checkout';
import * as purchases from './package-purchases.repository';
import * as packages from './packages.service';

/**
 * POST /packages/{id}/buy: an order with the package's line, paid like the cart (Pix, card,
 * boleto). The credits exist once it is paid: at once for an approved card, otherwise when the
 * bank confirms (the order lifecycle's settle calls packages.orderPaid).
 */
export async function buyPackage(
  ctx: CheckoutContext,
  auth: AuthUser,
  packageId: number,
  body: PackageBuyBody,
): Promise<PaymentResult> {
  const pkg = await packages.onSale(ctx.db, packageId);
  const pet = await packages.petFor(ctx.db, auth, body.petId, pkg);
  return payForService(ctx, auth, {
    paymentMethod: body.paymentMethod,
    ...(body.card && { card: body.card }),
    line: { name: `${pkg.name} — ${pet.name}`, unitPriceCents: pkg.priceCents },
    async placed(tx, order) {
      await packages.recordPurchase(tx, { orderId: order.id, packageId: pkg.id, petId: pet.id, userId: auth.id });
      if (order.status === ORDER_STATUS.processing) await packages.orderPaid(tx, order.id);
    },
    withdrawn: async (tx, orderId) => {
      await purchases.deleteOfOrder(tx, orderId);
    },
  });
}
