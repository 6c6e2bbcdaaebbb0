import { lazy, Suspense } from 'react';
import { Route, Routes, useLocation } from 'react-router';
import { isAdminPath } from './admin-path';
import { PublicLayout } from './layouts/public-layout';
import { RootLayout } from './layouts/root-layout';
import { Lazy, Page } from './lazy-route';
import { layouts, pages } from './route-table';

/**
 * The shop's routes, declared as components: each page and each layout below the root is a chunk
 * of its own, so the landing page ships only the shell and itself (the router's data mode, with
 * its loaders and actions that the shop does not use, cost every page 16 KB more).
 */
// The back office's routes are not in the shop's entry chunk: they load the first time an /admin…
// address other than the hub is opened (until then such an address only reaches the catch-all).
const AdminRoutes = lazy(() => import('./admin-routes').then((module) => ({ default: module.AdminRoutes })));

function CatchAll() {
  const { pathname } = useLocation();
  // The till (/pos) is a back-office page too: its chunk never reaches the shop's pages.
  if (!isAdminPath(pathname) && pathname !== '/pos') return <Lazy route={pages.notFound.route} />;
  return (
    <Suspense fallback={null}>
      <AdminRoutes notFound={<Page route={pages.notFound.route} title={pages.notFound.title} />} />
    </Suspense>
  );
}

const at = (key: keyof typeof pages, path = pages[key].path.slice(1)) => (
  <Route key={key} path={path} element={<Lazy route={pages[key].route} />} />
);

export function AppRoutes() {
  return (
    <Routes>
      <Route element={<RootLayout />}>
        <Route element={<PublicLayout />}>
          <Route index element={<Lazy route={pages.welcome.route} />} />
        </Route>
        {at('error')}
        <Route element={<Lazy route={layouts.data} />}>
          {at('login')}
          {at('register')}
          {at('forgot')}
          {at('reset')}
          {at('acceptInvitation')}
          <Route element={<Lazy route={layouts.shop} />}>
            {at('home')}
            {at('products')}
            {at('category')}
            {at('specie')}
            {at('product')}
            {at('services')}
            {at('service')}
            <Route element={<Lazy route={layouts.private} />}>
              {at('cart')}
              {at('payments')}
              {at('order')}
              {at('user')}
              {at('pets')}
              {at('pet')}
            </Route>
            <Route element={<Lazy route={layouts.admin} />}>{at('admin')}</Route>
          </Route>
        </Route>
        <Route path="*" element={<CatchAll />} />
      </Route>
    </Routes>
  );
}
