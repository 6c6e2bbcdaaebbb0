import {
  BUSINESS_TIME_ZONE,
  type LedgerMethod,
  MONEY_RECEIVED_STATUSES,
  type PaymentOwnerKind,
  type PaymentStatus,
} from '@petshop/domain';
import { and, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { payments } from '../../db/schema';

export interface LedgerFilter {
  from?: string;
  to?: string;
  method?: LedgerMethod;
  status?: PaymentStatus;
  ownerKind?: PaymentOwnerKind;
  /** the stores to keep (undefined: every store, the owner's view) */
  storeIds?: readonly number[];
}

function whereOf(filter: LedgerFilter) {
  const where: SQL[] = [];
  if (filter.from)
    where.push(gte(payments.createdAt, sql`(${filter.from}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`));
  if (filter.to)
    where.push(lt(payments.createdAt, sql`((${filter.to}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE})`));
  if (filter.method) where.push(eq(payments.method, filter.method));
  if (filter.status) where.push(eq(payments.status, filter.status));
  if (filter.ownerKind) where.push(eq(payments.ownerKind, filter.ownerKind));
  // No stores: nothing (a store-less payment is only the owner's to see).
  if (filter.storeIds)
    where.push(filter.storeIds.length > 0 ? inArray(payments.storeId, [...filter.storeIds]) : sql`false`);
  return where.length > 0 ? and(...where) : undefined;
}

/** A page of payments, newest first. */
export const listPage = (db: Db, filter: LedgerFilter, page: { limit: number; offset: number }) =>
  db
    .select({
      id: payments.id,
      ownerKind: payments.ownerKind,
      ownerId: payments.ownerId,
      storeId: payments.storeId,
      method: payments.method,
      totalCents: payments.totalCents,
      status: payments.status,
      refundedCents: payments.refundedCents,
      pspPaymentId: payments.pspPaymentId,
      txid: payments.txid,
      nsu: payments.nsu,
      installments: payments.installments,
      cardBrand: payments.cardBrand,
      cardLastFour: payments.cardLastFour,
      createdAt: payments.createdAt,
      settledAt: payments.settledAt,
    })
    .from(payments)
    .where(whereOf(filter))
    .orderBy(desc(payments.createdAt), desc(payments.id))
    .limit(page.limit)
    .offset(page.offset);

/** Over every match: how many, what came in by method (money that arrived), and what went back. */
export const sums = (db: Db, filter: LedgerFilter) =>
  db
    .select({
      method: payments.method,
      n: sql<number>`count(*)::int`,
      receivedCents:
        sql<number>`coalesce(sum(${payments.totalCents}) filter (where ${inArray(payments.status, [...MONEY_RECEIVED_STATUSES])}), 0)::bigint`.mapWith(
          Number,
        ),
      refundedCents: sql<number>`coalesce(sum(${payments.refundedCents}), 0)::bigint`.mapWith(Number),
    })
    .from(payments)
    .where(whereOf(filter))
    .groupBy(payments.method);
