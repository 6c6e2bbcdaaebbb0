import type { OrderLineKeeper } from '../orders/order-line-keeper';
import * as packages from './packages.service';

/** A package bought online: its credits follow the order's money (handed to orders at start-up). */
export const packageOrderLines: OrderLineKeeper = {
  paid: packages.orderPaid,
  refunding: packages.orderRefunding,
  chargedBack: packages.orderChargedBack,
};
