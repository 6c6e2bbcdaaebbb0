import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { PublicHeader } from './public-header';
import { SiteMain } from './site-header';

/** The visitor look, also used by the guard to show the access-required screen. */
export function PublicShell({ children }: { children: ReactNode }) {
  return (
    <>
      <PublicHeader />
      <SiteMain>{children}</SiteMain>
    </>
  );
}

export function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}
