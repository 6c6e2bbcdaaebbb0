import { BUSINESS_TIME_ZONE, foldText, type OrderStatus, type PaginationQuery } from '@petshop/domain';
import { and, count, desc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { escapeLike, foldedContains } from '../../db/folded-search';
import { orders, payments, users } from '../../db/schema';

/** Hidden (deleted) orders are no sales. */
const visible = isNull(orders.deletedAt);

/** Only orders of these stores (a manager's or receptionist's), or every store when undefined. */
const ofStores = (storeIds: readonly number[] | undefined) =>
  storeIds === undefined ? undefined : inArray(orders.storeId, [...storeIds]);

/** The sales list's filters: each narrows the list when given. */
export interface SalesFilter {
  from?: string | undefined;
  to?: string | undefined;
  status?: OrderStatus | undefined;
  customer?: string | undefined;
}

/**
 * Placed on São Paulo days `from` to `to` (as instants, so orders_created_idx serves it), in
 * `status` now, of a customer whose name holds every word of `customer` (folded) or whose e-mail
 * holds it.
 */
function salesMatching({ from, to, status, customer }: SalesFilter) {
  const words = customer ? foldText(customer).split(/\s+/).filter(Boolean) : [];
  return and(
    from ? sql`${orders.createdAt} >= (${from}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})` : undefined,
    to ? sql`${orders.createdAt} < ((${to}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE})` : undefined,
    status ? eq(orders.status, status) : undefined,
    customer && words.length > 0
      ? or(
          and(...words.map((word) => foldedContains(users.name, word))),
          sql`lower(${users.email}) like ${`%${escapeLike(customer.trim().toLowerCase())}%`} escape '\\'`,
        )
      : undefined,
  );
}

/** One page of every visible order, newest first, with the total counted by the same query. */
export const listAll = (
  db: Executor,
  { limit, offset }: PaginationQuery,
  storeIds?: readonly number[],
  filter: SalesFilter = {},
) =>
  db
    .select({
      id: orders.id,
      userId: orders.userId,
      userName: users.name,
      userEmail: users.email,
      totalCents: orders.totalCents,
      status: orders.status,
      createdAt: orders.createdAt,
      deliveryMethod: orders.deliveryMethod,
      shippingCents: orders.shippingCents,
      storeId: orders.storeId,
      street: orders.addressStreet,
      number: orders.addressNumber,
      complement: orders.addressComplement,
      district: orders.addressDistrict,
      city: orders.addressCity,
      cep: orders.addressCep,
      method: payments.method,
      paymentStatus: payments.status,
      refundDueAt: payments.refundDueAt,
      refundedCents: payments.refundedCents,
      total: sql<number>`count(*) over ()`.mapWith(Number),
    })
    .from(orders)
    .innerJoin(users, eq(users.id, orders.userId))
    .innerJoin(payments, eq(payments.id, orders.paymentId))
    .where(and(visible, ofStores(storeIds), salesMatching(filter)))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);

export const countAll = async (db: Executor, storeIds?: readonly number[], filter: SalesFilter = {}) =>
  (
    await db
      .select({ n: count() })
      .from(orders)
      .innerJoin(users, eq(users.id, orders.userId))
      .where(and(visible, ofStores(storeIds), salesMatching(filter)))
  )[0]?.n ?? 0;
