import type { ReportSummaryQuery } from '@petshop/domain';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { reportSummaryQueryOptions } from '../../../../api/reports';
import { Button } from '../../../../components/ui/button';
import { EmptyState } from '../../../../components/ui/empty-state';
import { LoadingState } from '../../../../components/ui/spinner';
import { messageOf } from '../../../../lib/api-client';
import { EmployeeAppointmentsChart } from '../components/employee-appointments-chart';
import { LowStockTable } from '../components/low-stock-table';
import { OrdersStatusChart } from '../components/orders-status-chart';
import { PeriodPicker } from '../components/period-picker';
import { RevenueChart } from '../components/revenue-chart';
import { SummaryFigures } from '../components/summary-figures';
import { TopProductsChart } from '../components/top-products-chart';
import { periodFromSearch } from '../period';
import './admin-dashboard-page.css';

/** /adminDashboard: the period's sales, appointments and low stock as figures, charts and tables. */
export function AdminDashboardPage() {
  const [search, setSearch] = useSearchParams();
  const period = periodFromSearch(search);
  const { data, isPending, isError, error, refetch, isFetching, isPlaceholderData } = useQuery(
    reportSummaryQueryOptions(period),
  );
  const choose = (next: ReportSummaryQuery) =>
    setSearch(new URLSearchParams({ from: next.from, to: next.to }), { replace: true });
  const updating = isFetching && isPlaceholderData;

  return (
    <div className="admin-dashboard">
      <div className="admin-dashboard__header">
        <h1 className="admin-dashboard__title">Painel</h1>
        <PeriodPicker key={`${period.from}:${period.to}`} period={period} onChange={choose} />
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
