import { lazy, Suspense, useEffect, useLayoutEffect, useState } from 'react';
import { Outlet, useLocation, useNavigationType } from 'react-router';
import { preloadModal } from '../../components/ui/modal';
import { onFirstToast, toastsRequested } from '../../lib/toast';
import { RouteErrorBoundary } from '../route-error';
import { pageTitle, preloadRoute } from '../route-table';
import { SandboxBanner } from './sandbox-banner';

const Toaster = lazy(() => import('../../components/ui/toaster').then((m) => ({ default: m.Toaster })));

/** Wraps every route: the page title, the error boundary, the one toast container, scrolling and preloading between pages. */
export function RootLayout() {
  const { pathname } = useLocation();
  useScrollToTop(pathname);
  useEffect(() => {
    const title = pageTitle(pathname);
    if (title) document.title = `${title} | PetCare`;
  }, [pathname]);
  usePreloadOnIntent();
  // The toast container (and sonner) is fetched with the first toast, not with every page.
  const [toasts, setToasts] = useState(toastsRequested);
  useEffect(() => (toasts ? undefined : onFirstToast(() => setToasts(true))), [toasts]);
  return (
    <>
      <SandboxBanner />
      <RouteErrorBoundary path={pathname}>
        <Outlet />
      </RouteErrorBoundary>
      {toasts && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}

/** A new page starts at the top; back and forward leave the browser's own scroll restoration alone. */
function useScrollToTop(pathname: string) {
  const type = useNavigationType();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the address is what triggers it
  useLayoutEffect(() => {
    if (type !== 'POP') window.scrollTo(0, 0);
  }, [pathname, type]);
}

/**
 * What the next tap needs is fetched when the pointer or the focus reaches it: a link's page chunks,
 * and for a button the dialog code (most buttons that are not links or a form's submit open one).
 */
function usePreloadOnIntent() {
  useEffect(() => {
    const onIntent = (event: Event) => {
      const target = event.target instanceof Element ? event.target : null;
      const href = target?.closest('a[href^="/"]')?.getAttribute('href');
      const button = target?.closest('button');
      if (href) preloadRoute(new URL(href, window.location.origin).pathname);
      // A form's submit button sends the form: reaching it ('Abrir caixa', 'Entrar') fetched Radix for nothing.
      else if (button && !(button.type === 'submit' && button.form)) preloadModal();
    };
    const events = ['pointerover', 'touchstart', 'focusin'] as const;
    for (const name of events) document.addEventListener(name, onIntent, { passive: true });
    return () => {
      for (const name of events) document.removeEventListener(name, onIntent);
    };
  }, []);
}
