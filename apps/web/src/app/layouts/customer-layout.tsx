import { Outlet } from 'react-router';
import { RequireSession } from '../guards/require-session';
import { CustomerHeader } from './customer-header';
import { SiteMain } from './site-header';

export function CustomerLayout() {
  return (
    <RequireSession>
      <CustomerHeader />
      <SiteMain>
        <Outlet />
      </SiteMain>
    </RequireSession>
  );
}

export { CustomerLayout as Component };
