import { RecurringRevenueCard } from '../../features/plans/admin/components/recurring-revenue-card';
import { AdminDashboardPage } from '../../features/reports/admin/pages/admin-dashboard-page';

/** /adminDashboard: the period's figures and charts, then the subscriptions' recurring revenue. */
export function AdminDashboardRoute() {
  return (
    <>
      <AdminDashboardPage />
      <RecurringRevenueCard />
    </>
  );
}

export { AdminDashboardRoute as Component };
