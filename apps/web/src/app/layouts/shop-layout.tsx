import { ROLES } from '@petshop/domain';
import { Outlet } from 'react-router';
import { useSession } from '../../lib/session';
import { CustomerHeader } from './customer-header';
import { PublicHeader } from './public-header';
import { SiteMain } from './site-header';

/**
 * The shop's pages, open to visitors and customers alike: the header follows the audience, and
 * stays while a page loads or fails. Personal pages add RequireSession below this layout.
 */
export function ShopLayout() {
  const { user, token } = useSession();
  return (
    <>
      {user && token ? <CustomerHeader staff={user.role !== ROLES.customer} /> : <PublicHeader />}
      <SiteMain>
        <Outlet />
      </SiteMain>
    </>
  );
}

export { ShopLayout as Component };
