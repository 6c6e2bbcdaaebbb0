import { ROLES } from '@petshop/domain';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { LoadingState } from '../../components/ui/spinner';
import { useSessionCheck } from './use-session-check';

/**
 * Admin pages: role 'admin' of the validated user, else /error (SPEC section 6). Placed inside
 * RequireSession, which handles the visitor and the expired session. Renders the child routes
 * when used as a route component.
 */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const check = useSessionCheck();
  switch (check.status) {
    case 'valid':
      if (check.user.role !== ROLES.admin) return <Navigate to="/error" replace />;
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
