import { ExpiringCreditsCard } from '../../features/packages/admin/components/expiring-credits-card';
import { RecurringRevenueCard } from '../../features/plans/admin/components/recurring-revenue-card';
import { AdminDashboardPage } from '../../features/reports/admin/pages/admin-dashboard-page';

/** /adminDashboard: the period's figures and charts, then the subscriptions' recurring revenue and the package credits about to expire. */
export function AdminDashboardRoute() {
  return (
    <>
      <AdminDashboardPage />
      <RecurringRevenueCard />
      <ExpiringCreditsCard />
    </>
  );
}

export { AdminDashboardRoute as Component };
