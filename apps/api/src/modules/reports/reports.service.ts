import {
  APPOINTMENT_STATUS,
  type AppointmentStatus,
  datesInRange,
  fromCents,
  ORDER_STATUS,
  type ReportProduct,
  type ReportSummary,
  type ReportSummaryQuery,
  TOP_PRODUCTS_LIMIT,
} from '@petshop/domain';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import type { AuthUser } from '../../lib/auth-user';
import { assertStoreAccess } from '../../lib/store-scope';
import * as stores from '../stores/stores.service';
import * as repo from './reports.repository';

const ORDER_STATUSES = Object.values(ORDER_STATUS);
const APPOINTMENT_STATUSES = Object.values(APPOINTMENT_STATUS);

type ProductRow = Awaited<ReturnType<typeof repo.topProducts>>[number];

const toProduct = (row: ProductRow): ReportProduct => ({
  productId: row.productId,
  name: row.name,
  units: row.units,
  revenue: fromCents(row.cents),
});

const topBy = (rows: ProductRow[], rank: 'byUnits' | 'byRevenue') =>
  rows
    .filter((row) => row[rank] <= TOP_PRODUCTS_LIMIT)
    .sort((a, b) => a[rank] - b[rank])
    .map(toProduct);

const statusCounts = (counts: Map<AppointmentStatus, number>) =>
  APPOINTMENT_STATUSES.map((status) => ({ status, count: counts.get(status) ?? 0 }));

/** Appointment rows (employee × status) as per-employee counts and shop-wide counts. */
function appointmentFigures(rows: Awaited<ReturnType<typeof repo.appointmentsByEmployee>>) {
  const shop = new Map<AppointmentStatus, number>();
  const people = new Map<number, { name: string; counts: Map<AppointmentStatus, number> }>();
  for (const row of rows) {
    const person = people.get(row.employeeId) ?? { name: row.name, counts: new Map() };
    people.set(row.employeeId, person);
    if (row.status === null) continue;
    person.counts.set(row.status, row.count);
    shop.set(row.status, (shop.get(row.status) ?? 0) + row.count);
  }
  const byEmployee = [...people.entries()]
    .map(([employeeId, { name, counts }]) => ({
      employeeId,
      name,
      total: [...counts.values()].reduce((sum, n) => sum + n, 0),
      byStatus: statusCounts(counts),
    }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name, 'pt-BR') || a.employeeId - b.employeeId);
  const noShows = shop.get(APPOINTMENT_STATUS.noShow) ?? 0;
  const finished = noShows + (shop.get(APPOINTMENT_STATUS.done) ?? 0);
  return {
    byStatus: statusCounts(shop),
    byEmployee,
    noShow: { rate: finished === 0 ? null : Math.round((noShows / finished) * 10_000) / 10_000, noShows, finished },
  };
}

/**
 * The stores a report covers: the one asked for (404 outside the caller's stores); without
 * `storeId`, every store for the owner and all of a manager's stores (the total is their sum).
 */
function reportStores(auth: AuthUser, storeId: number | undefined): readonly number[] | undefined {
  if (storeId !== undefined) {
    assertStoreAccess(auth, storeId, 'Loja não encontrada.');
    return [storeId];
  }
  if (auth.storeIds === 'all') return undefined;
  if (auth.storeIds.length === 0) throw notFound('Loja não encontrada.');
  return auth.storeIds;
}

/** GET /admin/reports/summary: every figure is an aggregate computed by the database. */
export async function summary(db: Db, query: ReportSummaryQuery, auth: AuthUser): Promise<ReportSummary> {
  const storeIds = reportStores(auth, query.storeId);
  const range: repo.DayRange = { from: query.from, to: query.to, storeIds };
  const [days, statuses, products, people, lowStock, storeRevenue, storeAppointments, allStores, services] =
    await Promise.all([
      repo.revenueByDay(db, range),
      repo.ordersByStatus(db, range),
      repo.topProducts(db, range),
      repo.appointmentsByEmployee(db, range),
      repo.lowStock(db),
      repo.revenueByStore(db, range),
      repo.appointmentsByStore(db, range),
      stores.listAll(db),
      repo.servicesDone(db, range),
    ]);
  // Each store the report covers; the shop's figures are their sum.
  const byStore = allStores
    .filter((store) => storeIds === undefined || storeIds.includes(store.id))
    .map((store) => {
      const money = storeRevenue.find((row) => row.storeId === store.id);
      return {
        storeId: store.id,
        name: store.name,
        revenue: fromCents(money?.cents ?? 0),
        paidOrders: money?.orders ?? 0,
        appointments: storeAppointments.find((row) => row.storeId === store.id)?.count ?? 0,
      };
    });
  const byDay = new Map(days.map((day) => [day.day, day]));
  const totalCents = days.reduce((sum, day) => sum + day.cents, 0);
  const paidOrders = days.reduce((sum, day) => sum + day.orders, 0);
  const orderCounts = new Map(statuses.map((row) => [row.status, row.count]));
  const appointmentsFigures = appointmentFigures(people);
  return {
    from: range.from,
    to: range.to,
    storeId: query.storeId ?? (storeIds?.length === 1 ? storeIds[0] : undefined) ?? null,
    byStore,
    revenue: {
      total: fromCents(totalCents),
      paidOrders,
      averageTicket: paidOrders === 0 ? null : fromCents(Math.round(totalCents / paidOrders)),
    },
    servicesRevenue: { total: fromCents(services.cents), done: services.count },
    totalRevenue: fromCents(totalCents + services.cents),
    revenueByDay: datesInRange(range.from, range.to).map((date) => ({
      date,
      revenue: fromCents(byDay.get(date)?.cents ?? 0),
      orders: byDay.get(date)?.orders ?? 0,
    })),
    ordersByStatus: ORDER_STATUSES.map((status) => ({ status, count: orderCounts.get(status) ?? 0 })),
    topProductsByUnits: topBy(products, 'byUnits'),
    topProductsByRevenue: topBy(products, 'byRevenue'),
    appointmentsByStatus: appointmentsFigures.byStatus,
    appointmentsByEmployee: appointmentsFigures.byEmployee,
    noShow: appointmentsFigures.noShow,
    lowStock,
  };
}
