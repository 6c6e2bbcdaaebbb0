import { lazy, Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';

// Loaded after the first paint: the landing page shows no toasts, so sonner stays out of its bundle.
const Toaster = lazy(() => import('../../components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** Wraps every route: the one toast container and scroll restoration between pages. */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}
