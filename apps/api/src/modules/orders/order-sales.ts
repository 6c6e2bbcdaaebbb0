import {
  type AdminOrder,
  type AdminOrdersQuery,
  checkoutMethod,
  fromCents,
  orderStatusField,
  paymentStatusField,
} from '@petshop/domain';
import type { Db } from '../../db/client';
import type { AuthUser } from '../../lib/auth-user';
import { storeScopeOf } from '../../lib/store-scope';
import { itemsByOrder, timelineByOrder } from './order-lines';
import * as sales from './order-sales.repository';

const status = (value: string) => orderStatusField.parse(value);

type AdminRow = Awaited<ReturnType<typeof sales.listAll>>[number];

/** Pickup orders have no address (the columns are null together). */
function addressOf(row: AdminRow): AdminOrder['addresses'] {
  const { street, number, complement, district, city, cep } = row;
  if (street === null || number === null || district === null || city === null || cep === null) return null;
  return { street, number, complement: complement ?? '', district, city, cep };
}

/** Staff's sales list (every order for the owner; a manager's or receptionist's stores' only), newest first, narrowed by `query`'s date range, status and customer. */
export async function listAll(db: Db, auth: AuthUser, query: AdminOrdersQuery) {
  const scope = storeScopeOf(auth);
  const storeIds = scope.all ? undefined : scope.storeIds;
  const { limit, offset, ...filter } = query;
  const page = { limit, offset };
  const rows = await sales.listAll(db, page, storeIds, filter);
  const ids = rows.map((row) => row.id);
  const [itemsOf, timelineOf] = await Promise.all([itemsByOrder(db, ids), timelineByOrder(db, ids)]);
  const items: AdminOrder[] = rows.map((row) => ({
    orderId: row.id,
    userId: row.userId,
    userName: row.userName,
    userEmail: row.userEmail,
    totalValue: fromCents(row.totalCents),
    status: status(row.status),
    orderDate: row.createdAt.toISOString(),
    items: itemsOf(row.id).map((item) => ({ productName: item.productName, quantity: item.quantity })),
    addresses: addressOf(row),
    deliveryMethod: row.deliveryMethod,
    shippingPrice: fromCents(row.shippingCents),
    storeId: row.storeId,
    timeline: timelineOf(row.id),
    paymentMethod: checkoutMethod(row.method),
    paymentStatus: paymentStatusField.parse(row.paymentStatus),
    refundDue: row.refundDueAt !== null,
    refundedValue: fromCents(row.refundedCents),
  }));
  // An empty page carries no window count: count separately (only past the end).
  const total = rows[0]?.total ?? (page.offset > 0 ? await sales.countAll(db, storeIds, filter) : 0);
  return { items, total };
}
