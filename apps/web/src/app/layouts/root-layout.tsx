import { Outlet, ScrollRestoration } from 'react-router';
import { Toaster } from '../../components/ui/toaster';

/** Wraps every route: the one toast container and scroll restoration between pages. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster />
      <ScrollRestoration />
    </>
  );
}
