import type { ReportSummaryQuery } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { reportSummaryQueryOptions } from '../../../../api/reports';
import { storesQueryOptions } from '../../../../api/stores';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { Select } from '../../../../components/ui/select';
import { LoadingState } from '../../../../components/ui/spinner';
import { messageOf } from '../../../../lib/api-client';
import { EmployeeAppointmentsChart } from '../components/employee-appointments-chart';
import { LowStockTable } from '../components/low-stock-table';
import { OrdersStatusChart } from '../components/orders-status-chart';
import { PeriodPicker } from '../components/period-picker';
import { RevenueChart } from '../components/revenue-chart';
import { StoreFigures } from '../components/store-figures';
import { SummaryFigures } from '../components/summary-figures';
import { TopProductsChart } from '../components/top-products-chart';
import { periodFromSearch, storeFromSearch } from '../period';
import './admin-dashboard-page.css';

/**
 * /adminDashboard: the period's sales, appointments and low stock as figures, charts and tables;
 * with more than one active store, of one store or of all (their sum, store by store).
 */
export function AdminDashboardPage() {
  const [search, setSearch] = useSearchParams();
  const period = periodFromSearch(search);
  const storeId = storeFromSearch(search);
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = useQuery(
    reportSummaryQueryOptions({ ...period, storeId }),
  );
  // The stores to choose from are those the caller's whole report covers (every store for the
  // owner, a manager's own): the same query as the page's while no store is picked.
  const whole = useQuery(reportSummaryQueryOptions(period));
  const active = useQuery(storesQueryOptions());
  const activeIds = new Set(active.data?.map((store) => store.id));
  const choices = (whole.data?.byStore ?? []).filter((store) => activeIds.has(store.storeId));
  const severalStores = (active.data?.length ?? 0) > 1 && (choices.length > 1 || storeId !== undefined);
  const show = (next: ReportSummaryQuery) =>
    setSearch(
      new URLSearchParams({
        from: next.from,
        to: next.to,
        ...(next.storeId === undefined ? {} : { storeId: String(next.storeId) }),
      }),
      { replace: true },
    );
  const choose = (next: ReportSummaryQuery) => show({ ...next, storeId });
  const updating = isFetching && isPlaceholderData;

  return (
    <div className="admin-dashboard">
      <div className="admin-dashboard__header">
        <h1 className="admin-dashboard__title">Painel</h1>
        <div className="admin-dashboard__filters">
          {severalStores && (
            <Select
              label="Loja"
              name="storeId"
              className="admin-dashboard__store"
              value={storeId === undefined ? '' : String(storeId)}
              onValueChange={(value) => show({ ...period, storeId: value === '' ? undefined : Number(value) })}
            >
              <option value="">Todas as lojas</option>
              {choices.map((store) => (
                <option key={store.storeId} value={store.storeId}>
                  {store.name}
                </option>
              ))}
            </Select>
          )}
          <PeriodPicker key={`${period.from}:${period.to}`} period={period} onChange={choose} />
        </div>
      </div>
      <p className="visually-hidden" role="status">
        {updating ? 'Atualizando o painel...' : ''}
      </p>
      {isError ? (
        <EmptyState
          message={messageOf(error, 'Não foi possível carregar o painel. Verifique sua conexão e tente novamente.')}
          action={
            <Button variant="secondary" onClick={() => refetch()}>
              Tentar novamente
            </Button>
          }
        />
      ) : isPending ? (
        <LoadingState label="Carregando o painel..." />
      ) : (
        <div
          className="admin-dashboard__content"
          aria-busy={updating || undefined}
          data-updating={updating || undefined}
        >
          <SummaryFigures summary={data} />
          {severalStores && storeId === undefined && <StoreFigures summary={data} />}
          <div className="admin-dashboard__grid">
            <RevenueChart days={data.revenueByDay} paidOrders={data.revenue.paidOrders} />
            <OrdersStatusChart statuses={data.ordersByStatus} />
            <TopProductsChart summary={data} />
            <EmployeeAppointmentsChart employees={data.appointmentsByEmployee} />
          </div>
          <LowStockTable products={data.lowStock} />
        </div>
      )}
    </div>
  );
}

export { AdminDashboardPage as Component };
