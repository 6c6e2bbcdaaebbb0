import { Outlet } from 'react-router';
import { RequireAdmin } from '../guards/require-admin';
import { RequireSession } from '../guards/require-session';
import { AdminHeader } from './admin-header';
import { SiteMain } from './site-header';

export function AdminLayout() {
  return (
    <RequireSession visitor="error">
      <RequireAdmin>
        <AdminHeader />
        <SiteMain>
          <Outlet />
        </SiteMain>
      </RequireAdmin>
    </RequireSession>
  );
}

export { AdminLayout as Component };
