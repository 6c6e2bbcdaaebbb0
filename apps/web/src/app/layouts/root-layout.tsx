import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';

const Toaster = lazy(() => import('../../components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** Wraps every route: the one toast container, the page title and scroll restoration between pages. */
export function RootLayout() {
  usePageTitle();
  // A visit that starts on the landing page downloads sonner only once it leaves it (the landing
  // page raises no toast); once mounted the container stays, for a toast raised just before coming back to '/'.
  const { pathname } = useLocation();
  const [toasts, setToasts] = useState(pathname !== '/');
  if (!toasts && pathname !== '/') setToasts(true);
  return (
    <>
      <Outlet />
      {toasts && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
      <ScrollRestoration />
    </>
  );
}

/** 'Produtos | PetCare': the deepest route that names itself (its `handle`). */
function usePageTitle() {
  const name = useMatches()
    .map((match) => match.handle)
    .filter((handle) => typeof handle === 'string')
    .at(-1);
  useEffect(() => {
    document.title = name ? `${name} | PetCare` : 'PetCare — tudo para o seu pet';
  }, [name]);
}
