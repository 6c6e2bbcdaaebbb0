import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingState } from '../../components/ui/spinner';
import { mayOpen } from '../staff-sections';
import { useSessionCheck } from './use-session-check';

/**
 * Back-office pages: the owner opens every one, other staff the sections of their role
 * (staff-sections.ts); anyone else goes to /error (SPEC section 6). Placed inside RequireSession,
 * which handles the visitor and the expired session. Renders the child routes when used as a route
 * component.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const check = useSessionCheck();
  const { pathname } = useLocation();
  switch (check.status) {
    case 'valid':
      if (!mayOpen(check.user.role, pathname)) return <Navigate to="/error" replace />;
      return children ?? <Outlet />;
    case 'unverified':
      return (
        <EmptyState
          message="Não foi possível verificar seu acesso. Tente novamente."
          action={<Button onClick={check.retry}>Tentar novamente</Button>}
        />
      );
    case 'anonymous':
      return <Navigate to="/error" replace />;
    default:
      return <LoadingState />;
  }
}
