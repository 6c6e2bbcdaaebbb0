import {
  APPOINTMENT_STATUS,
  type AppointmentStatus,
  BUSINESS_TIME_ZONE,
  LOW_STOCK_THRESHOLD,
  ORDER_STATUS,
  type OrderStatus,
  PAYMENT_STATUS,
  TOP_PRODUCTS_LIMIT,
} from '@petshop/domain';
import {
  type AnyColumn,
  and,
  asc,
  between,
  count,
  eq,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { appointments, employees, orderItems, orderStatusEvents, orders, payments, products } from '../../db/schema';

/** São Paulo business days, both included. */
export interface DayRange {
  from: string;
  to: string;
  /** these stores' rows (a manager's, or the one asked for); every store's when left out */
  storeIds?: readonly number[] | undefined;
}

/** Rows of the range's stores, when it names some. */
const ofStore = (column: AnyColumn, { storeIds }: DayRange) =>
  storeIds === undefined ? undefined : inArray(column, [...storeIds]);

/** [start of `from`, start of the day after `to`) as instants, so the timestamp indexes serve the range. */
const instantsOf = ({ from, to }: DayRange) => ({
  start: sql`(${from}::date::timestamp at time zone ${BUSINESS_TIME_ZONE})`,
  end: sql`((${to}::date + 1)::timestamp at time zone ${BUSINESS_TIME_ZONE})`,
});

const within = (column: AnyColumn, range: DayRange) => {
  const { start, end } = instantsOf(range);
  return sql`${column} >= ${start} and ${column} < ${end}`;
};

const businessDay = (instant: SQL) => sql<string>`(${instant} at time zone ${BUSINESS_TIME_ZONE})::date::text`;

/**
 * The orders paid in the range: payment approved, order not cancelled, dated by the step that
 * made them 'Processando' (checkout for cards, the bank's confirmation for Pix and boleto).
 */
const paidOrdersIn = (db: Db, range: DayRange) =>
  db.$with('paid_orders').as(
    db
      .select({
        orderId: sql<number>`${orders.id}`.as('paid_order_id'),
        totalCents: sql<number>`${orders.totalCents}`.as('paid_total_cents'),
        storeId: sql<number>`${orders.storeId}`.as('paid_store_id'),
        paidDay: businessDay(sql`min(${orderStatusEvents.at})`).as('paid_day'),
      })
      .from(orderStatusEvents)
      .innerJoin(orders, eq(orders.id, orderStatusEvents.orderId))
      .innerJoin(payments, eq(payments.id, orders.paymentId))
      .where(
        and(
          eq(orderStatusEvents.status, ORDER_STATUS.processing),
          within(orderStatusEvents.at, range),
          eq(payments.status, PAYMENT_STATUS.approved),
          ne(orders.status, ORDER_STATUS.cancelled),
          ofStore(orders.storeId, range),
        ),
      )
      .groupBy(orders.id),
  );

/** Revenue and paid orders per business day; days without any are absent. */
export function revenueByDay(db: Db, range: DayRange) {
  const paid = paidOrdersIn(db, range);
  return db
    .with(paid)
    .select({
      day: paid.paidDay,
      cents: sql<number>`sum(${paid.totalCents})`.mapWith(Number),
      orders: sql<number>`count(*)`.mapWith(Number),
    })
    .from(paid)
    .groupBy(paid.paidDay);
}

/** Revenue and paid orders per store; stores without any are absent. */
export function revenueByStore(db: Db, range: DayRange) {
  const paid = paidOrdersIn(db, range);
  return db
    .with(paid)
    .select({
      storeId: paid.storeId,
      cents: sql<number>`sum(${paid.totalCents})`.mapWith(Number),
      orders: sql<number>`count(*)`.mapWith(Number),
    })
    .from(paid)
    .groupBy(paid.storeId);
}

/** Appointments on the range's days per store, cancelled ones left out. */
export const appointmentsByStore = (db: Db, range: DayRange) =>
  db
    .select({ storeId: appointments.storeId, count: count() })
    .from(appointments)
    .where(
      and(
        between(appointments.appointmentDate, range.from, range.to),
        ne(appointments.status, APPOINTMENT_STATUS.cancelled),
        ofStore(appointments.storeId, range),
      ),
    )
    .groupBy(appointments.storeId);

/** Appointments done on the range's days: how many and what they cost (the price kept at booking). */
export const servicesDone = async (db: Db, range: DayRange) =>
  (
    await db
      .select({ count: count(), cents: sql<number>`coalesce(sum(${appointments.priceCents}), 0)`.mapWith(Number) })
      .from(appointments)
      .where(
        and(
          between(appointments.appointmentDate, range.from, range.to),
          eq(appointments.status, APPOINTMENT_STATUS.done),
          ofStore(appointments.storeId, range),
        ),
      )
  )[0] ?? { count: 0, cents: 0 };

/** Orders placed in the range by their status now, hidden cancelled ones included (kept for the books). */
export const ordersByStatus = (db: Db, range: DayRange) =>
  db
    .select({ status: sql<OrderStatus>`${orders.status}`, count: count() })
    .from(orders)
    .where(and(within(orders.createdAt, range), ofStore(orders.storeId, range)))
    .groupBy(orders.status);

/**
 * Units and revenue per product over the paid orders, ranked both ways; only the rows in either
 * top list leave the database. Lines of a product no longer in the table group by their name.
 */
export function topProducts(db: Db, range: DayRange) {
  const paid = paidOrdersIn(db, range);
  const units = sql`sum(${orderItems.quantity})`;
  const cents = sql`sum(${orderItems.quantity} * ${orderItems.unitPriceCents})`;
  const name = sql`coalesce(${products.name}, min(${orderItems.productName}))`;
  const ranked = db
    .with(paid)
    .select({
      productId: sql<number | null>`${orderItems.productId}`.as('product_id'),
      name: sql<string>`${name}`.as('name'),
      units: sql<number>`${units}`.as('units'),
      cents: sql<number>`${cents}`.as('cents'),
      byUnits: sql<number>`row_number() over (order by ${units} desc, ${cents} desc, ${name})`.as('by_units'),
      byRevenue: sql<number>`row_number() over (order by ${cents} desc, ${units} desc, ${name})`.as('by_revenue'),
    })
    .from(paid)
    .innerJoin(orderItems, eq(orderItems.orderId, paid.orderId))
    .leftJoin(products, eq(products.id, orderItems.productId))
    .groupBy(
      orderItems.productId,
      products.name,
      sql`case when ${orderItems.productId} is null then ${orderItems.productName} end`,
    )
    .as('ranked');
  return db
    .select({
      productId: ranked.productId,
      name: ranked.name,
      units: sql<number>`${ranked.units}`.mapWith(Number),
      cents: sql<number>`${ranked.cents}`.mapWith(Number),
      byUnits: sql<number>`${ranked.byUnits}`.mapWith(Number),
      byRevenue: sql<number>`${ranked.byRevenue}`.mapWith(Number),
    })
    .from(ranked)
    .where(or(lte(ranked.byUnits, TOP_PRODUCTS_LIMIT), lte(ranked.byRevenue, TOP_PRODUCTS_LIMIT)));
}

/**
 * Appointments on the range's days per employee and status: one row per pair that has any, and a
 * row with a null status for an active employee without any.
 */
export const appointmentsByEmployee = (db: Db, range: DayRange) =>
  db
    .select({
      employeeId: employees.id,
      name: employees.name,
      status: sql<AppointmentStatus | null>`${appointments.status}`,
      count: count(appointments.id),
    })
    .from(employees)
    .leftJoin(
      appointments,
      and(eq(appointments.employeeId, employees.id), between(appointments.appointmentDate, range.from, range.to)),
    )
    .where(and(or(isNull(employees.archivedAt), isNotNull(appointments.id)), ofStore(employees.storeId, range)))
    .groupBy(employees.id, employees.name, appointments.status);

/** Catalogue products at or below the low-stock threshold, emptiest first. */
export const lowStock = (db: Db) =>
  db
    .select({ id: products.id, name: products.name, stock: products.stock })
    .from(products)
    .where(and(isNull(products.archivedAt), lte(products.stock, LOW_STOCK_THRESHOLD)))
    .orderBy(asc(products.stock), asc(products.name), asc(products.id));
